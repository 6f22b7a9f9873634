import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type TrackerUser, jiraErrorOf } from "../api/trackerRest";
import { ArrowLeftIcon } from "../../../components/icons";
import { ExternalLinkIcon } from "../../../components/moreIcons";
import { FormAlert } from "../../../components/ui/FormAlert";
import { useErrorText } from "../../../components/useErrorText";
import type { StatusRef } from "../../../generated/tools/jira/StatusRef";
import { formatAge, formatDateTime } from "../../../i18n/format";
import { trackerName } from "./names";
import { useTrackerStatus } from "./queries";

/**
 * Text that came from the tracker (a summary, a name, a comment): broken anywhere rather
 * than widening the page. Put `dir="auto"` beside it so a right-to-left text keeps its
 * own direction without turning the text around it.
 */
export const userText = "min-w-0 [overflow-wrap:anywhere]";

const badge = "inline-flex max-w-full items-center rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

/** Jira's three status categories' colours: grey to do, blue under way, green done. */
const CATEGORY: Record<string, string> = {
  new: "bg-slate-100 text-slate-700 ring-slate-500/25",
  indeterminate: "bg-blue-50 text-blue-800 ring-blue-600/25",
  done: "bg-emerald-50 text-emerald-800 ring-emerald-600/25",
};

/** A status as the tracker names it, coloured by its category. */
export function StatusBadge({ status }: { status: StatusRef }) {
  const { t } = useTranslation();
  const category = status.statusCategory?.key ?? "";
  return (
    <span className={`${badge} ${CATEGORY[category] ?? CATEGORY.new}`} data-category={category || undefined} data-testid="issue-status" title={trackerName(status.statusCategory?.name, t)}>
      <span dir="auto" className={userText}>
        {trackerName(status.name, t)}
      </span>
    </span>
  );
}

/** A person's name, or `fallback` ("Unassigned") when there is none. */
export function PersonName({ user, fallback }: { user: TrackerUser | null | undefined; fallback: string }) {
  if (!user) return <span className="text-slate-500">{fallback}</span>;
  return (
    <span dir="auto" className={userText} title={user.emailAddress}>
      {user.displayName}
    </span>
  );
}

/** How long ago, with the exact moment on hover. */
export function Age({ iso, now }: { iso: string; now: number }) {
  const { i18n } = useTranslation();
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return <span>{iso}</span>;
  return (
    <time dateTime={at.toISOString()} title={formatDateTime(iso, i18n.language)} className="whitespace-nowrap">
      {formatAge(at.getTime(), now, i18n.language)}
    </time>
  );
}

/** A moment in the reader's time ("Nov 20, 2026, 8:30 AM"). */
export function Moment({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return <span>{iso}</span>;
  return <time dateTime={at.toISOString()}>{formatDateTime(iso, i18n.language)}</time>;
}

/** A calendar day ("2026-12-01") as the reader writes it; no time zone moves it to another day. */
export function Day({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const at = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(at.getTime())) return <span>{date}</span>;
  return <time dateTime={date}>{new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(at)}</time>;
}

export function BackToIssues() {
  const { t } = useTranslation();
  return (
    <Link to="/tracker" className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-teal-700 hover:text-teal-900">
      <ArrowLeftIcon className="size-4" />
      {t("jira.issues.backToList")}
    </Link>
  );
}

/**
 * Said when the tenant's assistant works in a Jira site: the issues there are not the ones
 * this page shows. Nothing while the built-in tracker is the assistant's, or the answer is unknown.
 */
export function JiraNotice() {
  const { t } = useTranslation();
  const status = useTrackerStatus();
  const site = status.data?.jiraSite;
  if (!site) return null;
  return (
    <div role="note" className="flex items-start gap-3 rounded-xl border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950" data-testid="tracker-jira-notice">
      <ExternalLinkIcon className="mt-0.5 size-4 shrink-0 text-blue-700" />
      <div className="min-w-0">
        <p className="font-semibold">{t("jira.issues.jira.title")}</p>
        <p className="mt-0.5">{t("jira.issues.jira.body")}</p>
        {/^https?:\/\//i.test(site) ? (
          <a href={site} target="_blank" rel="noopener noreferrer" className={`mt-1 inline-block font-medium text-blue-800 underline hover:text-blue-950 ${userText}`}>
            {site}
          </a>
        ) : (
          <p className={`mt-1 font-medium ${userText}`}>{site}</p>
        )}
      </div>
    </div>
  );
}

/** Every message of a refusal (Jira's, or the app's words for another failure). */
export function useRefusalLines(): (error: unknown, fallback: string) => string[] {
  const errorText = useErrorText();
  return useCallback((error, fallback) => {
    const jira = jiraErrorOf(error);
    const lines = jira ? [...jira.errorMessages, ...Object.values(jira.errors)] : [];
    return lines.length > 0 ? lines : [errorText(error, fallback)];
  }, [errorText]);
}

/** A refusal under a translated heading, with each of the server's messages word for word, as text. */
export function Refused({ title, lines, testId }: { title: string; lines: readonly string[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <FormAlert>
        <span className="font-semibold">{title}</span>
        {lines.map((line, i) => (
          <span key={i} className="mt-0.5 block whitespace-pre-wrap">
            {line}
          </span>
        ))}
      </FormAlert>
    </div>
  );
}
