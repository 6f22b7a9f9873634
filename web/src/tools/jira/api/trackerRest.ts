import type { Named } from "../../../generated/tools/jira/Named";
import type { ProjectRef } from "../../../generated/tools/jira/ProjectRef";
import type { StatusRef } from "../../../generated/tools/jira/StatusRef";
import type { UserRef } from "../../../generated/tools/jira/UserRef";
import { ApiRequestError, NETWORK_ERROR, api, authorizedFetch } from "../../../api/client";

/**
 * The built-in tracker's pages against the server's "REST subset" of Jira Data Center's
 * API v2. Its answers are Jira's JSON and its refusals Jira's error body
 * (`{"errorMessages": [...], "errors": {field: message}}`), which `api` would drop (it
 * keeps Waybill's `{code, message}` only): calls go through `authorizedFetch` (the same
 * token, tenant and facility headers, refresh and retry on 401) and a refusal becomes a
 * `TrackerRestError` that keeps the body.
 */
export const REST_BASE = "/tracker/rest/api/2";

/** A search page's size on the issue list (the server allows up to 100). */
export const SEARCH_PAGE_SIZE = 50;

// ---- wire types (written by hand: Jira's shapes, not generated) -------------

/** A person; `accountId` and `name` (the member's user id) are absent for people with no account. */
export type TrackerUser = UserRef & { key?: string; active?: boolean };

export type TrackerComment = { id: string; author?: TrackerUser; body: string; created: string; updated?: string };

/** The facility custom field's id. */
export const FACILITY_FIELD = "customfield_10010";

export type TrackerIssueFields = {
  summary: string;
  status: StatusRef;
  assignee: TrackerUser | null;
  reporter?: TrackerUser | null;
  priority: Named | null;
  issuetype: Named;
  project: ProjectRef;
  created: string;
  updated: string;
  labels: string[];
  description?: string | null;
  resolution?: Named | null;
  duedate?: string | null;
  customfield_10010?: { id: string; value: string } | null;
  /** On `GET /issue/{key}` only. */
  comment?: { startAt: number; maxResults: number; total: number; comments: TrackerComment[] };
};

export type TrackerIssue = { id: string; key: string; self?: string; fields: TrackerIssueFields };

export type TrackerProject = ProjectRef & { description?: string };

export type SearchPage = { startAt: number; maxResults: number; total: number; issues: TrackerIssue[] };

/** A value a field allows: issue types and priorities have a name, options of custom fields a value. */
export type AllowedValue = { id?: string; name?: string; value?: string };

export type TransitionField = { required: boolean; name: string; schema?: { type: string; system?: string }; allowedValues?: AllowedValue[] };

export type TrackerTransition = { id: string; name: string; to: StatusRef; hasScreen?: boolean; fields?: Record<string, TransitionField> };

export type IssueTypeRef = { id: string; name: string; description?: string; subtask?: boolean };

export type CreateField = {
  fieldId: string;
  name: string;
  required: boolean;
  schema: { type: string; items?: string };
  allowedValues?: AllowedValue[];
};

type Paged<T> = { startAt: number; maxResults: number; total: number; values: T[] };

/** `POST /issue`'s body: only the fields that were filled. */
export type CreateIssueFields = {
  project: { key: string };
  issuetype: { id: string };
  summary?: string;
  description?: string;
  priority?: { name: string };
  assignee?: { accountId: string };
  labels?: string[];
  duedate?: string;
  customfield_10010?: { id: string };
};

export type CreatedIssue = { id: string; key: string; self?: string };

export type TransitionRequest = {
  transition: { id: string };
  fields?: { resolution?: { name: string } };
  update?: { comment: { add: { body: string } }[] };
};

// ---- errors -------------------------------------------------------------------

/** Jira's error body. */
export type JiraErrorBody = { errorMessages: string[]; errors: Record<string, string> };

/** A refusal in Jira's words; `message` is its first message (or first field's). */
export class TrackerRestError extends ApiRequestError {
  readonly errorMessages: readonly string[];
  readonly errors: Readonly<Record<string, string>>;

