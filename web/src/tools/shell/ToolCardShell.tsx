import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, ChevronRight, Spinner } from "../../components/icons";
import { PanelRightIcon } from "../../components/moreIcons";
import type { ToolInvocation } from "../types";
import { useToolArtifact } from "./useToolArtifact";

export type Accent = "slate" | "sky" | "amber" | "violet" | "emerald" | "rose";

const ACCENT: Record<Accent, string> = {
  slate: "bg-slate-100 text-slate-600",
  sky: "bg-sky-50 text-sky-600",
  amber: "bg-amber-50 text-amber-600",
  violet: "bg-violet-50 text-violet-600",
  emerald: "bg-emerald-50 text-emerald-600",
  rose: "bg-rose-50 text-rose-600",
};

export type ToolCardShellProps = {
  invocation: ToolInvocation;
  icon: ReactNode;
  accent?: Accent;
  /** The header's title; a failed call shows 'Tool Call Failed' with this under it. */
  title: string;
  /** The line under the title once the tool has answered. */
  summary?: ReactNode;
  /** The line under the title while the tool runs; 'Processing...' unless given. */
  runningLabel?: string;
  /** A failure the result itself reports (`success: false`), shown like a failed call. */
  failure?: string;
  /** The expanded card once the tool has answered. */
  children?: ReactNode;
  /** The expanded card while the tool runs (the skeleton shows otherwise). */
  runningDetail?: ReactNode;
  /** More to show under the error of a failed call. */
  failureDetail?: ReactNode;
  /** Cards whose answer is the point (weather, time) start open. Failures always do. */
  defaultOpen?: boolean;
};

/**
 * What every tool card shares (spec 001 §1): a header that expands or collapses the card
 * on click, a skeleton while the tool is prepared or runs, an error card when it fails,
 * and — when the result carries an artifact — registering it for the message and opening
 * it in the side panel on click.
 */
export function ToolCardShell(props: ToolCardShellProps) {
  const { invocation, icon, accent = "slate", title, summary, runningLabel, failure, children, runningDetail, failureDetail, defaultOpen = false } = props;
  const { t } = useTranslation();
  const { phase, toolName } = invocation;
  const running = phase === "preparing" || phase === "executing";
  const failed = phase === "failed" || (!running && failure !== undefined);
  const [open, setOpen] = useState(defaultOpen || failed);
  const [wasFailed, setWasFailed] = useState(failed);
  if (failed !== wasFailed) {
    // A call that fails while shown opens to say why.
    setWasFailed(failed);
    if (failed) setOpen(true);
  }
  const { artifact, open: openArtifact } = useToolArtifact(invocation);
  const bodyId = useId();

  const errorText = failure ?? invocation.errorText ?? t("tools.unknownError");
  const statusIcon = running ? (
    <Spinner className="size-3.5 text-teal-600" />
  ) : failed ? (
    <AlertIcon className="size-3.5 text-red-600" />
  ) : (
    <CheckIcon className="size-3.5 text-teal-600" />
  );
  const status = running ? (runningLabel ?? t("tools.processing")) : failed ? title : summary;

  const onClick = () => {
    setOpen((o) => !o);
    if (artifact) openArtifact();
  };

  let body: ReactNode = null;
  if (failed) {
    body = (
      <>
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-red-800" data-testid="tool-error">
          {errorText}
        </p>
        {failureDetail}
      </>
    );
  } else if (running) {
    body = runningDetail;
  } else {
    body = children;
  }

  return (
    <div
      className={`my-2 w-full max-w-xl overflow-hidden rounded-xl border bg-white shadow-xs ${failed ? "border-red-200" : "border-slate-200"}`}
      data-testid="tool-card"
      data-tool={toolName}
      data-phase={failed ? "failed" : phase}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onClick}
        className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
      >
        <span className={`grid size-8 shrink-0 place-items-center rounded-lg ${failed ? "bg-red-50 text-red-600" : ACCENT[accent]}`}>{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="tool-title">
            {failed ? t("tools.failed") : title}
          </span>
          {(status !== undefined || running) && (
            <span className="flex items-center gap-1.5 text-xs text-slate-500">
              {statusIcon}
              <span className="truncate" data-testid="tool-status">
                {status}
              </span>
            </span>
          )}
        </span>
        {artifact && (
          <span title={t("tools.openInPanel")} className="shrink-0 rounded-md p-1 text-teal-700" data-testid="tool-artifact">
            <PanelRightIcon className="size-4" aria-hidden="false" role="img" aria-label={t("tools.openInPanel")} />
          </span>
        )}
        <ChevronRight className={`size-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-90" : ""}`} />
      </button>
      {running && !(open && runningDetail) && <Skeleton />}
      {open && body !== null && body !== undefined && (
        <div id={bodyId} className="space-y-3 border-t border-slate-100 px-3 py-3" data-testid="tool-body">
          {body}
        </div>
      )}
    </div>
  );
}

function Skeleton() {
  return (
    <div aria-hidden="true" className="space-y-1.5 px-3 pb-3" data-testid="tool-skeleton">
      <div className="h-2 w-2/3 animate-pulse rounded bg-slate-100" />
      <div className="h-2 w-1/3 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
