import { type CreateField, REST_BASE, type TrackerComment, type TrackerIssue, type TrackerProject, type TrackerTransition, type TrackerUser } from "../api/trackerRest";
import type { LoginResponse } from "../../../generated/LoginResponse";
import type { StatusRef } from "../../../generated/tools/jira/StatusRef";
import { FACILITIES } from "../../../test/adminServer";
import { makeJwt } from "../../../test/jwt";
import { type Call, json } from "../../../test/fetchMock";

/** Where the pages call the REST subset (the API module's one prefix). */
export const REST = REST_BASE;

const nowSec = () => Math.floor(Date.now() / 1000);
/** A member who is not an administrator: the tracker is for everyone. */
export const member: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles: ["agent"] }],
};

export const PROJECTS: TrackerProject[] = [
  { id: "10000", key: "OPS", name: "Operations", description: "Docks, yards and the floor" },
  { id: "10001", key: "WMS", name: "Warehouse systems", description: "Scanners, labels, the WMS" },
  { id: "10002", key: "CLM", name: "Claims", description: "Carrier and customer claims" },
];

export const ME: TrackerUser = { accountId: "u1", name: "u1", key: "u1", displayName: "Grace", emailAddress: "grace@example.test", active: true };
export const MARIA: TrackerUser = { accountId: "u2", name: "u2", key: "u2", displayName: "Maria", emailAddress: "maria@example.test", active: true };
/** Floor staff with no account: no accountId or name. */
export const DOCK_LEAD: TrackerUser = { displayName: "Dock lead (night)", active: true };

const status = (id: string, name: string, key: string, category: string): StatusRef => ({ id, name, description: `${name}.`, statusCategory: { key, name: category } });
export const STATUSES = {
  "To Do": status("10000", "To Do", "new", "To Do"),
  "In Progress": status("3", "In Progress", "indeterminate", "In Progress"),
  Blocked: status("10001", "Blocked", "indeterminate", "In Progress"),
  Done: status("10002", "Done", "done", "Done"),
} as const;
type StatusName = keyof typeof STATUSES;

const RESOLUTIONS = [
  { id: "1", name: "Done" },
  { id: "2", name: "Fixed" },
  { id: "3", name: "Won't Do" },
  { id: "4", name: "Duplicate" },
];

/** The built-in workflow: the transitions open from each status and the fields they take. */
const WORKFLOW: { id: string; name: string; from: StatusName[]; to: StatusName; fields: string[] }[] = [
  { id: "11", name: "Start Progress", from: ["To Do"], to: "In Progress", fields: ["assignee"] },
  { id: "21", name: "Block", from: ["To Do", "In Progress"], to: "Blocked", fields: [] },
  { id: "31", name: "Unblock", from: ["Blocked"], to: "In Progress", fields: [] },
  { id: "41", name: "Done", from: ["To Do", "In Progress"], to: "Done", fields: ["resolution"] },
  { id: "51", name: "Stop Progress", from: ["In Progress"], to: "To Do", fields: [] },
  { id: "61", name: "Reopen", from: ["Done"], to: "To Do", fields: [] },
];

export const FACILITY_OPTIONS = [
  { id: "dc-ontario", value: "Ontario DC" },
  { id: "yard-fontana", value: "Fontana Yard" },
];

const ISSUE_TYPES = [
  { id: "10001", name: "Task", description: "Something to get done.", subtask: false },
  { id: "10002", name: "Bug", description: "A system that does not work as it should.", subtask: false },
  { id: "10003", name: "Incident", description: "Something that went wrong on the floor.", subtask: false },
  { id: "10004", name: "Claim", description: "A claim against or from a carrier or customer.", subtask: false },
];

/** An issue as the server sends it, numbered `n` in `project`, with `extra` fields over the defaults. */
export function trackerIssue(n: number, extra: Partial<TrackerIssue["fields"]> & { key?: string } = {}): TrackerIssue {
  const { key: givenKey, ...fields } = extra;
  const project = PROJECTS.find((p) => givenKey?.startsWith(`${p.key}-`)) ?? fields.project ?? PROJECTS[0]!;
  const key = givenKey ?? `${project.key}-${n}`;
  return {
    id: String(20000 + n),
    key,
    self: `${REST}/issue/${20000 + n}`,
    fields: {
      summary: `Issue number ${n}`,
      status: STATUSES["To Do"],
      assignee: null,
      reporter: MARIA,
      priority: { id: "3", name: "Medium" },
      issuetype: { id: "10001", name: "Task" },
      project: { id: project.id, key: project.key, name: project.name },
      created: "2026-11-20T09:15:02.123Z",
      updated: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      labels: [],
      description: undefined,
      duedate: null,
      customfield_10010: null,
      ...fields,
    },
  };
}

