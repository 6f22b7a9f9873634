import type { OutputOf, SampleChecks, ToolTypes } from "../types";

/** The title as the card writes it in English: the tracker's name, then the tool's. */
const title = (sample: { tracker: string }, name: string) => `${sample.tracker} · ${name}`;
const FOOTER = "Issue Tracker Results";

/** An allowed value as the card names it. */
const allowed = (value: { name?: string; value?: string; id?: string }) => value.name ?? value.value ?? value.id ?? "";

/**
 * What the issue tracker's card shows of its tools' golden samples (spec 001 §2.8): the
 * title with the tracker's name, the result line, and the result — each project's name,
 * key and id; each issue type with its fields, their required marks and first allowed
 * value; the key and summary of the issue created; the count, the page and each issue's
 * key, status, summary and assignee; each transition's name, id and target status; the
 * transition done with the fields it updated — and the footer.
 */
const checks: SampleChecks = {
  jiraGetProjects: (sample) => [
    title(sample, "Projects"),
    `Found ${sample.projects.length} projects`,
    ...sample.projects.flatMap((project) => [project.name, project.key, project.id]),
    FOOTER,
  ],
  jiraGetCreateMeta: (sample) => [
    title(sample, `Create Metadata: ${sample.projectKey}`),
    "Retrieved field metadata",
    ...sample.data.projects.flatMap((project) =>
      project.issuetypes.flatMap((issueType) => [
        issueType.name,
        ...Object.values(issueType.fields).flatMap((field) => [
          field.name,
          ...(field.required ? ["Required"] : []),
          ...(field.allowedValues?.[0] ? [allowed(field.allowedValues[0])] : []),
        ]),
      ]),
    ),
    FOOTER,
  ],
  jiraCreateIssue: (sample) => [title(sample, "Issue Creation"), `Created issue ${sample.issueKey}`, sample.summary, FOOTER],
  jiraSearchIssues: (sample) => [
    title(sample, "Issue Search"),
    `Found ${sample.total} issues`,
    ...(sample.issues.length === 0
      ? ["No issues found"]
      : [
          `Found ${sample.total} issues, showing ${sample.issues.length} results`,
          `(Page ${sample.pagination.currentPage} of ${sample.pagination.totalPages})`,
          ...sample.issues.flatMap((issue) => [
            issue.key,
            issue.fields.status.name,
            issue.fields.summary,
            issue.fields.assignee?.displayName ?? "Unassigned",
            issue.fields.issuetype.name,
            issue.fields.project.key,
            ...(issue.fields.priority ? [issue.fields.priority.name] : []),
          ]),
        ]),
    FOOTER,
  ],
  jiraGetTransitions: (sample) => [
    title(sample, `Transitions: ${sample.issueKey}`),
    `Found ${sample.transitions.length} transitions`,
    `Available transitions for issue ${sample.issueKey}`,
    ...(sample.transitions.length === 0 ? ["No transitions available"] : sample.transitions.flatMap((transition) => [transition.name, `ID: ${transition.id}`, transition.to.name])),
    FOOTER,
  ],
  jiraDoTransition: (sample) => [
    title(sample, `Transition: ${sample.issueKey}`),
    "Transition completed",
    "Transition Completed Successfully",
    sample.issueKey,
    sample.transitionId,
    sample.toStatus,
    ...sample.fieldsUpdated,
    FOOTER,
  ],
};

export default checks;

type Issue = OutputOf<"jiraSearchIssues">["issues"][number];

const TRACKER = "Waybill Tracker";

function issue(n: number, over: Partial<Issue["fields"]> = {}): Issue {
  return {
    id: String(10000 + n),
    key: `OPS-${n}`,
    fields: {
      summary: `Dock door ${n} sensor reads open while closed`,
      status: { id: "3", name: n % 2 === 0 ? "In Progress" : "To Do", statusCategory: { key: n % 2 === 0 ? "indeterminate" : "new", name: n % 2 === 0 ? "In Progress" : "To Do" } },
      assignee: n % 2 === 0 ? { accountId: "u-maria", displayName: "Maria Lopez" } : null,
      priority: { id: "2", name: "High" },
      issuetype: { id: "10002", name: "Incident" },
      project: { id: "10000", key: "OPS", name: "Operations" },
      created: "2026-11-20T14:05:00Z",
      updated: "2026-11-24T09:30:00Z",
      labels: ["dock"],
      ...over,
    },
  };
}

/**
 * Inputs and outputs for each view of the card, as the server writes them
 * (crates/waybill-tracker/src/tools.rs): the component tests render these.
 */
