import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TrackerProject } from "../api/trackerRest";
import { SearchIcon } from "../../../components/moreIcons";
import { buttonClass } from "../../../components/ui/Dialog";
import { fieldErrorClass, inputClass, labelClass } from "../../../components/ui/fields";
import { QUICK_FILTERS } from "./jql";

/** The app's text field, without its gap under the label (the box shares a row with its button). */
const boxClass = inputClass.replace("mt-1.5 ", "");

type Props = {
  /** The query the list shows (the box starts from it, and follows it when it changes). */
  jql: string;
  /** Runs `jql` (again, when it is the current one). */
  onSearch: (jql: string) => void;
  /** The server's refusal of the query, in its words. */
  error: string | null;
  project: string | null;
  projects: readonly TrackerProject[];
  onProject: (project: string | null) => void;
};

/** The JQL box with its refusal under it, the quick filters and the project filter. */
export function IssueSearch({ jql, onSearch, error, project, projects, onProject }: Props) {
  const { t } = useTranslation();
  const ids = { jql: useId(), error: useId(), project: useId(), filters: useId() };
  const [draft, setDraft] = useState(jql);
  // The query changed from outside the box (a quick filter, the browser's back button): show it.
  const [shown, setShown] = useState(jql);
  if (shown !== jql) {
    setShown(jql);
    setDraft(jql);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
        <form role="search" onSubmit={submit} className="min-w-0 flex-1" aria-label={t("jira.issues.search.label")}>
          <label htmlFor={ids.jql} className={labelClass}>
            {t("jira.issues.search.jql")}
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id={ids.jql}
              type="text"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={t("jira.issues.search.placeholder")}
              maxLength={4000}
              spellCheck={false}
              autoComplete="off"
              dir="ltr"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              className={`${boxClass} min-w-0 flex-1 font-mono text-[13px]`}
              data-testid="jql-input"
            />
            <button type="submit" className={`${buttonClass.primary} shrink-0 gap-1.5`}>
              <SearchIcon className="size-4" />
              {t("jira.issues.search.submit")}
            </button>
          </div>
          {error && (
            <p id={ids.error} role="alert" className={`${fieldErrorClass} break-words whitespace-pre-wrap`} data-testid="jql-error">
              {error}
            </p>
          )}
        </form>
        <div className="lg:w-64">
          <label htmlFor={ids.project} className={labelClass}>
            {t("jira.issues.search.project")}
          </label>
          <select
            id={ids.project}
            value={project ?? ""}
            onChange={(e) => onProject(e.target.value || null)}
            className={`${inputClass} truncate`}
            data-testid="project-filter"
          >
            <option value="">{t("jira.issues.search.allProjects")}</option>
            {projects.map((p) => (
              <option key={p.key} value={p.key}>
                {`${p.name} (${p.key})`}
              </option>
            ))}
            {project && !projects.some((p) => p.key === project) && <option value={project}>{project}</option>}
          </select>
        </div>
      </div>
      <div role="group" aria-labelledby={ids.filters} className="flex flex-wrap items-center gap-2">
        <span id={ids.filters} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {t("jira.issues.quick.label")}
        </span>
        {QUICK_FILTERS.map((filter) => {
          const active = filter.jql === jql;
          return (
            <button
              key={filter.id}
              type="button"
              aria-pressed={active}
              onClick={() => onSearch(filter.jql)}
              className={`rounded-full border px-3 py-1 text-sm font-medium ${
                active ? "border-navy-900 bg-navy-900 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
              }`}
            >
              {t(`jira.issues.quick.${filter.id}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
