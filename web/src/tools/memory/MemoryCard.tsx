import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IconProps } from "../../components/icons";
import { isRecord, str } from "../../lib/values";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { DeleteMemoryIcon, SaveMemoryIcon, SearchMemoryIcon } from "./icons";
import { type MemoryTool, TOOL_KEY, parametersOf, readMemory } from "./memory";
import { ChangedView, Parameters, RawView, SearchView } from "./views";

const ICON: { readonly [N in MemoryTool]: (props: IconProps) => ReactNode } = {
  searchMemories: SearchMemoryIcon,
  saveMemory: SaveMemoryIcon,
  deleteMemory: DeleteMemoryIcon,
};

/**
 * The memory card (spec 001 §2.6), one for the three memory tools: 'Memory Search: {query}'
 * with 'Found N memories' or 'No memories found', and each memory found (its text cut at
 * 80 characters, whose it is, its importance and source, its score and when it was
 * saved); 'Save Memory' and 'Delete Memory', which ask first (the shell's Approve and
 * Deny, with what exactly will be kept or forgotten), then 'Memory saved' or 'Memory
 * deleted' with the memory. A failure reads 'Failed to search memories', 'Failed to add
 * memory' or 'Failed to delete memory', then the error. Folded until clicked.
 */
export function MemoryCard<N extends MemoryTool>({ invocation }: ToolCardProps<N>) {
  const { t } = useTranslation();
  const tool: MemoryTool = invocation.toolName;
  const key = TOOL_KEY[tool];
  const reading = readMemory(tool, invocation.output);
  const result = reading && "result" in reading ? reading.result : undefined;
  const Icon = ICON[tool];

  let title: string;
  if (tool === "searchMemories") {
    // The query the result answers (an older result of another shape may still name it), else the one asked.
    const raw = reading && "raw" in reading && isRecord(reading.raw) ? reading.raw : undefined;
    const query = (result && "query" in result ? result.query : str(raw?.query))?.trim() || parametersOf(invocation.input).query;
    title = query ? t("memory.titles.searchFor", { query }) : t("memory.titles.search");
  } else {
    title = t(`memory.titles.${TOOL_KEY[tool]}`);
  }

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = t(`memory.failed.${key}`, { error: invocation.errorText?.trim() || t("tools.unknownError") });
  else if (reading && "failed" in reading) failure = t(`memory.failed.${key}`, { error: reading.failed || t("tools.unknownError") });

  let summary: string | undefined;
  if (result && "memories" in result) summary = result.memories.length === 0 ? t("memory.results.searchNone") : t("memory.results.search", { count: result.memories.length });
  else if (result) summary = tool === "deleteMemory" ? t("memory.results.delete") : t("memory.results.save");

  const parameters = <Parameters tool={tool} input={invocation.input} />;

  let body: ReactNode = null;
  if (reading && "raw" in reading) body = <RawView output={reading.raw} />;
  else if (result && "memories" in result) body = <SearchView result={result} />;
  else if (result && tool !== "searchMemories" && "memory" in result) body = <ChangedView tool={tool} result={result} />;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<Icon className="size-4.5" />}
      accent="violet"
      title={title}
      runningLabel={t(`memory.running.${key}`)}
      summary={summary}
      failure={failure}
      runningDetail={parameters}
      failureDetail={parameters}
      approvalSummary={<ApprovalSummary tool={tool} input={invocation.input} denied={invocation.phase === "denied"} parameters={parameters} />}
    >
      {tool === "searchMemories" && parameters}
      {body}
    </ToolCardShell>
  );
}

/**
 * What a call that changes the memories will do, over its parameters: 'Remembers this
 * for you:' (or for everyone in the company), 'Forgets this memory:'. After a denial (the
 * shell says it did not run), the parameters alone.
 */
function ApprovalSummary({ tool, input, denied, parameters }: { tool: MemoryTool; input: unknown; denied: boolean; parameters: ReactNode }) {
  const { t } = useTranslation();
  let lead: string | undefined;
  if (tool === "saveMemory") lead = parametersOf(input).memoryType === "system" ? t("memory.approval.saveSystem") : t("memory.approval.savePersonal");
  else if (tool === "deleteMemory") lead = t("memory.approval.delete");
  return (
    <>
      {lead && !denied && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="memory-approval-lead">
          {lead}
        </p>
      )}
      {parameters}
    </>
  );
}
