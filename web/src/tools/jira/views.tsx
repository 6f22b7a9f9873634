import { useTranslation } from "react-i18next";
import { ExternalLinkIcon } from "../../components/moreIcons";
import { bounded, pretty } from "../../lib/text";
import { isRecord, str } from "../../lib/values";
import { PREVIEW_MAX_CHARS, RESULT_PREVIEW_LINES } from "../limits";
import type { OutputOf } from "../types";
import { issueLink } from "./jira";
import { trackerName } from "./issues/names";
import { LABEL, UserText } from "./parts";

/**
 * The issue-tracker tools' results (spec 001 §2.8): projects, create metadata, the issue
 * created, a search's issues, an issue's transitions and the transition done. Every text
 * is the tracker's data, shown as text.
 */

type Result<N extends keyof ViewTools> = { result: OutputOf<ViewTools[N]> };
type ViewTools = {
  projects: "jiraGetProjects";
  createMeta: "jiraGetCreateMeta";
  createIssue: "jiraCreateIssue";
  search: "jiraSearchIssues";
  transitions: "jiraGetTransitions";
  doTransition: "jiraDoTransition";
};

const BOX = "rounded-lg border border-slate-200";
const EMPTY = "rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600";
const CHIP = "rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800";
/** An issue's or a project's key: monospace, never broken mid-key unless it must. */
const KEY = "font-mono text-xs font-semibold break-all text-slate-900";
/** Allowed values shown per field before '+N more'. */
const ALLOWED_SHOWN = 12;

/** A status, as a small badge. */
function Status({ name, testId }: { name: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-block max-w-full rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800" data-testid={testId}>
      <UserText text={trackerName(name, t)} lines={1} />
    </span>
  );
}

