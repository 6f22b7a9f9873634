import { useTranslation } from "react-i18next";
import { HeadsetIcon, Spinner } from "../../components/icons";
import { useLiveAgentContext } from "../../liveAgent/context";
import { reportUnavailable } from "../../liveAgent/notices";
import type { LiveAgentStatus } from "../../liveAgent/state";

type ButtonLabel = "connect" | "cancel" | "leaveQueue" | "retry" | "connected";

/** The button's label by connection state (spec 001 §2.1). */
export const CONNECT_BUTTON_LABEL: Record<LiveAgentStatus, ButtonLabel> = {
  idle: "connect",
  disconnected: "connect",
  error: "retry",
  authenticating: "cancel",
  connecting: "cancel",
  disconnecting: "cancel",
  queued: "leaveQueue",
  connected: "connected",
};

/**
 * Under an assistant message whose last tool is connectLiveAgent with a result: connect, cancel,
 * leave the queue, retry after a failure, or 'Connected' (disabled).
 */
export function ConnectLiveAgentButton() {
  const { t } = useTranslation();
  const live = useLiveAgentContext();
  const status = live?.state.status ?? "idle";
  const label = CONNECT_BUTTON_LABEL[status];
  const busy = status === "authenticating" || status === "connecting" || status === "disconnecting";

  const onClick = () => {
    if (!live?.available) {
      reportUnavailable();
      return;
    }
    if (label === "cancel" || label === "leaveQueue") live.leave();
    else if (label === "connect" || label === "retry") live.connect();
  };

  const tone =
    label === "connected"
      ? "border-emerald-200 bg-emerald-50 text-emerald-800"
      : label === "retry"
        ? "border-red-200 bg-red-50 text-red-700 hover:bg-red-100"
        : label === "connect"
          ? "border-teal-500 bg-teal-500 text-navy-950 hover:bg-teal-400"
          : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50";

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={label === "connected" || status === "disconnecting"}
      data-testid="connect-live-agent"
      data-state={status}
      className={`mt-2 inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium transition disabled:cursor-default ${tone}`}
    >
      {busy ? <Spinner className="size-4" /> : <HeadsetIcon className="size-4" />}
      {t(`liveAgent.${label}`)}
    </button>
  );
}
