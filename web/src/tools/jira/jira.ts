import { isRecord, num, str } from "../../lib/values";
import type { OutputOf, ToolName } from "../types";

/** The issue-tracker tools: one card shows them all (spec 001 §2.8). */
export const JIRA_TOOLS = ["jiraGetProjects", "jiraGetCreateMeta", "jiraCreateIssue", "jiraSearchIssues", "jiraGetTransitions", "jiraDoTransition"] as const satisfies readonly ToolName[];
export type JiraTool = (typeof JIRA_TOOLS)[number];

/**
 * The catalogue key of each tool (`jira.titles.<key>`, `jira.running.<key>`,
 * `jira.results.<key>`, `jira.failed.<key>`).
 */
export const TOOL_KEY = {
  jiraGetProjects: "projects",
  jiraGetCreateMeta: "createMeta",
  jiraCreateIssue: "createIssue",
  jiraSearchIssues: "search",
  jiraGetTransitions: "transitions",
  jiraDoTransition: "doTransition",
} as const satisfies Record<JiraTool, string>;

/**
 * What the card makes of a tool's output: the result; one that says it did not succeed
 * (with its error, if any); or one of another shape (a stored chat's older result, a
 * text), which the card shows as raw JSON.
 */
export type JiraReading<T> = { result: T } | { failed: string | undefined; tracker?: string } | { raw: unknown } | undefined;

/** What each tool's result must hold for its view to show it. */
const SHAPE: { readonly [N in JiraTool]: (output: Record<string, unknown>) => boolean } = {
  jiraGetProjects: (o) => Array.isArray(o.projects) && o.projects.every((p) => isRecord(p)),
  jiraGetCreateMeta: (o) => isRecord(o.data) && Array.isArray(o.data.projects) && o.data.projects.every((p) => isRecord(p) && Array.isArray(p.issuetypes)),
  jiraCreateIssue: (o) => typeof o.issueKey === "string",
  jiraSearchIssues: (o) => Array.isArray(o.issues) && o.issues.every((i) => isRecord(i) && typeof i.key === "string" && isRecord(i.fields)),
  jiraGetTransitions: (o) => Array.isArray(o.transitions) && o.transitions.every((t) => isRecord(t) && typeof t.name === "string" && isRecord(t.to)),
  jiraDoTransition: (o) => typeof o.issueKey === "string",
};

/** A tool's output read for its view (a stored chat may keep it as a JSON string). */
export function readJira<N extends JiraTool>(tool: N, output: unknown): JiraReading<OutputOf<N>> {
  if (output === undefined || output === null) return undefined;
  let value: unknown = output;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { raw: output };
    }
  }
  if (!isRecord(value)) return { raw: output };
  if (value.success === false) return { failed: str(value.error) ?? str(value.message), tracker: str(value.tracker)?.trim() || undefined };
  // The tool's generated type, once its shape is checked.
  return SHAPE[tool](value) ? { result: value as OutputOf<N> } : { raw: value };
}

/** The tracker's name a result gives ("Jira", "Waybill Tracker"). */
export function trackerOf(reading: JiraReading<{ tracker: string }>): string | undefined {
  if (!reading || "failed" in reading) return reading?.tracker;
  const value = "result" in reading ? reading.result : reading.raw;
  return isRecord(value) ? str(value.tracker)?.trim() || undefined : undefined;
}

/**
 * The tools' inputs as the card shows them, read tolerantly: the model may still be
 * writing them, and a stored chat may hold older shapes.
 */
export type JiraParameters = {
  projectKey?: string;
  issueTypeName?: string;
  summary?: string;
  description?: string;
  project?: string;
  issueType?: string;
  priority?: string;
  assignee?: string;
  labels?: string[];
  dueDate?: string;
  jql?: string;
  startAt?: number;
  maxResults?: number;
  issue?: string;
  transitionId?: string;
  toStatus?: string;
  resolution?: string;
  comment?: string;
};

const text = (value: unknown) => str(value)?.trim() || undefined;
/** `{ key }`, `{ name }` or `{ accountId }` (or the bare string), as Jira names things. */
const named = (value: unknown, field: string) => (isRecord(value) ? text(value[field]) : text(value));

export function parametersOf(input: unknown): JiraParameters {
  if (!isRecord(input)) return {};
  const fields = isRecord(input.fields) ? input.fields : {};
  const labels = Array.isArray(fields.labels) ? fields.labels.filter((l): l is string => typeof l === "string" && l !== "") : [];
  return {
    projectKey: text(input.projectKey),
    issueTypeName: text(input.issueTypeName),
    summary: text(fields.summary),
    description: text(fields.description),
    project: named(fields.project, "key"),
    issueType: named(fields.issuetype, "name"),
    priority: named(fields.priority, "name"),
    assignee: named(fields.assignee, "accountId"),
    labels: labels.length > 0 ? labels : undefined,
    dueDate: text(fields.duedate),
    jql: text(input.jql),
    startAt: num(input.startAt),
    maxResults: num(input.maxResults),
    issue: text(input.issueIdOrKey),
    transitionId: text(input.transitionId),
    toStatus: text(input.toStatus),
    resolution: named(fields.resolution, "name"),
    comment: text(input.comment),
  };
}

/** Whether a link holds a space, a control or a backslash (a browser drops or rewrites these, so `/<tab>/x` or `/<backslash>x` would go to another host). */
function unsafe(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || char === "\\" || /\s/u.test(char)) return true;
  }
  return false;
}

/**
 * Where an issue's link goes: a path in this app (`/tracker/browse/OPS-12`), opened in
 * place; an absolute http(s) URL (a Jira site), opened in a new tab; nothing for anything
 * else (`javascript:`, `//host`, `/\host`, data URLs).
 */
export function issueLink(url: unknown): { href: string; external: boolean } | undefined {
  const value = str(url)?.trim();
  if (!value) return undefined;
  if (value.startsWith("/")) {
    if (value.startsWith("//") || unsafe(value)) return undefined;
    return { href: value, external: false };
  }
  if (unsafe(value)) return undefined;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? { href: parsed.href, external: true } : undefined;
  } catch {
    return undefined;
  }
}
