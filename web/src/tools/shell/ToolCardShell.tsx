import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Artifact } from "../../artifacts/store";
import { AlertIcon, CheckIcon, ChevronRight, Spinner, StopIcon } from "../../components/icons";
import { BanIcon, PanelRightIcon } from "../../components/moreIcons";
import type { ToolInvocation } from "../types";
import { ApprovalRequest, DeniedDetail } from "./Approval";
import { useToolCall } from "./toolCall";
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
  /** The header's title, kept when the call fails (the error then shows under it). */
  title: string;
  /**
   * The header's title when the call fails, with `title` under it: 'Tool Call Failed' for
   * the API call's failure card (spec 001 §2.4) and for tools without a card of their own;
   * every other card keeps its own title ('BI Tool: …', 'OMS … • Failed').
   */
  failedTitle?: string;
  /** The line under the title once the tool has answered. */
  summary?: ReactNode;
  /** The line under the title while the tool runs; 'Processing...' unless given. */
  runningLabel?: string;
  /** A failure the result itself reports (`success: false`), shown like a failed call. */
  failure?: string;
  /** The expanded card once the tool has answered. */
  children?: ReactNode;
  /** The expanded card while the tool runs (the skeleton shows otherwise), and once stopped. */
  runningDetail?: ReactNode;
  /** More to show under the error of a failed call. */
  failureDetail?: ReactNode;
  /** Cards whose answer is the point (weather, time) start open. Failures always do. */
  defaultOpen?: boolean;
  /**
   * What a call that asks for approval will do, in the family's words (shown with
   * Approve and Deny, and with a denial); the call's input laid out otherwise.
   */
  approvalSummary?: ReactNode;
  /**
   * The artifact to register and open on click in place of the one the result carries:
   * for a card that adds to it (the BI dashboard's page, in the reader's language).
   */
  artifact?: Artifact | null;
};

/**
 * What every tool card shares (spec 001 §1): a header that expands or collapses the card
 * on click, a skeleton while the tool is prepared or runs, an error card when it fails,
 * a quiet "Stopped" when the answer was stopped before the call finished (the user's
 * doing, not the tool's failure), and — when the result carries an artifact — registering
 * it for the message and opening it in the side panel on click. A state-changing call
 * first asks for approval (Approve, Deny with an optional reason, always shown open);
 * an approved call says so beside its title, a denied one reads "Denied" — a decision,
 * not an error.
 */
