import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, PlusIcon, Spinner } from "./icons";
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

/**
 * A list with nothing in it yet: its icon, what the things are for, and the button that
 * makes the first one. `framed` sets it on a card of its own.
 */
export function ListEmpty(props: { icon: ReactNode; tint: string; title: string; body: string; action: string; onAction: () => void; testId: string; framed?: boolean }) {
  const { icon, tint, title, body, action, onAction, testId, framed = false } = props;
  const frame = framed ? "rounded-2xl border border-slate-200 bg-white shadow-sm" : "";
  return (
    <div className={`mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center ${frame}`} data-testid={testId}>
      <span className={`grid size-12 place-items-center rounded-xl ${tint}`}>{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-navy-950">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{body}</p>
      <button type="button" className={`${buttonClass.primary} mt-6 gap-1.5`} onClick={onAction}>
        <PlusIcon className="size-4" />
        {action}
      </button>
    </div>
  );
}