  constructor(status: number, body: JiraErrorBody) {
    const first = body.errorMessages[0] ?? Object.values(body.errors)[0] ?? `HTTP ${status}`;
    super(status, `http_${status}`, first);
    this.name = "TrackerRestError";
    this.errorMessages = body.errorMessages;
    this.errors = body.errors;
  }
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The body as Jira's error body, when it is one. */
function jiraErrorBody(body: unknown): JiraErrorBody | null {
  if (typeof body !== "object" || body === null) return null;
  const { errorMessages, errors } = body as Record<string, unknown>;
  if (!Array.isArray(errorMessages) && (typeof errors !== "object" || errors === null)) return null;
  const fields: Record<string, string> = {};
  if (typeof errors === "object" && errors !== null && !Array.isArray(errors)) {
    for (const [field, message] of Object.entries(errors)) if (typeof message === "string") fields[field] = message;
  }
  return { errorMessages: strings(errorMessages), errors: fields };
}

/** Jira's error body of a failed call, or none (a network failure, Waybill's own refusal). */
export function jiraErrorOf(error: unknown): JiraErrorBody | null {
  return error instanceof TrackerRestError ? { errorMessages: [...error.errorMessages], errors: { ...error.errors } } : null;
}

/** The call failed because there is no such issue or project. */
export const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

async function failure(res: Response): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => null);
  const jira = jiraErrorBody(body);
  if (jira) return new TrackerRestError(res.status, jira);
  // Waybill's own body (an expired session, a tenant the member may not use).
  if (typeof body === "object" && body !== null) {
    const { code, message } = body as Record<string, unknown>;
    if (typeof code === "string" && typeof message === "string") return new ApiRequestError(res.status, code as ApiRequestError["code"], message);
  }
  return new ApiRequestError(res.status, `http_${res.status}`, res.statusText || `HTTP ${res.status}`);
}

type Method = "GET" | "POST";

async function rest<T>(method: Method, path: string, { body, signal }: { body?: unknown; signal?: AbortSignal | undefined } = {}): Promise<T> {
  const headers = new Headers({ Accept: "application/json" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  let res: Response;
  try {
    res = await authorizedFetch(`${REST_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (cause) {
    if (cause instanceof ApiRequestError || (cause instanceof DOMException && cause.name === "AbortError")) throw cause;
    throw new ApiRequestError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
  if (!res.ok) throw await failure(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const segment = encodeURIComponent;

// ---- calls ----------------------------------------------------------------------

/** `GET /api/tracker/status`: whether the tenant's assistant works in a Jira site (a Waybill endpoint). */
export function getTrackerStatus(signal?: AbortSignal): Promise<{ jiraSite: string | null }> {
  return api.get<{ jiraSite: string | null }>("/api/tracker/status", { signal });
}

export function listProjects(signal?: AbortSignal): Promise<TrackerProject[]> {
  return rest<TrackerProject[]>("GET", "/project", { signal });
}

export function searchIssues(jql: string, startAt: number, signal?: AbortSignal): Promise<SearchPage> {
  const query = new URLSearchParams({ jql, startAt: String(startAt), maxResults: String(SEARCH_PAGE_SIZE) });
  return rest<SearchPage>("GET", `/search?${query}`, { signal });
}

export function getIssue(key: string, signal?: AbortSignal): Promise<TrackerIssue> {
  return rest<TrackerIssue>("GET", `/issue/${segment(key)}`, { signal });
}

export async function getTransitions(key: string, signal?: AbortSignal): Promise<TrackerTransition[]> {
  return (await rest<{ transitions: TrackerTransition[] }>("GET", `/issue/${segment(key)}/transitions`, { signal })).transitions;
}

export function doTransition(key: string, body: TransitionRequest): Promise<void> {
  return rest<void>("POST", `/issue/${segment(key)}/transitions`, { body });
}

export function addComment(key: string, text: string): Promise<TrackerComment> {
  return rest<TrackerComment>("POST", `/issue/${segment(key)}/comment`, { body: { body: text } });
}

export async function listIssueTypes(projectKey: string, signal?: AbortSignal): Promise<IssueTypeRef[]> {
  return (await rest<Paged<IssueTypeRef>>("GET", `/issue/createmeta/${segment(projectKey)}/issuetypes`, { signal })).values;
}

export async function listCreateFields(projectKey: string, typeId: string, signal?: AbortSignal): Promise<CreateField[]> {
  return (await rest<Paged<CreateField>>("GET", `/issue/createmeta/${segment(projectKey)}/issuetypes/${segment(typeId)}`, { signal })).values;
}

export function listAssignable(projectKey: string, signal?: AbortSignal): Promise<TrackerUser[]> {
  const query = new URLSearchParams({ project: projectKey, username: "", maxResults: "1000" });
  return rest<TrackerUser[]>("GET", `/user/assignable/search?${query}`, { signal });
}

export function createIssue(fields: CreateIssueFields): Promise<CreatedIssue> {
  return rest<CreatedIssue>("POST", "/issue", { body: { fields } });
}
