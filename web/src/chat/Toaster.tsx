import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CloseIcon } from "../components/icons";
import { NOTICE_MS, type Notice, useNotices } from "./notices";

function Toast({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const dismiss = useNotices((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.id), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice.id, dismiss]);
  const tone = notice.tone === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900";
  return (
    <div role={notice.tone === "error" ? "alert" : "status"} className={`pointer-events-auto flex items-start gap-2 rounded-xl border px-3.5 py-3 text-sm shadow-lg ${tone}`} data-testid="notice">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1">{notice.text}</p>
      <button type="button" onClick={() => dismiss(notice.id)} aria-label={t("chat.dismiss")} className="rounded p-0.5 opacity-60 hover:opacity-100">
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** Where notices appear: bottom right on wide screens, top on small ones. */
export function Toaster() {
  const { t } = useTranslation();
  const notices = useNotices((s) => s.notices);
  return (
    <section aria-label={t("chat.notifications")} className="pointer-events-none fixed inset-x-3 top-3 z-[60] flex flex-col gap-2 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:w-96">
      {notices.map((n) => (
        <Toast key={n.id} notice={n} />
      ))}
    </section>
  );
}
