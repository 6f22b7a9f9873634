import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, Spinner } from "../../components/icons";
import type { SubAgentProgress } from "./toolCall";

const CALL_ICON = {
  running: <Spinner className="size-3.5 text-teal-600" />,
  done: <CheckIcon className="size-3.5 text-teal-600" />,
  failed: <AlertIcon className="size-3.5 text-red-600" />,
} satisfies Record<SubAgentProgress["toolCalls"][number]["state"], unknown>;

/**
 * A sub-agent at work in the card of the tool that started it (DESIGN §4, "Nested
 * runs"), from its `data-subagent` part: where it is, its steps, each tool call it made
 * with its state, and its text so far. Any tool that delegates shows it the same way.
 */
export function SubAgentProgressView({ progress }: { progress: SubAgentProgress }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-sm" data-testid="subagent-progress" data-status={progress.status}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
        <span className="font-medium text-slate-800" data-testid="subagent-status">
          {t(`tools.subAgent.status.${progress.status}`)}
        </span>
        <span data-testid="subagent-steps">{t("tools.subAgent.steps", { n: progress.steps })}</span>
      </p>
      {progress.toolCalls.length > 0 && (
        <div>
          <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{t("tools.subAgent.calls")}</p>
          <ul className="space-y-1" data-testid="subagent-calls">
            {progress.toolCalls.map((call) => (
              <li key={call.id} className="flex items-center gap-2" data-state={call.state}>
                {CALL_ICON[call.state]}
                <code className="font-mono text-xs text-slate-800">{call.name}</code>
                <span className="text-xs text-slate-500">{t(`tools.subAgent.callState.${call.state}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {progress.text && (
        <div>
          <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{t("tools.subAgent.answer")}</p>
          <p className="rounded-md bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-800" data-testid="subagent-text">
            {progress.text}
          </p>
        </div>
      )}
    </div>
  );
}
