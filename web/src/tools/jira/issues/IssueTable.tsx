import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TrackerIssue } from "../api/trackerRest";
import { trackerName } from "./names";
import { Age, PersonName, StatusBadge, userText } from "./parts";

/** Where an issue's page is. */
export const issuePath = (key: string) => `/tracker/browse/${encodeURIComponent(key)}`;

/**
 * A page of issues: key (to its page), type, summary (two lines at most, the whole of it
 * on hover), status, priority, assignee and when it last changed. Narrow windows keep the
 * key, summary and status.
 */
export function IssueTable({ issues, now }: { issues: readonly TrackerIssue[]; now: number }) {
  const { t } = useTranslation();
  const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
  return (
    <table className="w-full table-fixed text-sm" data-testid="issue-table">
      <caption className="sr-only">{t("jira.issues.title")}</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={`${th} w-24 sm:w-28`}>
            {t("jira.issues.field.key")}
          </th>
          <th scope="col" className={`${th} hidden w-28 md:table-cell`}>
            {t("jira.issues.field.type")}
          </th>
          <th scope="col" className={th}>
            {t("jira.issues.field.summary")}
          </th>
          <th scope="col" className={`${th} w-32 sm:w-36`}>
            {t("jira.issues.field.status")}
          </th>
          <th scope="col" className={`${th} hidden w-24 lg:table-cell`}>
            {t("jira.issues.field.priority")}
          </th>
          <th scope="col" className={`${th} hidden w-40 sm:table-cell`}>
            {t("jira.issues.field.assignee")}
          </th>
          <th scope="col" className={`${th} hidden w-36 md:table-cell`}>
            {t("jira.issues.field.updated")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {issues.map((issue) => {
          const { fields } = issue;
          return (
            <tr key={issue.id || issue.key} className="align-top hover:bg-slate-50/60" data-testid="issue-row" data-key={issue.key}>
              <th scope="row" className="px-3 py-3 text-left font-normal">
                <Link to={issuePath(issue.key)} className="font-mono text-xs font-semibold break-all text-teal-800 hover:text-teal-950 hover:underline">
                  {issue.key}
                </Link>
              </th>
              <td className="hidden px-3 py-3 text-slate-700 md:table-cell">
                <span dir="auto" className={`${userText} line-clamp-2`}>
                  {trackerName(fields.issuetype?.name, t)}
                </span>
              </td>
              <td className="px-3 py-3 text-slate-900">
                <span dir="auto" className={`${userText} line-clamp-2`} title={fields.summary} data-testid="issue-summary">
                  {fields.summary}
                </span>
              </td>
              <td className="px-3 py-3">{fields.status && <StatusBadge status={fields.status} />}</td>
              <td className="hidden px-3 py-3 text-slate-700 lg:table-cell">
                <span dir="auto" className={`${userText} line-clamp-1`}>
                  {trackerName(fields.priority?.name, t) ?? ""}
                </span>
              </td>
              <td className="hidden px-3 py-3 text-slate-700 sm:table-cell">
                <span className="line-clamp-2">
                  <PersonName user={fields.assignee} fallback={t("jira.issues.unassigned")} />
                </span>
              </td>
              <td className="hidden px-3 py-3 text-slate-600 md:table-cell">
                <Age iso={fields.updated} now={now} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
