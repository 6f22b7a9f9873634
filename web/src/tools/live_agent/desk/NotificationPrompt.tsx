import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BellIcon } from "../../../components/icons";
import { type NotificationState, askNotifications, declineNotifications, notificationState, notificationsDeclined, unlockAudio } from "./alerts";

/**
 * Offers browser notifications for new arrivals in the queue, asking the browser only
 * when the agent clicks (browsers ignore or penalise asking unprompted). A refusal is
 * respected: the desk says it still chimes, and never asks again.
 */
export function NotificationPrompt() {
  const { t } = useTranslation();
  const [state, setState] = useState<NotificationState>(notificationState);
  const [declined, setDeclined] = useState(notificationsDeclined);

  if (state === "granted" || state === "unsupported") return null;
  if (state === "denied") {
    return (
      <p className="flex items-center gap-2 text-xs text-slate-500" data-testid="desk-notifications-denied">
        <BellIcon className="size-4" />
        {t("live_agent.desk.notificationsDenied")}
      </p>
    );
  }
  if (declined) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-teal-200 bg-teal-50 px-4 py-3 text-sm text-teal-950" role="region" aria-label={t("live_agent.desk.notificationsTitle")}>
      <BellIcon className="size-5 shrink-0 text-teal-700" />
      <p className="min-w-0 flex-1">{t("live_agent.desk.notificationsAsk")}</p>
      <button
        type="button"
        className="rounded-lg bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800"
        onClick={() => {
          unlockAudio();
          void askNotifications().then(setState);
        }}
      >
        {t("live_agent.desk.notificationsAllow")}
      </button>
      <button
        type="button"
        className="rounded-lg px-3 py-1.5 font-medium text-teal-800 hover:bg-teal-100"
        onClick={() => {
          declineNotifications();
          setDeclined(true);
        }}
      >
        {t("live_agent.desk.notificationsLater")}
      </button>
    </div>
  );
}
