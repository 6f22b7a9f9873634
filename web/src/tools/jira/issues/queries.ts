import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SEARCH_PAGE_SIZE,
  type TransitionRequest,
  addComment,
  createIssue,
  doTransition,
  getIssue,
  getTrackerStatus,
  getTransitions,
  listAssignable,
  listCreateFields,
  listIssueTypes,
  listProjects,
  searchIssues,
} from "../api/trackerRest";
import { useAuthStore } from "../../../auth/store";

/** Keyed by tenant: a member of two tenants never sees one's issues under the other. */
export const trackerKeys = {
  all: (tenantId: string | null) => ["tracker", tenantId] as const,
  status: (tenantId: string | null) => ["tracker", tenantId, "status"] as const,
  projects: (tenantId: string | null) => ["tracker", tenantId, "projects"] as const,
  searches: (tenantId: string | null) => ["tracker", tenantId, "search"] as const,
  search: (tenantId: string | null, jql: string, page: number) => ["tracker", tenantId, "search", jql, page] as const,
  issue: (tenantId: string | null, key: string) => ["tracker", tenantId, "issue", key] as const,
  transitions: (tenantId: string | null, key: string) => ["tracker", tenantId, "issue", key, "transitions"] as const,
  issueTypes: (tenantId: string | null, project: string) => ["tracker", tenantId, "createmeta", project] as const,
  createFields: (tenantId: string | null, project: string, typeId: string) => ["tracker", tenantId, "createmeta", project, typeId] as const,
  assignable: (tenantId: string | null, project: string) => ["tracker", tenantId, "assignable", project] as const,
};

const useTenant = () => useAuthStore((s) => s.tenantId);

/** Which tracker the assistant works in: a Jira site, or this one. */
export function useTrackerStatus() {
  const tenantId = useTenant();
  return useQuery({ queryKey: trackerKeys.status(tenantId), queryFn: ({ signal }) => getTrackerStatus(signal), staleTime: 5 * 60_000 });
}

export function useProjects() {
  const tenantId = useTenant();
  return useQuery({ queryKey: trackerKeys.projects(tenantId), queryFn: ({ signal }) => listProjects(signal), staleTime: 5 * 60_000 });
}

/** One page (from 1) of a search; the previous page stays on screen while the next loads. */
export function useSearch(jql: string, page: number, enabled = true) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: trackerKeys.search(tenantId, jql, page),
    queryFn: ({ signal }) => searchIssues(jql, (page - 1) * SEARCH_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useIssue(key: string) {
  const tenantId = useTenant();
  return useQuery({ queryKey: trackerKeys.issue(tenantId, key), queryFn: ({ signal }) => getIssue(key, signal) });
}

export function useTransitions(key: string, enabled: boolean) {
  const tenantId = useTenant();
  return useQuery({ queryKey: trackerKeys.transitions(tenantId, key), queryFn: ({ signal }) => getTransitions(key, signal), enabled });
}

/** The issue types of `project`; only fetched once a project is chosen. */
export function useIssueTypes(project: string) {
  const tenantId = useTenant();
  return useQuery({ queryKey: trackerKeys.issueTypes(tenantId, project), queryFn: ({ signal }) => listIssueTypes(project, signal), enabled: project !== "", staleTime: 5 * 60_000 });
}

/** The create screen of an issue type in `project`; only fetched once both are chosen. */
export function useCreateFields(project: string, typeId: string) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: trackerKeys.createFields(tenantId, project, typeId),
    queryFn: ({ signal }) => listCreateFields(project, typeId, signal),
    enabled: project !== "" && typeId !== "",
    staleTime: 5 * 60_000,
  });
}

/** Who may be assigned issues in `project`; only fetched while `enabled` (the type has an assignee field). */
export function useAssignable(project: string, enabled: boolean) {
  const tenantId = useTenant();
  return useQuery({
    queryKey: trackerKeys.assignable(tenantId, project),
    queryFn: ({ signal }) => listAssignable(project, signal),
    enabled: enabled && project !== "",
    staleTime: 60_000,
  });
}

/** A new issue shows up in every search. */
export function useCreateIssue() {
  const queryClient = useQueryClient();
  const tenantId = useTenant();
  return useMutation({ mutationFn: createIssue, onSuccess: () => void queryClient.invalidateQueries({ queryKey: trackerKeys.searches(tenantId) }) });
}

/** After a change to an issue, it, its transitions and the searches are loaded again. */
function useReloadIssue(key: string) {
  const queryClient = useQueryClient();
  const tenantId = useTenant();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trackerKeys.issue(tenantId, key) });
    void queryClient.invalidateQueries({ queryKey: trackerKeys.searches(tenantId) });
  };
}

/** Moves the issue; whether it went or was refused, the issue and its transitions are reloaded (someone else may have moved it). */
export function useDoTransition(key: string) {
  const reload = useReloadIssue(key);
  return useMutation({ mutationFn: (body: TransitionRequest) => doTransition(key, body), onSettled: reload });
}

export function useAddComment(key: string) {
  const reload = useReloadIssue(key);
  return useMutation({ mutationFn: (text: string) => addComment(key, text), onSuccess: reload });
}
