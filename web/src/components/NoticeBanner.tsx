import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, CloseIcon } from "./icons";

/** The outcome of the last action on a page, with an optional second line of details. */
export type Notice = { tone: "success" | "error"; text: string; details?: readonly string[] };

/** Said above a list; an error is announced at once, a success politely. */
export function NoticeBanner({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useTranslation();
  const error = notice.tone === "error";
  const details = notice.details ?? [];
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid="action-notice"
      className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm ${error ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      {error ? <AlertIcon className="mt-0.5 size-4 shrink-0" /> : <CheckIcon className="mt-0.5 size-4 shrink-0" />}
      <div className="min-w-0 flex-1">
        <p className={`break-words ${details.length > 0 ? "font-medium" : ""}`}>{notice.text}</p>
        {details.length > 0 && <p className="mt-0.5 text-xs break-words opacity-90">{details.join(" · ")}</p>}
      </div>
      <button type="button" onClick={onDismiss} aria-label={t("chat.dismiss")} className="-m-1 shrink-0 rounded p-1 opacity-70 hover:opacity-100">
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