/** jiraGetProjects: each project's name, key and id. */
export function ProjectsView({ result }: Result<"projects">) {
  const { t } = useTranslation();
  if (result.projects.length === 0) return <p className={EMPTY}>{t("jira.projects.none")}</p>;
  return (
    <div className={`overflow-x-auto ${BOX}`}>
      <table className="w-full text-left text-xs" aria-label={t("jira.projects.label")} data-testid="jira-projects">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t("jira.projects.name")}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t("jira.projects.key")}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t("jira.projects.id")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {result.projects.map((project, i) => (
            <tr key={`${i}:${project.key}`} data-testid="jira-project">
              <td className="px-2 py-1 text-slate-900">
                <UserText text={project.name} lines={2} />
              </td>
              <td className={`px-2 py-1 ${KEY}`}>{project.key}</td>
              <td className="px-2 py-1 font-mono break-all text-slate-600">{project.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type IssueTypeMeta = OutputOf<"jiraGetCreateMeta">["data"]["projects"][number]["issuetypes"][number];
type FieldMeta = IssueTypeMeta["fields"][string];

/** An allowed value as the tracker names it: its name, else its value (custom options), else its id. */
function allowedText(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  return str(value.name) ?? str(value.value) ?? str(value.id);
}

/** The fields of one issue type: required ones first, each with its allowed values. */
function FieldsTable({ issueType }: { issueType: IssueTypeMeta }) {
  const { t } = useTranslation();
  const fields = Object.entries(isRecord(issueType.fields) ? issueType.fields : {})
    .filter((entry): entry is [string, FieldMeta] => isRecord(entry[1]))
    .sort(([, a], [, b]) => Number(b.required === true) - Number(a.required === true));
  if (fields.length === 0) return <p className="text-xs text-slate-500">{t("jira.createMeta.noFields")}</p>;
  return (
    <div className={`overflow-x-auto ${BOX}`}>
      <table className="w-full text-left text-xs" aria-label={issueType.name} data-testid="jira-fields">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t("jira.createMeta.field")}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t("jira.createMeta.required")}
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {t("jira.createMeta.allowedValues")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {fields.map(([id, field]) => {
            const allowed = (Array.isArray(field.allowedValues) ? field.allowedValues : []).map(allowedText).filter((v): v is string => v !== undefined);
            return (
              <tr key={id} data-testid="jira-field" data-field={id}>
                <td className="px-2 py-1">
                  <UserText text={field.name || id} lines={2} className="block text-slate-900" testId="jira-field-name" />
                  {field.name && field.name !== id && <code className="block font-mono text-[11px] break-all text-slate-500">{id}</code>}
                </td>
                <td className="px-2 py-1 whitespace-nowrap">
                  {field.required ? (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800" data-testid="jira-required">
                      {t("jira.createMeta.required")}
                    </span>
                  ) : (
                    <span className="text-slate-500" data-testid="jira-optional">
                      {t("jira.createMeta.optional")}
                    </span>
                  )}
                </td>
                <td className="px-2 py-1">
                  {allowed.length > 0 && (
                    <ul className="flex flex-wrap gap-1" data-testid="jira-allowed">
                      {allowed.slice(0, ALLOWED_SHOWN).map((value, i) => (
                        <li key={`${i}:${value}`} className={`max-w-full ${CHIP}`}>
                          <UserText text={trackerName(value, t)} lines={1} />
                        </li>
                      ))}
                      {allowed.length > ALLOWED_SHOWN && <li className="px-1 py-0.5 text-xs text-slate-500">{t("jira.createMeta.more", { n: allowed.length - ALLOWED_SHOWN })}</li>}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** jiraGetCreateMeta: each project with its issue types and their fields (name, required, allowed values). */
export function CreateMetaView({ result }: Result<"createMeta">) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" data-testid="jira-create-meta">
      {result.data.projects.map((project, i) => (
        <section key={`${i}:${project.key}`} className="space-y-2" aria-label={project.key} data-testid="jira-meta-project">
          <h5 className="text-sm font-medium text-slate-900">
            <UserText text={t("jira.createMeta.project", { name: project.name, key: project.key })} lines={2} />
          </h5>
          {project.issuetypes.length === 0 ? (
            <p className="text-xs text-slate-500">{t("jira.createMeta.noIssueTypes")}</p>
          ) : (
            <div className="space-y-2">
              <p className={LABEL}>{t("jira.createMeta.issueTypes")}</p>
              {project.issuetypes.map((issueType, i) => (
                <div key={`${i}:${issueType.name}`} className="space-y-1" data-testid="jira-issue-type">
                  <p className="text-sm text-slate-800">
                    <UserText text={trackerName(issueType.name, t)} lines={1} className="font-medium" testId="jira-issue-type-name" />
                  </p>
                  {issueType.description && (
                    <p className="text-xs text-slate-500">
                      <UserText text={issueType.description} lines={2} />
                    </p>
                  )}
                  <FieldsTable issueType={issueType} />
                </div>
              ))}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

/** An issue's key: a link to it when its address is one the card may open, else the key as text. */
function IssueKeyLink({ issueKey, url }: { issueKey: string; url: unknown }) {
  const { t } = useTranslation();
  const link = issueLink(url);
  const className = "font-mono text-sm font-semibold break-all";
  if (!link) {
    return (
      <span className={`${className} text-slate-900`} data-testid="jira-created-key">
        {issueKey}
      </span>
    );
  }
  if (!link.external) {
    return (
      <a href={link.href} className={`${className} text-teal-700 underline hover:text-teal-900`} data-testid="jira-created-key">
        {issueKey}
      </a>
    );
  }
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1 ${className} text-teal-700 underline hover:text-teal-900`}
      data-testid="jira-created-key"
    >
      {issueKey}
      <ExternalLinkIcon className="size-3.5" />
      <span className="sr-only">{t("jira.createIssue.opensInNewTab")}</span>
    </a>
  );
}

/** jiraCreateIssue: the issue created (its key, a link to it) and its summary. */
export function CreateIssueView({ result }: Result<"createIssue">) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-md bg-teal-50/50 px-3 py-2 text-sm" data-testid="jira-created">
      <dt className="text-slate-500">{t("jira.createIssue.created")}</dt>
      <dd className="min-w-0">
        <IssueKeyLink issueKey={result.issueKey} url={result.issueUrl} />
      </dd>
      {result.summary && (
        <>
          <dt className="text-slate-500">{t("jira.createIssue.summary")}</dt>
          <dd className="min-w-0 text-slate-900">
            <UserText text={result.summary} lines={3} testId="jira-created-summary" />
          </dd>
        </>
      )}
    </dl>
  );
}

type Issue = OutputOf<"jiraSearchIssues">["issues"][number];

/** One issue of a search: key and status, summary, then assignee, priority, type and project. */
function IssueItem({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const { fields } = issue;
  const assignee = fields.assignee?.displayName;
  const meta: { key: string; label: string; value: string | undefined; testId: string }[] = [
    { key: "assignee", label: t("jira.search.assignee"), value: assignee || t("jira.search.unassigned"), testId: "jira-issue-assignee" },
    { key: "priority", label: t("jira.search.priority"), value: trackerName(fields.priority?.name, t) || t("jira.search.noPriority"), testId: "jira-issue-priority" },
    { key: "type", label: t("jira.search.type"), value: trackerName(fields.issuetype?.name, t), testId: "jira-issue-type" },
    { key: "project", label: t("jira.search.project"), value: fields.project?.key, testId: "jira-issue-project" },
  ];
  return (
    <li className="min-w-0 px-3 py-2" data-testid="jira-issue">
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className={KEY} data-testid="jira-issue-key">
          {issue.key}
        </span>
        {fields.status?.name && <Status name={fields.status.name} testId="jira-issue-status" />}
      </p>
      <p className="mt-0.5 text-sm text-slate-800">
        <UserText text={fields.summary ?? ""} lines={2} testId="jira-issue-summary" />
      </p>
      <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
        {meta
          .filter((m) => m.value)
          .map((m) => (
            <div key={m.key} className="flex min-w-0 gap-1">
              <dt className="text-slate-500">{m.label}</dt>
              <dd className="min-w-0 text-slate-800" data-testid={m.testId}>
                <UserText text={m.value ?? ""} lines={1} />
              </dd>
            </div>
          ))}
      </dl>
    </li>
  );
}

/** jiraSearchIssues: 'Found N issues, showing M results (Page X of Y)', then each issue; 'No issues found'. */
export function SearchView({ result }: Result<"search">) {
  const { t } = useTranslation();
  if (result.issues.length === 0) {
    return (
      <p className={EMPTY} data-testid="jira-no-issues">
        {t("jira.search.none")}
      </p>
    );
  }
  const page = result.pagination;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600" data-testid="jira-search-count">
        {t("jira.search.found", { total: result.total, shown: result.issues.length })}
        {page && (
          <>
            {" "}
            <span data-testid="jira-search-page">{t("jira.search.page", { page: page.currentPage, pages: page.totalPages })}</span>
          </>
        )}
      </p>
      <ul className={`max-h-96 divide-y divide-slate-100 overflow-y-auto ${BOX}`} aria-label={t("jira.search.label")} data-testid="jira-issues">
        {result.issues.map((issue, i) => (
          <IssueItem key={`${i}:${issue.key}`} issue={issue} />
        ))}
      </ul>
    </div>
  );
}

/** jiraGetTransitions: 'Available transitions for issue {key}', each with its id, target status and description. */
export function TransitionsView({ result }: Result<"transitions">) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" data-testid="jira-transitions-heading">
        {t("jira.transitions.heading", { key: result.issueKey })}
      </p>
      {result.transitions.length === 0 ? (
        <p className={EMPTY} data-testid="jira-no-transitions">
          {t("jira.transitions.none")}
        </p>
      ) : (
        <ul className={`divide-y divide-slate-100 ${BOX}`} data-testid="jira-transitions">
          {result.transitions.map((transition, i) => (
            <li key={`${i}:${transition.id}`} className="min-w-0 px-3 py-2" data-testid="jira-transition">
              <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <UserText text={trackerName(transition.name, t)} lines={1} className="text-sm font-medium text-slate-900" testId="jira-transition-name" />
                <span className="font-mono text-xs text-slate-500" data-testid="jira-transition-id">
                  {t("jira.transitions.id", { id: transition.id })}
                </span>
                <span className="inline-flex min-w-0 items-center gap-1 text-xs text-slate-600" data-testid="jira-transition-to">
                  <span aria-hidden="true">→</span>
                  <UserText text={t("jira.transitions.to", { status: trackerName(transition.to.name, t) })} lines={1} />
                </span>
              </p>
              {transition.to.description && (
                <p className="mt-0.5 text-xs text-slate-500">
                  <UserText text={transition.to.description} lines={2} testId="jira-transition-description" />
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** jiraDoTransition: 'Transition Completed Successfully', the issue, the transition and the fields it updated. */
export function DoTransitionView({ result }: Result<"doTransition">) {
  const { t } = useTranslation();
  const fields = Array.isArray(result.fieldsUpdated) ? result.fieldsUpdated : [];
  return (
    <div className="space-y-2" data-testid="jira-transitioned">
      <p className="rounded-md bg-teal-50 px-3 py-2 text-sm font-medium text-teal-800">{t("jira.doTransition.done")}</p>
      <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t("jira.doTransition.issue")}</dt>
        <dd className={KEY} data-testid="jira-transitioned-issue">
          {result.issueKey}
        </dd>
        {result.transitionName && (
          <>
            <dt className="text-slate-500">{t("jira.doTransition.transition")}</dt>
            <dd className="min-w-0 text-slate-900">
              <UserText text={trackerName(result.transitionName, t)} lines={1} />
            </dd>
          </>
        )}
        <dt className="text-slate-500">{t("jira.doTransition.transitionId")}</dt>
        <dd className="font-mono text-xs break-all text-slate-900" data-testid="jira-transitioned-id">
          {result.transitionId}
        </dd>
        {result.toStatus && (
          <>
            <dt className="text-slate-500">{t("jira.doTransition.status")}</dt>
            <dd className="min-w-0">
              <Status name={result.toStatus} testId="jira-transitioned-status" />
            </dd>
          </>
        )}
        <dt className="text-slate-500">{t("jira.doTransition.fieldsUpdated")}</dt>
        <dd className="min-w-0" data-testid="jira-fields-updated">
          {fields.length === 0 ? (
            <span className="text-slate-500">{t("jira.doTransition.noFields")}</span>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {fields.map((field, i) => (
                <li key={`${i}:${field}`} className={`max-w-full font-mono ${CHIP}`}>
                  <UserText text={String(field)} lines={1} />
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </div>
  );
}

/** Anything else: the output as JSON, cut to the result preview's lines. */
export function RawView({ output }: { output: unknown }) {
  const { t } = useTranslation();
  const shown = bounded(pretty(output), RESULT_PREVIEW_LINES, PREVIEW_MAX_CHARS);
  return (
    <div>
      <pre
        className="max-h-80 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800 wrap-anywhere"
        data-testid="jira-raw"
      >
        {shown.text}
      </pre>
      {shown.hiddenLines > 0 && <p className="mt-1 text-[11px] text-slate-400">{t("tools.moreLines", { n: shown.hiddenLines })}</p>}
    </div>
  );
}
