import { useTranslation } from "react-i18next";
import { AlertIcon, Spinner } from "./icons";
import { buttonClass } from "./ui/Dialog";

/** A list's loading line, for the pages that list things (users, systems, cubes, dashboards). */
export function ListLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 px-4 py-10 text-sm text-slate-500">
      <Spinner className="size-4" />
      {label}
    </p>
  );
}

/** A list that could not be loaded, with a retry. */
export function ListLoadFailed({ label, onRetry }: { label: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 px-4 py-8 text-sm text-red-800">
      <AlertIcon className="size-5 shrink-0" />
      <span>{label}</span>
      <button type="button" className={buttonClass.secondary} onClick={onRetry}>
        {t("chat.retry")}
      </button>
    </div>
  );
}