type Options = {
  issues?: TrackerIssue[];
  comments?: Record<string, TrackerComment[]>;
  jiraSite?: string | null;
  /** Every search fails with this status (a 500: the server is down). */
  searchFails?: number;
  /** Comments are refused with this field error. */
  refuseComments?: string;
};

const refusal = (status: number, errorMessages: string[], errors: Record<string, string> = {}) => json(status, { errorMessages, errors });

/** A JQL check as rough as the tests need: balanced parentheses and quotes, known fields. */
function jqlProblem(jql: string): string | null {
  let depth = 0;
  let quoted = false;
  for (const c of jql) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")") depth--;
  }
  if (quoted) return "Error in the JQL Query: The quoted string has not been completed. (line 1, character 1)";
  if (depth > 0) return `Error in the JQL Query: Expecting ')' but got the end of the query. (line 1, character ${jql.length + 1})`;
  const known = ["project", "status", "statuscategory", "assignee", "reporter", "priority", "updated", "created", "text", "summary", "labels", "key", "issuetype", "type", "resolution", "order", "and", "or", "not", "by", "asc", "desc", "in", "is", "empty", "null", "currentuser", "done"];
  const fields = [...jql.replace(/"[^"]*"/g, "").matchAll(/\b([A-Za-z_]\w*)\s*(?:!?=|~|>=|<=|>|<)/g)].map((m) => m[1]!);
  const unknown = fields.find((f) => !known.includes(f.toLowerCase()));
  if (unknown) return `Field '${unknown}' does not exist or you do not have permission to view it.`;
  // Words without an operator: the first is taken for a field, as the tracker does.
  const first = /^\s*([A-Za-z_]\w*)/.exec(jql)?.[1];
  if (first && fields.length === 0 && !/^\s*order\s+by\b/i.test(jql) && !known.includes(first.toLowerCase())) {
    return `Field '${first}' does not exist or you do not have permission to view it.`;
  }
  return null;
}

/** What the rough search understands: the project, the key, open or done, mine. */
function matches(issue: TrackerIssue, jql: string): boolean {
  const where = jql.replace(/\border\s+by\b[\s\S]*$/i, "");
  const project = /\bproject\s*=\s*"?(\w+)"?/i.exec(where)?.[1];
  if (project && issue.fields.project.key !== project.toUpperCase()) return false;
  const key = /\bkey\s*=\s*"?([\w-]+)"?/i.exec(where)?.[1];
  if (key && issue.key !== key.toUpperCase()) return false;
  const category = issue.fields.status.statusCategory?.key;
  if (/statusCategory\s*!=\s*Done/i.test(where) && category === "done") return false;
  if (/statusCategory\s*=\s*Done/i.test(where) && category !== "done") return false;
  if (/assignee\s*=\s*currentUser\(\)/i.test(where) && issue.fields.assignee?.accountId !== ME.accountId) return false;
  const text = /\btext\s*~\s*"((?:[^"\\]|\\.)*)"/i.exec(where)?.[1]?.replace(/\\(.)/g, "$1");
  if (text !== undefined && !`${issue.fields.summary} ${issue.fields.description ?? ""}`.toLowerCase().includes(text.toLowerCase())) return false;
  return true;
}

/**
 * The built-in tracker's REST subset (`/tracker/rest/api/2/…`) and
 * `/api/tracker/status` in memory, for component tests: Jira's JSON, and Jira's error
 * body (`errorMessages`, `errors`) for a bad query, an unknown issue, a transition not
 * open from the issue's status, a missing required field or an empty comment, as the
 * server refuses them. Returns undefined for other paths, so it can be a `fakeServer`
 * override.
 */
