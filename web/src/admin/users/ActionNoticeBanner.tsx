import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, CloseIcon } from "../../components/icons";
import type { ActionNotice } from "./useMemberActions";

/** The outcome of the last row action; an error is announced at once, a success politely. */
export function ActionNoticeBanner({ notice, onDismiss }: { notice: ActionNotice; onDismiss: () => void }) {
  const { t } = useTranslation();
  const error = notice.tone === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid="action-notice"
      className={`flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm ${error ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
    >
      {error ? <AlertIcon className="mt-0.5 size-4 shrink-0" /> : <CheckIcon className="mt-0.5 size-4 shrink-0" />}
      <p className="min-w-0 flex-1 break-words">{notice.text}</p>
      <button type="button" onClick={onDismiss} aria-label={t("chat.dismiss")} className="-m-1 shrink-0 rounded p-1 opacity-70 hover:opacity-100">
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
