import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cut } from "../../lib/text";
import { PREVIEW_MAX_CHARS } from "../limits";
import { type JiraParameters, type JiraTool, parametersOf } from "./jira";

/** A section's small capitals label. */
export const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/**
 * Text that came from the tracker or the model (a summary, a name, an error), as text:
 * isolated from the text around it (`dir="auto"`: a right-to-left override inside stays
 * inside), broken anywhere rather than widening the card, and clamped to `lines` lines
 * when given (the whole text, up to the preview limit, in its tooltip).
 */
export function UserText({ text, lines, className = "", testId }: { text: string; lines?: 1 | 2 | 3; className?: string; testId?: string }) {
  const clamp = lines === 1 ? "line-clamp-1" : lines === 2 ? "line-clamp-2" : lines === 3 ? "line-clamp-3" : "";
  const shown = cut(text, PREVIEW_MAX_CHARS);
  return (
    <span dir="auto" className={`min-w-0 wrap-anywhere ${clamp} ${className}`.trim()} title={lines ? cut(text, 1000) : undefined} data-testid={testId}>
      {shown}
    </span>
  );
}

/** Which of the inputs each tool shows, in order. */
const SHOWN: { readonly [N in JiraTool]: readonly (keyof JiraParameters)[] } = {
  jiraGetProjects: [],
  jiraGetCreateMeta: ["projectKey", "issueTypeName"],
  jiraCreateIssue: ["summary", "project", "issueType", "priority", "assignee", "labels", "dueDate", "description"],
  jiraSearchIssues: ["jql", "startAt", "maxResults"],
  jiraGetTransitions: ["issue"],
  jiraDoTransition: ["issue", "toStatus", "transitionId", "resolution", "assignee", "comment"],
};

/** Inputs long enough to scroll in their own box (the user reads all of it before approving). */
const LONG: ReadonlySet<keyof JiraParameters> = new Set(["summary", "description", "jql", "comment"]);

/**
 * What the tool was asked: the project and issue type; the new issue's summary,
 * project, type, priority…; the JQL; the issue and the transition or target status.
 * 'No parameters' for the projects, which take none. Shown while the tool runs, with an
 * approval, and on the card.
 */
export function Parameters({ tool, input }: { tool: JiraTool; input: unknown }) {
  const { t } = useTranslation();
  const params = parametersOf(input);
  const shown = SHOWN[tool].filter((key) => params[key] !== undefined);
  return (
    <section className="space-y-1.5" aria-label={t("tools.parameters")} data-testid="jira-parameters">
      <h4 className={LABEL}>{t("tools.parameters")}</h4>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-500">{t("jira.parameters.none")}</p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
          {shown.map((key) => (
            <div key={key} className="contents">
              <dt className="text-slate-500">{t(`jira.parameters.${key}`)}</dt>
              <dd className="min-w-0 text-slate-900" data-testid={`jira-param-${key}`}>
                <Value name={key} value={params[key]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Value({ name, value }: { name: keyof JiraParameters; value: JiraParameters[keyof JiraParameters] }): ReactNode {
  if (Array.isArray(value)) {
    return (
      <ul className="flex flex-wrap gap-1">
        {value.map((item, i) => (
          <li key={`${i}:${item}`} className="rounded bg-white px-1.5 py-0.5 text-xs text-slate-800 ring-1 ring-slate-200">
            <UserText text={item} />
          </li>
        ))}
      </ul>
    );
  }
  const text = String(value);
  if (name === "jql") {
    return (
      <code dir="ltr" className="block max-h-40 overflow-auto font-mono text-xs whitespace-pre-wrap wrap-anywhere">
        {cut(text, PREVIEW_MAX_CHARS)}
      </code>
    );
  }
  if (LONG.has(name)) {
    return (
      <span className="block max-h-40 overflow-auto font-medium whitespace-pre-wrap">
        <UserText text={text} />
      </span>
    );
  }
  return <UserText text={text} className="font-medium" />;
}
