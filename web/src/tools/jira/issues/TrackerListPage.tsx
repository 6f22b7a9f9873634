import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { SEARCH_PAGE_SIZE, jiraErrorOf } from "../api/trackerRest";
import { ApiRequestError } from "../../../api/client";
import { ArrowLeftIcon, ChevronRight, PlusIcon } from "../../../components/icons";
import { TrackerIcon } from "../pageIcons";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { buttonClass } from "../../../components/ui/Dialog";
import { useErrorText } from "../../../components/useErrorText";
import { BackToChat } from "../../../components/OnlyAdmins";
import { CreateIssueDialog } from "./CreateIssueDialog";
import { IssueSearch } from "./IssueSearch";
import { IssueTable, issuePath } from "./IssueTable";
import { DEFAULT_JQL, textSearchOf, withProject } from "./jql";
import { JiraNotice } from "./parts";
import { useProjects, useSearch } from "./queries";

/** The page number from the address: a whole number from 1, else 1. */
function pageOf(text: string | null): number {
  const page = Number(text ?? "1");
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * `/tracker`: the built-in tracker's issues for every member, found with JQL (typed, or a
 * quick filter), limited to a project, 50 a page. The query, project and page are in the
 * address (`?jql=&project=&page=`), so a search can be linked to and the back button
 * goes back through searches.
 */
export default function TrackerListPage() {
  return (
    <SignedInLayout>
      <IssueList />
    </SignedInLayout>
  );
}

function IssueList() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const jql = params.get("jql") ?? DEFAULT_JQL;
  const project = params.get("project") || null;
  const page = pageOf(params.get("page"));
  const projects = useProjects();
  const asTyped = useSearch(withProject(jql, project), page);
  // Words the tracker cannot read as JQL are searched for in the issues' text instead.
  const refusedAsTyped = asTyped.error instanceof ApiRequestError && asTyped.error.status === 400;
  const words = refusedAsTyped ? textSearchOf(jql) : null;
  const asText = useSearch(withProject(words?.jql ?? "", project), page, words !== null);
  const search = words ? asText : asTyped;
  const [creating, setCreating] = useState(false);
  const [now] = useState(() => Date.now());

  /** A new search, project or page: the address changes and the list follows it. */
  const go = (change: { jql?: string; project?: string | null; page?: number }) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (change.jql !== undefined) next.set("jql", change.jql);
      if (change.project !== undefined) {
        if (change.project) next.set("project", change.project);
        else next.delete("project");
      }
      const to = change.page ?? 1;
      if (to > 1) next.set("page", String(to));
      else next.delete("page");
      return next;
    });

  const runSearch = (text: string) => {
    // The same query on its first page: run it again (the issues may have changed).
    if (text === jql && page === 1) void search.refetch();
    else go({ jql: text });
  };

  // A query the server refused (400) is said under the box, in its words.
  const refused = search.error instanceof ApiRequestError && search.error.status === 400 ? search.error : null;
  const jqlError = refused ? (jiraErrorOf(refused)?.errorMessages[0] ?? refused.message) : null;

  const data = search.data;
  let content;
  if (search.isPending) {
    content = <ListLoading label={t("jira.issues.loading")} />;
  } else if (refused) {
    content = <p className="px-4 py-10 text-center text-sm text-slate-500">{t("jira.issues.fixQuery")}</p>;
  } else if (!data) {
    content = <ListLoadFailed label={errorText(search.error, t("jira.issues.loadFailed"))} onRetry={() => void search.refetch()} />;
  } else if (data.issues.length === 0) {
    content = <NoIssues />;
  } else {
    const { total, issues } = data;
    const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
    content = (
      <>
        <IssueTable issues={issues} now={now} />
        <nav aria-label={t("jira.issues.pages")} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3" data-testid="issue-pager">
          <p className="text-sm text-slate-600" aria-live="polite">
            {t("jira.issues.found", { count: total })} {t("jira.issues.page", { page, pages })}
          </p>
          <div className="flex gap-2">
            <button type="button" className={pagerButton} disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              <ArrowLeftIcon className="size-4" />
              {t("jira.issues.previous")}
            </button>
            <button type="button" className={pagerButton} disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
              {t("jira.issues.next")}
              <ChevronRight className="size-4" />
            </button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="issues-title">
      <BackToChat />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl min-w-0">
          <h1 id="issues-title" className="text-2xl font-semibold tracking-tight text-navy-950">
            {t("jira.issues.title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("jira.issues.subtitle")}</p>
        </div>
        <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={() => setCreating(true)} data-testid="create-issue">
          <PlusIcon className="size-4" />
          {t("jira.issues.create.open")}
        </button>
      </div>

      <div className="mt-6 space-y-6">
        <JiraNotice />
        <IssueSearch jql={jql} onSearch={runSearch} error={jqlError} project={project} projects={projects.data ?? []} onProject={(key) => go({ project: key })} />
        <div
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          aria-busy={search.isFetching}
          data-testid="issue-results"
          data-jql={jql}
          data-project={project ?? ""}
          data-page={page}
        >
          {words && !search.isPending && (
            <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600" role="status" data-testid="text-search-note">
              {t("jira.issues.search.asText", { words: words.words })}
            </p>
          )}
          {content}
        </div>
      </div>

      <CreateIssueDialog
        open={creating}
        projects={projects.data ?? []}
        project={project}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          void navigate(issuePath(key));
        }}
      />
    </section>
  );
}

const pagerButton =
  "inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

function NoIssues() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center" data-testid="issues-empty">
      <span className="grid size-12 place-items-center rounded-xl bg-teal-50 text-teal-700">
        <TrackerIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-navy-950">{t("jira.issues.emptyTitle")}</h2>
      <p className="mt-2 text-sm text-slate-600">{t("jira.issues.emptyBody")}</p>
    </div>
  );
}