export const examples = {
  projects: {
    success: true,
    tracker: TRACKER,
    projects: [
      { id: "10000", key: "OPS", name: "Operations" },
      { id: "10001", key: "CLM", name: "Carrier claims" },
    ],
  } satisfies OutputOf<"jiraGetProjects">,
  createMetaInput: { projectKey: "OPS" } satisfies ToolTypes["jiraGetCreateMeta"]["input"],
  createMeta: {
    success: true,
    tracker: TRACKER,
    projectKey: "OPS",
    data: {
      projects: [
        {
          id: "10000",
          key: "OPS",
          name: "Operations",
          issuetypes: [
            {
              id: "10002",
              name: "Incident",
              description: "Something in the building stopped working",
              fields: {
                summary: { name: "Summary", required: true, schema: { type: "string" } },
                priority: {
                  name: "Priority",
                  required: false,
                  schema: { type: "priority" },
                  allowedValues: [
                    { id: "1", name: "Highest" },
                    { id: "2", name: "High" },
                    { id: "3", name: "Medium" },
                  ],
                },
                customfield_10010: {
                  name: "Facility",
                  required: true,
                  schema: { type: "option" },
                  allowedValues: [
                    { id: "20001", value: "dc-ontario" },
                    { id: "20002", value: "yard-fontana" },
                  ],
                },
              },
            },
          ],
        },
      ],
    },
  } satisfies OutputOf<"jiraGetCreateMeta">,
  createInput: {
    fields: {
      project: { key: "OPS" },
      issuetype: { name: "Incident" },
      summary: "Dock door 7 sensor reads open while closed",
      description: "Seen on the night shift; the door is shut and locked.",
      priority: { name: "High" },
    },
  } satisfies ToolTypes["jiraCreateIssue"]["input"],
  created: {
    success: true,
    tracker: TRACKER,
    issueKey: "OPS-12",
    issueId: "10012",
    issueUrl: "/tracker/browse/OPS-12",
    summary: "Dock door 7 sensor reads open while closed",
    data: { id: "10012", key: "OPS-12" },
  } satisfies OutputOf<"jiraCreateIssue">,
  searchInput: { jql: "project = OPS AND statusCategory != Done ORDER BY priority DESC", startAt: 20, maxResults: 20 } satisfies ToolTypes["jiraSearchIssues"]["input"],
  search: {
    success: true,
    tracker: "Jira",
    jql: "project = OPS AND statusCategory != Done ORDER BY priority DESC",
    issues: [issue(21), issue(22), issue(23, { priority: null })],
    total: 43,
    startAt: 20,
    maxResults: 20,
    pagination: { currentPage: 2, totalPages: 3 },
  } satisfies OutputOf<"jiraSearchIssues">,
  searchEmpty: {
    success: true,
    tracker: TRACKER,
    jql: "project = CLM AND assignee = currentUser()",
    issues: [],
    total: 0,
    startAt: 0,
    maxResults: 20,
    pagination: { currentPage: 1, totalPages: 1 },
  } satisfies OutputOf<"jiraSearchIssues">,
  transitionsInput: { issueIdOrKey: "OPS-12" } satisfies ToolTypes["jiraGetTransitions"]["input"],
  transitions: {
    success: true,
    tracker: TRACKER,
    issueKey: "OPS-12",
    transitions: [
      { id: "21", name: "Start progress", to: { id: "3", name: "In Progress", description: "Someone is working on it" } },
      { id: "31", name: "Resolve", to: { id: "5", name: "Done" } },
    ],
  } satisfies OutputOf<"jiraGetTransitions">,
  transitionsEmpty: { success: true, tracker: TRACKER, issueKey: "OPS-9", transitions: [] } satisfies OutputOf<"jiraGetTransitions">,
  doTransitionInput: { issueIdOrKey: "OPS-12", toStatus: "Done", comment: "Sensor replaced" } satisfies ToolTypes["jiraDoTransition"]["input"],
  doTransition: {
    success: true,
    tracker: TRACKER,
    issueKey: "OPS-12",
    transitionId: "31",
    transitionName: "Resolve",
    toStatus: "Done",
    fieldsUpdated: ["status", "resolution", "comment"],
  } satisfies OutputOf<"jiraDoTransition">,
  /** A summary meant to break the card: markup, a right-to-left override and 10,000 characters. */
  hostileSummary: `<img src=x onerror=alert(1)>\u202E${"x".repeat(10_000)}`,
  failed: "No project has the key OPZ; the projects are OPS, CLM",
};
