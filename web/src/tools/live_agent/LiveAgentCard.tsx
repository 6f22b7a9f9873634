import { useTranslation } from "react-i18next";
import { HeadsetIcon } from "../../components/icons";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { readConnectOutput } from "./tool";

/** The reason the tool gives when the model gives none (docs/live-agent.md, "The tool"): shown in the reader's language. */
const DEFAULT_REASON = "The user asked to talk to a person";

/**
 * connectLiveAgent's card: the assistant offers a person. The connect button itself goes
 * under the message (chat/liveAgent/ConnectLiveAgentButton), where it follows the
 * connection's state.
 */
export function LiveAgentCard({ invocation }: ToolCardProps<"connectLiveAgent">) {
  const { t } = useTranslation();
  const output = readConnectOutput(invocation.output);
  const summary = output ? (output.offered ? t("live_agent.offered") : t("live_agent.notOffered")) : undefined;
  return (
    <ToolCardShell
      invocation={invocation}
      icon={<HeadsetIcon className="size-4.5" />}
      accent="emerald"
      title={t("live_agent.title")}
      runningLabel={t("live_agent.running")}
      summary={summary}
      failure={invocation.phase === "completed" && !output ? t("tools.noResult") : undefined}
      defaultOpen
    >
      {output?.reason && (
        <p className="text-sm whitespace-pre-wrap text-slate-700" data-testid="live-agent-reason">
          {t("live_agent.reason", { reason: output.reason === DEFAULT_REASON ? t("live_agent.defaultReason") : output.reason })}
        </p>
      )}
    </ToolCardShell>
  );
}