export function fakeTrackerRestServer({ issues = [], comments = {}, jiraSite = null, searchFails, refuseComments }: Options = {}) {
  const state = {
    issues: issues.map((i) => structuredClone(i)),
    comments: Object.fromEntries(Object.entries(comments).map(([k, v]) => [k, [...v]])) as Record<string, TrackerComment[]>,
    jiraSite,
    created: 0,
  };
  const find = (key: string) => state.issues.find((i) => i.key.toUpperCase() === decodeURIComponent(key).toUpperCase() || i.id === key);
  const notFound = () => refusal(404, ["Issue does not exist or you do not have permission to see it."]);

  const transitionsOf = (issue: TrackerIssue): TrackerTransition[] =>
    WORKFLOW.filter((t) => t.from.includes(issue.fields.status.name as StatusName)).map((t) => ({
      id: t.id,
      name: t.name,
      to: STATUSES[t.to],
      hasScreen: t.fields.length > 0,
      fields: Object.fromEntries(
        t.fields.map((f) =>
          f === "resolution"
            ? [f, { required: false, name: "Resolution", schema: { type: "resolution", system: "resolution" }, allowedValues: RESOLUTIONS }]
            : [f, { required: false, name: "Assignee", schema: { type: "user", system: "assignee" } }],
        ),
      ),
    }));

  const createFields = (typeId: string, project: TrackerProject): CreateField[] => {
    const type = ISSUE_TYPES.find((t) => t.id === typeId)!;
    const field = (fieldId: string, name: string, schema: CreateField["schema"], required = false, allowedValues?: CreateField["allowedValues"]): CreateField => ({
      fieldId,
      name,
      required,
      schema,
      ...(allowedValues ? { allowedValues } : {}),
    });
    const fields = [
      field("project", "Project", { type: "project" }, true, [{ id: project.id, name: project.name, value: project.key }]),
      field("issuetype", "Issue Type", { type: "issuetype" }, true, ISSUE_TYPES.map((t) => ({ id: t.id, name: t.name }))),
      field("summary", "Summary", { type: "string" }, true),
      field("description", "Description", { type: "string" }),
      field("priority", "Priority", { type: "priority" }, false, ["Highest", "High", "Medium", "Low", "Lowest"].map((name, i) => ({ id: String(i + 1), name }))),
      field("assignee", "Assignee", { type: "user" }),
      field("labels", "Labels", { type: "array", items: "string" }),
    ];
    if (type.name === "Task" || type.name === "Claim") fields.push(field("duedate", "Due date", { type: "date" }));
    fields.push(field("customfield_10010", "Facility", { type: "option" }, type.name === "Incident", FACILITY_OPTIONS));
    return fields;
  };

  const create = (body: { fields?: Record<string, unknown> }): Response => {
    const fields = body.fields ?? {};
    const errors: Record<string, string> = {};
    const project = PROJECTS.find((p) => p.key === (fields.project as { key?: string } | undefined)?.key);
    const type = ISSUE_TYPES.find((t) => t.id === (fields.issuetype as { id?: string } | undefined)?.id);
    if (!project) errors.project = "project is required";
    if (!type) errors.issuetype = "issue type is required";
    const summary = typeof fields.summary === "string" ? fields.summary.trim() : "";
    if (!summary) errors.summary = "You must specify a summary of the issue.";
    else if (summary.length > 255) errors.summary = "Summary must be less than 255 characters.";
    const facility = fields.customfield_10010 as { id?: string } | undefined;
    if (type?.name === "Incident" && !facility) errors.customfield_10010 = "Facility is required.";
    if (facility && !FACILITY_OPTIONS.some((f) => f.id === facility.id)) errors.customfield_10010 = `Facility '${facility.id}' is not one of this company's facilities.`;
    if (Object.keys(errors).length > 0) return refusal(400, [], errors);
    const number = 900 + ++state.created;
    const assignee = fields.assignee as { accountId?: string } | undefined;
    const issue = trackerIssue(number, {
      key: `${project!.key}-${number}`,
      summary,
      issuetype: { id: type!.id, name: type!.name },
      description: typeof fields.description === "string" ? fields.description : undefined,
      priority: { name: (fields.priority as { name?: string } | undefined)?.name ?? "Medium" },
      assignee: [ME, MARIA].find((u) => u.accountId === assignee?.accountId) ?? null,
      reporter: ME,
      labels: (fields.labels as string[] | undefined) ?? [],
      duedate: typeof fields.duedate === "string" ? fields.duedate : null,
      customfield_10010: facility ? (FACILITY_OPTIONS.find((f) => f.id === facility.id) ?? null) : null,
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
    state.issues.unshift(issue);
    return json(201, { id: issue.id, key: issue.key, self: issue.self });
  };

  const transition = (issue: TrackerIssue, body: { transition?: { id?: string }; fields?: { resolution?: { name?: string } }; update?: { comment?: { add?: { body?: string } }[] } }) => {
    const id = body.transition?.id;
    if (!id) return refusal(400, ["Missing 'transition' identifier"]);
    const open = WORKFLOW.find((t) => t.id === id && t.from.includes(issue.fields.status.name as StatusName));
    if (!open) return refusal(400, [`Transition id '${id}' is not valid for this issue.`]);
    issue.fields.status = STATUSES[open.to];
    issue.fields.resolution = open.to === "Done" ? { name: body.fields?.resolution?.name ?? "Done" } : undefined;
    issue.fields.updated = new Date().toISOString();
    const text = (body.update?.comment ?? []).map((c) => c.add?.body ?? "").filter(Boolean).join("\n\n");
    if (text) (state.comments[issue.key] ??= []).push({ id: `c${Date.now()}`, author: ME, body: text, created: new Date().toISOString() });
    return new Response(null, { status: 204 });
  };

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    const { pathname, searchParams } = url;
    if (pathname === "/api/tracker/status" && call.method === "GET") return json(200, { jiraSite: state.jiraSite });
    if (!pathname.startsWith(`${REST}/`)) return undefined;
    const path = pathname.slice(REST.length);
    const get = call.method === "GET";
    const post = call.method === "POST";
    let m: RegExpExecArray | null;

    if (path === "/project" && get) return json(200, PROJECTS);
    if (path === "/search" && get) {
      if (searchFails) return json(searchFails, { errorMessages: ["Internal server error"], errors: {} });
      const jql = searchParams.get("jql") ?? "";
      const problem = jqlProblem(jql);
      if (problem) return refusal(400, [problem]);
      const startAt = Number(searchParams.get("startAt") ?? "0");
      const maxResults = Math.min(100, Number(searchParams.get("maxResults") ?? "50"));
      const found = state.issues.filter((i) => matches(i, jql));
      return json(200, { expand: "schema,names", startAt, maxResults, total: found.length, issues: found.slice(startAt, startAt + maxResults) });
    }
    if (path === "/issue" && post) return create(call.body as { fields?: Record<string, unknown> });
    if ((m = /^\/issue\/createmeta\/([^/]+)\/issuetypes$/.exec(path)) && get) {
      if (!PROJECTS.some((p) => p.key === m![1])) return refusal(404, [`No project could be found with key '${m[1]}'.`]);
      return json(200, { startAt: 0, maxResults: 50, total: ISSUE_TYPES.length, values: ISSUE_TYPES });
    }
    if ((m = /^\/issue\/createmeta\/([^/]+)\/issuetypes\/([^/]+)$/.exec(path)) && get) {
      const project = PROJECTS.find((p) => p.key === m![1]);
      if (!project) return refusal(404, [`No project could be found with key '${m[1]}'.`]);
      if (!ISSUE_TYPES.some((t) => t.id === m![2])) return refusal(404, [`The issue type with id '${m[2]}' does not exist or is not used in this project.`]);
      const values = createFields(m[2]!, project);
      return json(200, { startAt: 0, maxResults: 200, total: values.length, values });
    }
    if (path === "/user/assignable/search" && get) return json(200, [ME, MARIA, DOCK_LEAD]);
    if ((m = /^\/issue\/([^/]+)\/transitions$/.exec(path))) {
      const issue = find(m[1]!);
      if (!issue) return notFound();
      if (get) return json(200, { expand: "transitions", transitions: transitionsOf(issue) });
      if (post) return transition(issue, call.body as Parameters<typeof transition>[1]);
    }
    if ((m = /^\/issue\/([^/]+)\/comment$/.exec(path)) && post) {
      const issue = find(m[1]!);
      if (!issue) return notFound();
      const text = (call.body as { body?: unknown }).body;
      if (typeof text !== "string" || !text.trim()) return refusal(400, [], { comment: "Comment body can not be empty!" });
      if (refuseComments) return refusal(400, [], { comment: refuseComments });
      const comment: TrackerComment = { id: `c${Date.now()}`, author: ME, body: text, created: new Date().toISOString(), updated: new Date().toISOString() };
      (state.comments[issue.key] ??= []).push(comment);
      return json(201, comment);
    }
    if ((m = /^\/issue\/([^/]+)$/.exec(path)) && get) {
      const issue = find(m[1]!);
      if (!issue) return notFound();
      const list = state.comments[issue.key] ?? [];
      return json(200, { ...issue, fields: { ...issue.fields, comment: { startAt: 0, maxResults: list.length, total: list.length, comments: list } } });
    }
    return refusal(404, ["No such resource in this tracker's REST API."]);
  };
  return { handler, state };
}
