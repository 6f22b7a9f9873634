import { useTranslation } from "react-i18next";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { BulbIcon } from "./icons";
import { type ShownThought, thoughtOf } from "./thought";

/** sequentialThinkingTool (spec 001 §2.5): the thought of one step. */
export function SequentialThinkingCard({ invocation }: ToolCardProps<"sequentialThinkingTool">) {
  const { t } = useTranslation();
  const thought = thoughtOf(invocation.output, invocation.input);
  const title =
    thought?.thoughtNumber !== undefined
      ? t("thinking.step", { n: thought.thoughtNumber, total: thought.totalThoughts ?? thought.thoughtNumber })
      : t("thinking.title");

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<BulbIcon className="size-4.5" />}
      accent="amber"
      title={title}
      runningLabel={t("thinking.running")}
      summary={thought?.nextThoughtNeeded === false ? t("thinking.final") : thought?.nextThoughtNeeded ? t("thinking.more") : undefined}
      runningDetail={thought ? <ThoughtText thought={thought} /> : undefined}
      defaultOpen
    >
      {thought ? <ThoughtText thought={thought} /> : <p className="text-sm text-slate-500">{t("tools.noResult")}</p>}
    </ToolCardShell>
  );
}

function ThoughtText({ thought }: { thought: ShownThought }) {
  const { t } = useTranslation();
  const revises = thought.isRevision ? thought.revisesThought : undefined;
  const branchFrom = thought.branchFromThought;
  return (
    <div>
      {(revises !== undefined || branchFrom !== undefined) && (
        <p className="mb-1.5 flex flex-wrap gap-1.5 text-[11px] font-medium">
          {revises !== undefined && <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">{t("thinking.revises", { n: revises })}</span>}
          {branchFrom !== undefined && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
              {t("thinking.branch", { id: thought.branchId ?? "", n: branchFrom })}
            </span>
          )}
        </p>
      )}
      <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800" data-testid="thought">
        {thought.thought}
      </p>
    </div>
  );
}