export function ToolCardShell(props: ToolCardShellProps) {
  const { invocation, icon, accent = "slate", title, failedTitle, summary, runningLabel, failure, children, runningDetail, failureDetail, defaultOpen = false, approvalSummary, artifact: ownArtifact } = props;
  const { t } = useTranslation();
  const { phase, toolName } = invocation;
  const { answerable } = useToolCall(invocation);
  // In an earlier message than the last, nothing can still be running or answered: an
  // approval or a client tool left waiting was not answered, so nothing ran; a server
  // call left unfinished (an older chat, a server that went down) ended with its answer.
  const unfinished = !answerable && (phase === "approval" || phase === "preparing" || phase === "executing");
  const superseded = unfinished && (phase === "approval" || invocation.state === "approval-responded" || !invocation.providerExecuted);
  const running = !unfinished && (phase === "preparing" || phase === "executing");
  const stopped = phase === "stopped" || (unfinished && !superseded);
  const awaiting = phase === "approval" && !superseded;
  const denied = phase === "denied";
  const approved = invocation.approval?.approved === true;
  const failed = phase === "failed" || (!running && !stopped && !awaiting && !denied && !superseded && failure !== undefined);
  const [open, setOpen] = useState(defaultOpen || failed);
  const [wasFailed, setWasFailed] = useState(failed);
  if (failed !== wasFailed) {
    // A call that fails while shown opens to say why.
    setWasFailed(failed);
    if (failed) setOpen(true);
  }
  const { artifact, open: openArtifact } = useToolArtifact(invocation, ownArtifact);
  const bodyId = useId();

  const errorText = failure ?? invocation.errorText ?? t("tools.unknownError");
  const statusIcon = running ? (
    <Spinner className="size-3.5 text-teal-600" />
  ) : awaiting ? (
    <AlertIcon className="size-3.5 text-amber-600" />
  ) : denied || superseded ? (
    <BanIcon className="size-3.5 text-slate-500" />
  ) : failed ? (
    <AlertIcon className="size-3.5 text-red-600" />
  ) : stopped ? (
    <StopIcon className="size-3.5 text-slate-500" />
  ) : (
    <CheckIcon className="size-3.5 text-teal-600" />
  );
  const status = running
    ? (runningLabel ?? (approved ? t("tools.approval.running") : t("tools.processing")))
    : awaiting
      ? t("tools.approval.waiting")
      : superseded
        ? t("tools.approval.superseded")
        : denied
        ? t("tools.approval.denied")
        : failed
          ? failedTitle === undefined
            ? errorText
            : title
          : stopped
            ? t("tools.stopped")
            : summary;

  const onClick = () => {
    setOpen((o) => !o);
    if (artifact) openArtifact();
  };

  let body: ReactNode;
  if (superseded) {
    body = (
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="approval-superseded">
        {t("tools.approval.supersededDetail")}
      </p>
    );
  } else if (awaiting) {
    body = <ApprovalRequest invocation={invocation} title={title} summary={approvalSummary} />;
  } else if (denied) {
    body = <DeniedDetail invocation={invocation} summary={approvalSummary} />;
  } else if (failed) {
    body = (
      <>
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-red-800" data-testid="tool-error">
          {errorText}
        </p>
        {failureDetail}
      </>
    );
  } else if (stopped) {
    body = (
      <>
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="tool-stopped">
          {t("tools.stoppedDetail")}
        </p>
        {runningDetail}
      </>
    );
  } else if (running) {
    body = runningDetail;
  } else {
    body = children;
  }

  return (
    <div
      className={`my-2 w-full max-w-xl overflow-hidden rounded-xl border bg-white shadow-xs ${failed ? "border-red-200" : awaiting ? "border-amber-300 ring-1 ring-amber-200" : "border-slate-200"}`}
      data-testid="tool-card"
      data-tool={toolName}
      data-phase={failed ? "failed" : phase}
      data-approval={superseded ? "superseded" : awaiting ? "requested" : approved ? "approved" : denied ? "denied" : undefined}
    >
      <button
        type="button"
        aria-expanded={open || awaiting}
        aria-controls={bodyId}
        onClick={onClick}
        className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
      >
        <span className={`grid size-8 shrink-0 place-items-center rounded-lg ${failed ? "bg-red-50 text-red-600" : ACCENT[accent]}`}>{icon}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="tool-title">
            {failed ? (failedTitle ?? title) : title}
          </span>
          {(status !== undefined || running || stopped || awaiting || denied) && (
            <span className="flex items-center gap-1.5 text-xs text-slate-500">
              {statusIcon}
              <span className="truncate" data-testid="tool-status">
                {status}
              </span>
            </span>
          )}
        </span>
        {approved && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-800" data-testid="tool-approved">
            <CheckIcon className="size-3" />
            {t("tools.approval.approved")}
          </span>
        )}
        {artifact && (
          <span title={t("tools.openInPanel")} className="shrink-0 rounded-md p-1 text-teal-700" data-testid="tool-artifact">
            <PanelRightIcon className="size-4" aria-hidden="false" role="img" aria-label={t("tools.openInPanel")} />
          </span>
        )}
        <ChevronRight className={`size-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-90" : ""}`} />
      </button>
      {running && !(open && runningDetail) && <Skeleton />}
      {/* A call waiting for approval always shows what it asks: a collapsed card would hide the question. */}
      {(open || awaiting) && body !== null && body !== undefined && (
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
