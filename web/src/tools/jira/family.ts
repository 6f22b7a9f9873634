import type { ToolFamily } from "../types";
import { JiraCard } from "./JiraCard";
import pages from "./pages";
import strings from "./strings/en";

/**
 * The issue tracker's web half (spec 001 §2.8): one card for its six tools — the
 * projects, a project's create metadata, creating an issue, searching with JQL, an
 * issue's transitions and doing one. Creating and transitioning ask for approval first.
 * Its pages: the issues and an issue (every member), the tracker's connection (administrators).
 */
const jira: ToolFamily<typeof strings> = {
  strings,
  pages,
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
