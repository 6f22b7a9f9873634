import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cut } from "../../lib/text";
import { SubAgentProgressView } from "../shell/SubAgentProgress";
import { ToolCardShell } from "../shell/ToolCardShell";
import { useToolCall } from "../shell/toolCall";
import type { ToolCardProps } from "../types";
import { DelegateIcon } from "./icons";

/** Characters of the sub-agent's answer in the card's header line. */
const SUMMARY_CHARS = 120;

/**
 * provingDelegateTool: runs a sub-agent, whose progress (steps, tool calls, text) streams
 * into this card as the `data-subagent` part and stays there once it is done.
 */
export function ProvingDelegateCard({ invocation }: ToolCardProps<"provingDelegateTool">) {
  const { t } = useTranslation();
  const progress = useToolCall(invocation).data.subagent;
  const report = invocation.output;
  const task = invocation.input?.task;

  const detail: ReactNode = (
    <>
      {task && (
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-800">{t("proving.delegate.task")}:</span> {task}
        </p>
      )}
      {progress && <SubAgentProgressView progress={progress} />}
    </>
  );

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<DelegateIcon className="size-4" />}
      accent="violet"
      title={t("proving.delegate.title")}
      runningLabel={progress ? t("proving.delegate.working", { steps: progress.steps }) : t("proving.delegate.starting")}
      runningDetail={detail}
      failureDetail={progress && <SubAgentProgressView progress={progress} />}
      summary={report ? t("proving.delegate.done", { text: cut(report.text.trim(), SUMMARY_CHARS) }) : undefined}
      defaultOpen
    >
      {detail}
      {/* A stored chat may lack the progress part: the result still says what came back. */}
      {report && !progress && (
        <SubAgentProgressView
          progress={{ status: "completed", text: report.text, steps: report.steps, toolCalls: report.toolCalls.map((name, i) => ({ id: `${i}`, name, state: "done" })) }}
        />
      )}
    </ToolCardShell>
  );
}
