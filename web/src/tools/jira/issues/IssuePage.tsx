import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FACILITY_FIELD, type TrackerIssue, isNotFound } from "../api/trackerRest";
import { AlertIcon } from "../../../components/icons";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { useErrorText } from "../../../components/useErrorText";
import { IssueComments } from "./IssueComments";
import { IssueTransitions } from "./IssueTransitions";
import { BackToIssues, Day, JiraNotice, Moment, PersonName, StatusBadge, userText } from "./parts";
import { trackerName } from "./names";
import { useIssue } from "./queries";

/**
 * `/tracker/browse/:key`: one issue of the built-in tracker — its fields, description,
 * the workflow's next steps as buttons, and its comments with a form to add one. The
 * address Jira clients' `/browse/KEY` links open.
 */
export default function IssuePage() {
  const { key = "" } = useParams();
  return (
    <SignedInLayout>
      <section className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
        <BackToIssues />
        <div className="mt-4 space-y-6">
          <JiraNotice />
          {/* Keys are upper case (the server reads any case): one address, one cached issue. */}
          <IssueView issueKey={key.toUpperCase()} />
        </div>
      </section>
    </SignedInLayout>
  );
}

function IssueView({ issueKey }: { issueKey: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const issue = useIssue(issueKey);

  if (issue.isPending) return <ListLoading label={t("jira.issues.issue.loading")} />;
  if (!issue.data) {
    if (isNotFound(issue.error)) return <NotFound issueKey={issueKey} />;
    return (
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <ListLoadFailed label={errorText(issue.error, t("jira.issues.issue.loadFailed"))} onRetry={() => void issue.refetch()} />
      </div>
    );
  }
  return <IssueDetails issue={issue.data} reloading={issue.isFetching} />;
}

function NotFound({ issueKey }: { issueKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" data-testid="issue-not-found">
      <span className="grid size-12 place-items-center rounded-xl bg-amber-50 text-amber-700">
        <AlertIcon className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-navy-950">{t("jira.issues.issue.notFound")}</h1>
      <p className={`mt-2 text-slate-600 ${userText}`}>{t("jira.issues.issue.notFoundBody", { key: issueKey })}</p>
      <Link to="/tracker" className="mt-6 inline-flex items-center rounded-lg bg-navy-900 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800">
        {t("jira.issues.backToList")}
      </Link>
    </div>
  );
}

const termClass = "text-xs font-medium tracking-wide text-slate-500 uppercase";

function Detail({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className={termClass}>{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Text from the tracker, or a muted `none` when it has none. */
function Value({ text, none }: { text: string | null | undefined; none: string }) {
  if (!text) return <span className="text-slate-500">{none}</span>;
  return (
    <span dir="auto" className={userText}>
      {text}
    </span>
  );
}

function IssueDetails({ issue, reloading }: { issue: TrackerIssue; reloading: boolean }) {
  const { t } = useTranslation();
  const { fields } = issue;
  const none = t("jira.issues.issue.none");
  const comments = fields.comment?.comments ?? [];
  return (
    <article className="space-y-6" aria-labelledby="issue-summary" aria-busy={reloading}>
      <header className="min-w-0">
        <p className="font-mono text-sm font-semibold text-slate-500" data-testid="issue-key">
          {issue.key}
        </p>
        <h1 id="issue-summary" dir="auto" className={`mt-1 text-2xl font-semibold tracking-tight text-navy-950 ${userText}`} data-testid="issue-heading">
          {fields.summary}
        </h1>
      </header>

      <IssueTransitions issueKey={issue.key} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="issue-description">
            <h2 id="issue-description" className="text-sm font-semibold text-navy-950">
              {t("jira.issues.field.description")}
            </h2>
            {fields.description ? (
              <p dir="auto" className={`mt-2 text-sm whitespace-pre-wrap text-slate-800 ${userText}`} data-testid="issue-description">
                {fields.description}
              </p>
            ) : (
              <p className="mt-2 text-sm text-slate-500">{t("jira.issues.issue.noDescription")}</p>
            )}
          </section>
          <IssueComments issueKey={issue.key} comments={comments} />
        </div>

        <section className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="issue-details">
          <h2 id="issue-details" className="text-sm font-semibold text-navy-950">
            {t("jira.issues.issue.details")}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-1">
            <Detail term={t("jira.issues.field.type")} testId="issue-type">
              <Value text={trackerName(fields.issuetype?.name, t)} none={none} />
            </Detail>
            <Detail term={t("jira.issues.field.status")}>{fields.status ? <StatusBadge status={fields.status} /> : none}</Detail>
            <Detail term={t("jira.issues.field.priority")} testId="issue-priority">
              <Value text={trackerName(fields.priority?.name, t)} none={none} />
            </Detail>
            <Detail term={t("jira.issues.field.assignee")} testId="issue-assignee">
              <PersonName user={fields.assignee} fallback={t("jira.issues.unassigned")} />
            </Detail>
            <Detail term={t("jira.issues.field.reporter")} testId="issue-reporter">
              <PersonName user={fields.reporter} fallback={none} />
            </Detail>
            <Detail term={t("jira.issues.field.project")} testId="issue-project">
              <Value text={fields.project ? `${fields.project.name} (${fields.project.key})` : null} none={none} />
            </Detail>
            <Detail term={t("jira.issues.field.labels")} testId="issue-labels">
              {fields.labels.length > 0 ? (
                <ul className="flex flex-wrap gap-1">
                  {fields.labels.map((label, i) => (
                    <li key={`${i}:${label}`} dir="auto" className={`rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 ${userText}`}>
                      {label}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-slate-500">{none}</span>
              )}
            </Detail>
            <Detail term={t("jira.issues.field.duedate")} testId="issue-duedate">
              {fields.duedate ? <Day date={fields.duedate} /> : <span className="text-slate-500">{none}</span>}
            </Detail>
            <Detail term={t("jira.issues.field.facility")} testId="issue-facility">
              <Value text={fields[FACILITY_FIELD]?.value} none={none} />
            </Detail>
            <Detail term={t("jira.issues.field.resolution")} testId="issue-resolution">
              <Value text={trackerName(fields.resolution?.name, t)} none={t("jira.issues.issue.unresolved")} />
            </Detail>
            <Detail term={t("jira.issues.field.created")} testId="issue-created">
              <Moment iso={fields.created} />
            </Detail>
            <Detail term={t("jira.issues.field.updated")} testId="issue-updated">
              <Moment iso={fields.updated} />
            </Detail>
          </dl>
        </section>
      </div>
    </article>
  );
}
