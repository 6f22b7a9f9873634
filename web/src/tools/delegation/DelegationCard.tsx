import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, Spinner } from "../../components/icons";
import { bounded, cut } from "../../lib/text";
import { Markdown } from "../../markdown/Markdown";
import { SubAgentProgressView } from "../shell/SubAgentProgress";
import { ToolCardShell } from "../shell/ToolCardShell";
import { type SubAgentProgress, useToolCall } from "../shell/toolCall";
import type { OutputOf, ToolCardProps } from "../types";
import { AGENT_NAMES, type DelegationBadge, badgeOf, isAgentId } from "./agents";
import { HandOffIcon } from "./icons";
import { CONTENT_PREVIEW_CHARS, CONTENT_PREVIEW_LINES } from "./limits";

/**
 * delegateToAgent (spec 001 §2.15): a task handed to one of the specialised agents. The
 * card names the agent (name, domain, id) under a badge that follows the call's state
 * (§4), shows the instruction, the agent's progress while it works (the `data-subagent`
 * part), then how much it wrote, its answer as markdown and the tool calls it made — or
 * the error, 'Unknown error occurred' when none was given (§8).
 */
export function DelegationCard({ invocation }: ToolCardProps<"delegateToAgent">) {
  const { t, i18n } = useTranslation();
  const { data, answerable } = useToolCall(invocation);
  const progress = data.subagent;
  const result = invocation.output;
  const agentId = result?.agentId ?? invocation.input?.agentId;
  const name = result?.agentName?.trim() || (isAgentId(agentId) ? AGENT_NAMES[agentId] : agentId);
  const instruction = result?.instruction ?? invocation.input?.instruction;
  const badge = badgeOf(invocation, answerable);

  // The call failed, or the agent's result says it did not succeed.
  const failure =
    invocation.phase === "failed"
      ? invocation.errorText?.trim() || t("delegation.unknownError")
      : result && !result.success
        ? result.error?.trim() || t("delegation.unknownError")
        : undefined;
  const generated = result ? t("delegation.generated", { n: new Intl.NumberFormat(i18n.language).format(result.contentLength) }) : undefined;
  // Closed, the card leads with what the agent answered; how much it wrote is the footnote.
  const gist = result?.success ? firstLine(result.content) : undefined;

  const about: ReactNode = (
    <>
      <AgentLine agentId={agentId} name={name} badge={badge} />
      {instruction && <Instruction text={instruction} />}
    </>
  );

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<HandOffIcon className="size-4.5" />}
      accent="violet"
      title={name ? t("delegation.title", { agent: name }) : t("delegation.titlePlain")}
      runningLabel={t(invocation.phase === "preparing" ? "delegation.badge.preparing" : "delegation.badge.executing")}
      summary={gist || generated}
      failure={failure}
      runningDetail={
        <>
          {about}
          {progress && <SubAgentProgressView progress={progress} />}
        </>
      }
      failureDetail={
        <>
          {about}
          {progress ? <SubAgentProgressView progress={progress} /> : result && <ToolCalls calls={callsOf(result, progress)} />}
        </>
      }
      defaultOpen
    >
      {about}
      {result && (
        <>
          <Answer content={result.content} />
          <p className="text-xs text-slate-500" data-testid="delegation-generated">
            {generated}
            <span className="text-slate-400"> · </span>
            <span data-testid="delegation-steps">{t("tools.subAgent.steps", { n: result.steps })}</span>
          </p>
          {/* A stored chat may lack the progress part: the result still lists the calls. */}
          <ToolCalls calls={callsOf(result, progress)} />
        </>
      )}
    </ToolCardShell>
  );
}

