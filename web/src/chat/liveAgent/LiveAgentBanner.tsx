import { useTranslation } from "react-i18next";
import { HeadsetIcon, Spinner } from "../../components/icons";
import type { LiveAgentState } from "../../liveAgent/state";

/**
 * Above the input bar while the chat is with the live agent (spec 002 §2): connecting,
 * the place in the queue, connected, or the socket coming back after a drop.
 */
export function LiveAgentBanner({ state }: { state: LiveAgentState }) {
  const { t } = useTranslation();
  let text: string;
  let tone = "border-sky-200 bg-sky-50 text-sky-800";
  let spinning = true;
  switch (state.status) {
    case "authenticating":
    case "connecting":
      text = t("liveAgent.banner.connecting");
      break;
    case "queued":
      text = t("liveAgent.banner.queued", { position: state.position });
      tone = "border-amber-200 bg-amber-50 text-amber-800";
      break;
    case "connected":
      text = t("liveAgent.banner.connected");
      tone = "border-emerald-200 bg-emerald-50 text-emerald-800";
      spinning = false;
      break;
    case "disconnected":
      if (state.sessionId === null) return null;
      text = t("liveAgent.banner.reconnecting");
      tone = "border-amber-200 bg-amber-50 text-amber-800";
      break;
    default:
      return null;
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-3 sm:px-6">
      <div role="status" className={`mb-2 rounded-xl border px-3 py-2 text-sm ${tone}`}>
        <p data-testid="live-agent-banner" className="flex items-center gap-2 font-medium">
          {spinning ? <Spinner className="size-4" /> : <HeadsetIcon className="size-4" />}
          {text}
        </p>
        {state.status === "queued" && (
          <p className="mt-0.5 pl-6 text-xs" data-testid="live-agent-waiting">
            {t("liveAgent.waitingHint")}
          </p>
        )}
      </div>
    </div>
  );
}
