import type { ToolFamily } from "../types";
import { JiraCard } from "./JiraCard";
import strings from "./strings/en";

/**
 * The issue tracker's web half (spec 001 §2.8): one card for its six tools — the
 * projects, a project's create metadata, creating an issue, searching with JQL, an
 * issue's transitions and doing one. Creating and transitioning ask for approval first.
 */
const jira: ToolFamily<typeof strings> = {
  strings,
  cards: {
    jiraGetProjects: JiraCard,
    jiraGetCreateMeta: JiraCard,
    jiraCreateIssue: JiraCard,
    jiraSearchIssues: JiraCard,
    jiraGetTransitions: JiraCard,
    jiraDoTransition: JiraCard,
  },
};

export default jira;