/** The answer's first line of words, without markdown's marks, cut for a card's header. */
export function firstLine(content: string): string {
  const line = content
    .split("\n")
    .map((l) => l.replace(/^\s*(#{1,6}\s+|[-*+]\s+|>\s*|\d+[.)]\s+)/, "").replace(/[*_`~]+/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").trim())
    .find((l) => l && !/^[|:\-\s]+$/.test(l));
  return line ? cut(line, 100) : "";
}

type Call = SubAgentProgress["toolCalls"][number];

/** The agent's tool calls: with their states from its progress, else by name from the result. */
function callsOf(result: OutputOf<"delegateToAgent">, progress: SubAgentProgress | undefined): readonly Call[] {
  if (progress && progress.toolCalls.length >= result.toolCalls.length) return progress.toolCalls;
  return result.toolCalls.map((name, i) => ({ id: `${i}`, name, state: "done" }));
}

const BADGE_TONE: Record<DelegationBadge, string> = {
  preparing: "bg-slate-100 text-slate-700",
  executing: "bg-sky-50 text-sky-800",
  completed: "bg-teal-50 text-teal-800",
  failed: "bg-red-50 text-red-800",
  stopped: "bg-slate-100 text-slate-600",
};

/** The agent: its name and status badge, its domain, its id. */
function AgentLine({ agentId, name, badge }: { agentId: string | undefined; name: string | undefined; badge: DelegationBadge | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-3" data-testid="delegation-agent">
      <div className="min-w-0 flex-1">
        {name && (
          <p className="text-sm font-medium break-words text-slate-900" data-testid="delegation-agent-name">
            {name}
          </p>
        )}
        {isAgentId(agentId) && (
          <p className="text-xs text-slate-600" data-testid="delegation-agent-domain">
            {t(`delegation.domain.${agentId}`)}
          </p>
        )}
        {agentId && (
          <p className="mt-0.5 text-xs text-slate-500">
            <span className="sr-only">{t("delegation.agentId")}: </span>
            <code className="font-mono break-all text-slate-700" data-testid="delegation-agent-id">
              {agentId}
            </code>
          </p>
        )}
      </div>
      {badge && (
        <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${BADGE_TONE[badge]}`} data-testid="delegation-badge" data-badge={badge}>
          {badge === "executing" && <Spinner className="size-3" />}
          {t(`delegation.badge.${badge}`)}
        </span>
      )}
    </div>
  );
}

function Label({ children }: { children: ReactNode }) {
  return <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{children}</p>;
}

function Instruction({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Label>{t("delegation.instruction")}</Label>
      <p className="max-h-40 overflow-auto rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="delegation-instruction">
        {text}
      </p>
    </div>
  );
}

/**
 * The agent's answer as markdown (sanitised: raw HTML reads as text). A long one shows
 * its first lines, its unfinished syntax closed, until "Show all".
 */
function Answer({ content }: { content: string }) {
  const { t } = useTranslation();
  const [whole, setWhole] = useState(false);
  if (!content.trim()) {
    return (
      <p className="text-sm text-slate-500 italic" data-testid="delegation-content">
        {t("delegation.noContent")}
      </p>
    );
  }
  const preview = bounded(content, CONTENT_PREVIEW_LINES, CONTENT_PREVIEW_CHARS).text;
  const long = preview !== content;
  const cut = long && !whole;
  return (
    <div>
      <Label>{t("delegation.content")}</Label>
      <div className="rounded-md border border-slate-100 px-3 py-2 text-sm" data-testid="delegation-content" data-collapsed={cut || undefined}>
        <Markdown text={cut ? preview : content} streaming={cut} />
      </div>
      {long && (
        <button
          type="button"
          aria-expanded={whole}
          onClick={() => setWhole((w) => !w)}
          className="mt-1 text-xs font-medium text-teal-700 hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {whole ? t("delegation.showLess") : t("delegation.showAll")}
        </button>
      )}
    </div>
  );
}

const CALL_ICON: Record<Call["state"], ReactNode> = {
  running: <Spinner className="size-3.5 text-teal-600" />,
  done: <CheckIcon className="size-3.5 text-teal-600" />,
  failed: <AlertIcon className="size-3.5 text-red-600" />,
};

function ToolCalls({ calls }: { calls: readonly Call[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <Label>{t("delegation.toolCalls")}</Label>
      {calls.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="delegation-calls">
          {t("delegation.noToolCalls")}
        </p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="delegation-calls">
          {calls.map((call) => (
            <li key={call.id} className="flex items-center gap-2" data-state={call.state}>
              {CALL_ICON[call.state]}
              <code className="font-mono text-xs text-slate-800">{call.name}</code>
              <span className="text-xs text-slate-500">{t(`tools.subAgent.callState.${call.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
