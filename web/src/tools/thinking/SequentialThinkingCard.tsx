import { useTranslation } from "react-i18next";
import { BulbIcon } from "../../components/moreIcons";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { type Thought, readThought } from "./thought";

/** sequentialThinkingTool (spec 001 §2.5): the thought of one step. */
export function SequentialThinkingCard({ invocation }: ToolCardProps) {
  const { t } = useTranslation();
  const thought = readThought(invocation.output, invocation.input);
  const title =
    thought?.number !== undefined
      ? t("thinking.step", { n: thought.number, total: thought.total ?? thought.number })
      : t("thinking.title");

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<BulbIcon className="size-4.5" />}
      accent="amber"
      title={title}
      runningLabel={t("thinking.running")}
      summary={thought?.nextNeeded === false ? t("thinking.final") : thought?.nextNeeded ? t("thinking.more") : undefined}
      runningDetail={thought ? <ThoughtText thought={thought} /> : undefined}
      defaultOpen
    >
      {thought ? <ThoughtText thought={thought} /> : <p className="text-sm text-slate-500">{t("tools.noResult")}</p>}
    </ToolCardShell>
  );
}

function ThoughtText({ thought }: { thought: Thought }) {
  const { t } = useTranslation();
  return (
    <div>
      {(thought.revises !== undefined || thought.branchFrom !== undefined) && (
        <p className="mb-1.5 flex flex-wrap gap-1.5 text-[11px] font-medium">
          {thought.revises !== undefined && <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">{t("thinking.revises", { n: thought.revises })}</span>}
          {thought.branchFrom !== undefined && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
              {t("thinking.branch", { id: thought.branchId ?? "", n: thought.branchFrom })}
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
