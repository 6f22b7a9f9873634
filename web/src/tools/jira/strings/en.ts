import type { Translation } from "../../../i18n/families";

/**
 * The issue-tracker family's strings (`jira.*` in the catalogue), in English: the source
 * of its keys. The spec's quoted texts (001 §2.8) are kept exactly: the titles, the
 * result lines and their failures, 'Found N issues, showing M results', '(Page X of Y)',
 * 'No issues found', 'Available transitions for issue {key}', 'No transitions
 * available', 'Transition Completed Successfully' and the footer.
 */
const en = {
  /** Every title: the tracker's name ("Waybill Tracker", "Jira"), then the tool's. */
  title: "{{tracker}} · {{name}}",
  /** The tracker's name before a result says which one it is. */
  trackerUnknown: "Issue Tracker",
  titles: {
    projects: "Projects",
    createMeta: "Create Metadata",
    createMetaOf: "Create Metadata: {{project}}",
    createIssue: "Issue Creation",
    search: "Issue Search",
    transitions: "Transitions",
    transitionsOf: "Transitions: {{issue}}",
    doTransition: "Transition",
    doTransitionOf: "Transition: {{issue}}",
  },
  running: {
    projects: "Listing the projects…",
    createMeta: "Reading the fields of the project's issue types…",
    createIssue: "Creating the issue…",
    search: "Searching the issues…",
    transitions: "Reading the issue's transitions…",
    doTransition: "Moving the issue…",
  },
  /** The line under the title once the tool has answered. */
  results: {
    projects: "Found {{n}} projects",
    createMeta: "Retrieved field metadata",
    createIssue: "Created issue {{key}}",
    search: "Found {{n}} issues",
    transitions: "Found {{n}} transitions",
    doTransition: "Transition completed",
  },
  /** A call that failed, with its error. */
  failed: {
    projects: "Failed to get projects: {{error}}",
    createMeta: "Failed to get metadata: {{error}}",
    createIssue: "Failed to create issue: {{error}}",
    search: "Search failed: {{error}}",
    transitions: "Failed to get transitions: {{error}}",
    doTransition: "Transition failed: {{error}}",
  },
  footer: "Issue Tracker Results",
  response: "Result",
  parameters: {
    none: "No parameters",
    projectKey: "Project",
    issueTypeName: "Issue type",
    summary: "Summary",
    description: "Description",
    project: "Project",
    issueType: "Type",
    priority: "Priority",
    assignee: "Assignee",
    labels: "Labels",
    dueDate: "Due date",
    jql: "JQL",
    startAt: "Start at",
    maxResults: "Max results",
    issue: "Issue",
    transitionId: "Transition ID",
    toStatus: "Target status",
    resolution: "Resolution",
    comment: "Comment",
  },
  /** What a call that changes the tracker will do, shown with Approve and Deny. */
  approval: {
    createIssue: "Creates this issue in {{project}}:",
    createIssueAnywhere: "Creates this issue:",
    toStatus: "Moves {{issue}} to {{status}}:",
    byTransition: "Moves {{issue}} by transition {{id}}:",
  },
  projects: {
    label: "Projects",
    name: "Name",
    key: "Key",
    id: "ID",
    none: "No projects",
  },
  createMeta: {
    project: "{{name}} ({{key}})",
    issueTypes: "Issue types",
    field: "Field",
    required: "Required",
    optional: "Optional",
    allowedValues: "Allowed values",
    noFields: "No fields",
    noIssueTypes: "No issue types",
    more: "+{{n}} more",
  },
  createIssue: {
    created: "Created issue",
    summary: "Summary",
    opensInNewTab: "(opens in a new tab)",
  },
  search: {
    found: "Found {{total}} issues, showing {{shown}} results",
    page: "(Page {{page}} of {{pages}})",
    none: "No issues found",
    label: "Issues",
    assignee: "Assignee",
    unassigned: "Unassigned",
    priority: "Priority",
    type: "Type",
    project: "Project",
    noPriority: "None",
  },
  transitions: {
    heading: "Available transitions for issue {{key}}",
    id: "ID: {{id}}",
    to: "To: {{status}}",
    none: "No transitions available",
  },
  doTransition: {
    done: "Transition Completed Successfully",
    issue: "Issue",
    transition: "Transition",
    transitionId: "Transition ID",
    status: "New status",
    fieldsUpdated: "Fields updated",
    noFields: "None",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
