import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import { type JiraTool, issueLink } from "./jira";
import { JiraCard } from "./JiraCard";
import checks, { examples } from "./samples";

const done = <N extends JiraTool>(tool: N, output: unknown, input: unknown = {}) => toolCall(tool, "completed", { input, output });
const title = () => screen.getByTestId("tool-title").textContent;
const status = () => screen.getByTestId("tool-status").textContent;
const expand = () => userEvent.click(screen.getByRole("button", { expanded: false }));

describe("the issue tracker's card", () => {
  it.each<[JiraTool, string, string, unknown, unknown]>([
    ["jiraGetProjects", "Waybill Tracker · Projects", "Found 2 projects", examples.projects, {}],
    ["jiraGetCreateMeta", "Waybill Tracker · Create Metadata: OPS", "Retrieved field metadata", examples.createMeta, examples.createMetaInput],
    ["jiraCreateIssue", "Waybill Tracker · Issue Creation", "Created issue OPS-12", examples.created, examples.createInput],
    ["jiraSearchIssues", "Jira · Issue Search", "Found 43 issues", examples.search, examples.searchInput],
    ["jiraGetTransitions", "Waybill Tracker · Transitions: OPS-12", "Found 2 transitions", examples.transitions, examples.transitionsInput],
    ["jiraDoTransition", "Waybill Tracker · Transition: OPS-12", "Transition completed", examples.doTransition, examples.doTransitionInput],
  ])("titles %s '%s' with '%s', folded until clicked", async (tool, expectedTitle, line, output, input) => {
    render(<ToolPart invocation={done(tool, output, input)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", tool);
    expect(title()).toBe(expectedTitle);
    expect(status()).toBe(line);
    expect(screen.queryByTestId("tool-body")).toBeNull();
    await expand();
    expect(screen.getByTestId("tool-body")).toBeInTheDocument();
    expect(screen.getByTestId("jira-footer").textContent).toBe("Issue Tracker Results");
    await userEvent.click(screen.getByRole("button", { expanded: true }));
    expect(screen.queryByTestId("tool-body")).toBeNull();
  });

  it("titles a call by its input before the result, and by the result's key once there", () => {
    const { rerender } = render(<JiraCard invocation={toolCall("jiraGetTransitions", "executing", { input: { issueIdOrKey: "ops-12" } })} />);
    expect(title()).toBe("Issue Tracker · Transitions: ops-12");
    expect(status()).toBe("Reading the issue's transitions…");
    rerender(<JiraCard invocation={done("jiraGetTransitions", examples.transitions, { issueIdOrKey: "ops-12" })} />);
    expect(title()).toBe("Waybill Tracker · Transitions: OPS-12");
    rerender(<JiraCard invocation={done("jiraGetCreateMeta", { ...examples.createMeta, projectKey: "" }, { projectKey: "CLM" })} />);
    expect(title()).toBe("Waybill Tracker · Create Metadata: CLM");
  });

  it("lists the issues found with their key, status, summary, assignee, priority, type and project, and the page", async () => {
    render(<JiraCard invocation={done("jiraSearchIssues", examples.search, examples.searchInput)} />);
    await expand();
    expect(screen.getByTestId("jira-param-jql").textContent).toBe(examples.searchInput.jql);
    expect(screen.getByTestId("jira-search-count").textContent).toBe("Found 43 issues, showing 3 results (Page 2 of 3)");
    const issues = within(screen.getByRole("list", { name: "Issues" })).getAllByTestId("jira-issue");
    expect(issues).toHaveLength(3);
    const [first, second, third] = issues.map((li) => within(li));
    expect(first!.getByTestId("jira-issue-key").textContent).toBe("OPS-21");
    expect(first!.getByTestId("jira-issue-status").textContent).toBe("To Do");
    expect(first!.getByTestId("jira-issue-summary").textContent).toBe("Dock door 21 sensor reads open while closed");
    expect(first!.getByTestId("jira-issue-assignee").textContent).toBe("Unassigned");
    expect(first!.getByTestId("jira-issue-priority").textContent).toBe("High");
    expect(first!.getByTestId("jira-issue-type").textContent).toBe("Incident");
    expect(first!.getByTestId("jira-issue-project").textContent).toBe("OPS");
    expect(second!.getByTestId("jira-issue-status").textContent).toBe("In Progress");
    expect(second!.getByTestId("jira-issue-assignee").textContent).toBe("Maria Lopez");
    expect(third!.getByTestId("jira-issue-priority").textContent).toBe("None");
  });

  it("says 'No issues found' for an empty search", async () => {
    render(<JiraCard invocation={done("jiraSearchIssues", examples.searchEmpty)} />);
    expect(status()).toBe("Found 0 issues");
    await expand();
    expect(screen.getByTestId("jira-no-issues").textContent).toBe("No issues found");
    expect(screen.queryByTestId("jira-issues")).toBeNull();
  });

  it("lists an issue's transitions with their id, target status and description, or says there are none", async () => {
    const { unmount } = render(<JiraCard invocation={done("jiraGetTransitions", examples.transitions, examples.transitionsInput)} />);
    await expand();
    expect(screen.getByTestId("jira-transitions-heading").textContent).toBe("Available transitions for issue OPS-12");
    const items = screen.getAllByTestId("jira-transition").map((li) => within(li));
    expect(items.map((item) => item.getByTestId("jira-transition-name").textContent)).toEqual(["Start progress", "Resolve"]);
    expect(items.map((item) => item.getByTestId("jira-transition-id").textContent)).toEqual(["ID: 21", "ID: 31"]);
    expect(items.map((item) => item.getByTestId("jira-transition-to").textContent)).toEqual(["→To: In Progress", "→To: Done"]);
    expect(items[0]!.getByTestId("jira-transition-description").textContent).toBe("Someone is working on it");
    expect(items[1]!.queryByTestId("jira-transition-description")).toBeNull();
    unmount();

    render(<JiraCard invocation={done("jiraGetTransitions", examples.transitionsEmpty)} />);
    expect(status()).toBe("Found 0 transitions");
    await expand();
    expect(screen.getByTestId("jira-transitions-heading").textContent).toBe("Available transitions for issue OPS-9");
    expect(screen.getByTestId("jira-no-transitions").textContent).toBe("No transitions available");
  });

  it("shows a transition done: the issue, the transition id, the new status and the fields updated", async () => {
    render(<JiraCard invocation={done("jiraDoTransition", examples.doTransition, examples.doTransitionInput)} />);
    await expand();
    const view = within(screen.getByTestId("jira-transitioned"));
    expect(view.getByText("Transition Completed Successfully")).toBeInTheDocument();
    expect(view.getByTestId("jira-transitioned-issue").textContent).toBe("OPS-12");
    expect(view.getByTestId("jira-transitioned-id").textContent).toBe("31");
    expect(view.getByTestId("jira-transitioned-status").textContent).toBe("Done");
    expect(within(view.getByTestId("jira-fields-updated")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["status", "resolution", "comment"]);
    expect(screen.getByTestId("jira-param-comment").textContent).toBe("Sensor replaced");
  });

  it("links the issue created in the app, opens a Jira site in a new tab, and links nothing else", async () => {
    const { unmount } = render(<JiraCard invocation={done("jiraCreateIssue", examples.created, examples.createInput)} />);
    await expand();
    const link = screen.getByRole("link", { name: "OPS-12" });
    expect(link).toHaveAttribute("href", "/tracker/browse/OPS-12");
    expect(link).not.toHaveAttribute("target");
    expect(screen.getByTestId("jira-created-summary").textContent).toBe(examples.created.summary);
    unmount();

    const { unmount: unmountJira } = render(<JiraCard invocation={done("jiraCreateIssue", { ...examples.created, tracker: "Jira", issueUrl: "https://acme.atlassian.net/browse/OPS-12" })} />);
    await expand();
    const external = screen.getByTestId("jira-created-key");
    expect(external.tagName).toBe("A");
    expect(external).toHaveAttribute("href", "https://acme.atlassian.net/browse/OPS-12");
    expect(external).toHaveAttribute("target", "_blank");
    expect(external).toHaveAttribute("rel", "noopener noreferrer");
    unmountJira();

    for (const issueUrl of ["javascript:alert(1)", "//evil.example/x", "/\\evil.example", "data:text/html,<b>x</b>", " /tracker/\tx"]) {
      const { unmount: next } = render(<JiraCard invocation={done("jiraCreateIssue", { ...examples.created, issueUrl })} />);
      await expand();
      expect(screen.queryByRole("link"), issueUrl).toBeNull();
      expect(screen.getByTestId("jira-created-key").textContent).toBe("OPS-12");
      next();
    }
  });

  it("reads issue links strictly", () => {
    expect(issueLink("/tracker/browse/OPS-1")).toEqual({ href: "/tracker/browse/OPS-1", external: false });
    expect(issueLink("http://jira.local/browse/OPS-1")).toEqual({ href: "http://jira.local/browse/OPS-1", external: true });
    for (const bad of ["", "  ", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "//x.example", "/\\x.example", "/\n/x.example", "vbscript:x", "mailto:a@b.c", "tracker/browse/OPS-1", 42, null]) {
      expect(issueLink(bad), String(bad)).toBeUndefined();
    }
  });

  it("lists the create metadata's issue types and fields, required ones marked, with their allowed values", async () => {
    render(<JiraCard invocation={done("jiraGetCreateMeta", examples.createMeta, examples.createMetaInput)} />);
    await expand();
    expect(screen.getByTestId("jira-param-projectKey").textContent).toBe("OPS");
    const project = screen.getByRole("region", { name: "OPS" });
    expect(project).toHaveTextContent("Operations (OPS)");
    expect(within(project).getByTestId("jira-issue-type-name").textContent).toBe("Incident");
    const rows = within(project).getAllByTestId("jira-field");
    // Required fields first, then the others, each group in the tracker's order.
    expect(rows.map((row) => row.dataset.field)).toEqual(["summary", "customfield_10010", "priority"]);
    const cells = rows.map((row) => within(row));
    expect(cells[0]!.getByTestId("jira-field-name").textContent).toBe("Summary");
    expect(cells[0]!.getByTestId("jira-required").textContent).toBe("Required");
    expect(cells[0]!.queryByTestId("jira-allowed")).toBeNull();
    expect(cells[1]!.getByTestId("jira-field-name").textContent).toBe("Facility");
    expect(cells[1]!.getByTestId("jira-required")).toBeInTheDocument();
    expect(within(cells[1]!.getByTestId("jira-allowed")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["dc-ontario", "yard-fontana"]);
    expect(cells[2]!.getByTestId("jira-optional").textContent).toBe("Optional");
    expect(cells[2]!.queryByTestId("jira-required")).toBeNull();
    expect(within(cells[2]!.getByTestId("jira-allowed")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Highest", "High", "Medium"]);
  });

  it("lists the projects with their name, key and id", async () => {
    render(<JiraCard invocation={done("jiraGetProjects", examples.projects)} />);
    await expand();
    expect(screen.getByTestId("jira-parameters")).toHaveTextContent("No parameters");
    const rows = within(screen.getByRole("table", { name: "Projects" })).getAllByTestId("jira-project");
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Operations", "OPS", "10000"],
      ["Carrier claims", "CLM", "10001"],
    ]);
  });

  it.each<[JiraTool, string]>([
    ["jiraGetProjects", "Failed to get projects"],
    ["jiraGetCreateMeta", "Failed to get metadata"],
    ["jiraCreateIssue", "Failed to create issue"],
    ["jiraSearchIssues", "Search failed"],
    ["jiraGetTransitions", "Failed to get transitions"],
    ["jiraDoTransition", "Transition failed"],
  ])("says '%s' failed: '%s: {error}', open, with what it was asked", (tool, line) => {
    render(<JiraCard invocation={toolCall(tool, "failed", { input: examples.createMetaInput, errorText: examples.failed })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(title(), "the card keeps its own title").toMatch(/^Issue Tracker · /);
    expect(status()).toBe(`${line}: ${examples.failed}`);
    expect(screen.getByRole("alert").textContent).toBe(`${line}: ${examples.failed}`);
    expect(screen.getByTestId("jira-parameters")).toBeInTheDocument();
  });

  it("says the failure with its error and the tool's name in the status", () => {
    const { rerender } = render(<JiraCard invocation={toolCall("jiraGetCreateMeta", "failed", { input: { projectKey: "OPZ" }, errorText: examples.failed })} />);
    expect(title()).toBe("Issue Tracker · Create Metadata: OPZ");
    expect(screen.getByRole("alert").textContent).toBe(`Failed to get metadata: ${examples.failed}`);
    expect(screen.getByTestId("jira-param-projectKey").textContent).toBe("OPZ");
    rerender(<JiraCard invocation={toolCall("jiraGetCreateMeta", "failed", { input: { projectKey: "OPZ" } })} />);
    expect(screen.getByRole("alert").textContent).toBe("Failed to get metadata: Unknown error");
    rerender(<JiraCard invocation={done("jiraSearchIssues", { success: false, tracker: "Jira", error: "JQL: no field named stauts" })} />);
    expect(screen.getByRole("alert").textContent).toBe("Search failed: JQL: no field named stauts");
  });

  it("shows a result of another shape as raw JSON", async () => {
    render(<JiraCard invocation={done("jiraSearchIssues", { tracker: "Jira", rows: [{ key: "OPS-1" }] })} />);
    expect(title()).toBe("Jira · Issue Search");
    await expand();
    const raw = screen.getByTestId("jira-raw");
    expect(raw.tagName).toBe("PRE");
    expect(JSON.parse(raw.textContent ?? "")).toEqual({ tracker: "Jira", rows: [{ key: "OPS-1" }] });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks before creating an issue, showing the summary, project, type and priority it will file, and Approve answers it", async () => {
    const { actions } = renderInChat(<JiraCard invocation={toolCall("jiraCreateIssue", "approval", { input: examples.createInput, toolCallId: "call-create" })} />);
    expect(title()).toBe("Issue Tracker · Issue Creation");
    expect(status()).toBe("Waiting for your approval");
    const ask = screen.getByRole("group", { name: "Issue Tracker · Issue Creation runs only if you approve it:" });
    expect(within(ask).getByTestId("jira-approval-lead").textContent).toBe("Creates this issue in OPS:");
    expect(within(ask).getByTestId("jira-param-summary").textContent).toBe(examples.createInput.fields.summary);
    expect(within(ask).getByTestId("jira-param-project").textContent).toBe("OPS");
    expect(within(ask).getByTestId("jira-param-issueType").textContent).toBe("Incident");
    expect(within(ask).getByTestId("jira-param-priority").textContent).toBe("High");
    expect(within(ask).getByTestId("jira-param-description").textContent).toBe(examples.createInput.fields.description);
    await userEvent.click(within(ask).getByRole("button", { name: "Approve" }));
    expect(actions.respond).toHaveBeenCalledWith("call-create", { approved: true });
  });

  it("asks before moving an issue, naming the issue and its target status or transition", () => {
    const { unmount } = renderInChat(<JiraCard invocation={toolCall("jiraDoTransition", "approval", { input: examples.doTransitionInput })} />);
    expect(title()).toBe("Issue Tracker · Transition: OPS-12");
    expect(screen.getByTestId("jira-approval-lead").textContent).toBe("Moves OPS-12 to Done:");
    expect(screen.getByTestId("jira-param-issue").textContent).toBe("OPS-12");
    expect(screen.getByTestId("jira-param-toStatus").textContent).toBe("Done");
    unmount();
    renderInChat(<JiraCard invocation={toolCall("jiraDoTransition", "approval", { input: { issueIdOrKey: "OPS-12", transitionId: "31" } })} />);
    expect(screen.getByTestId("jira-approval-lead").textContent).toBe("Moves OPS-12 by transition 31:");
    expect(screen.getByTestId("jira-param-transitionId").textContent).toBe("31");
  });

  it("reads as denied once the user said no, with what was asked and nothing about to run", async () => {
    renderInChat(<JiraCard invocation={toolCall("jiraCreateIssue", "denied", { input: examples.createInput, approval: { reason: "Wrong project" } })} />);
    expect(status()).toBe("Denied");
    await expand();
    expect(screen.getByTestId("denial-reason")).toHaveTextContent("Wrong project");
    expect(screen.getByTestId("jira-param-summary").textContent).toBe(examples.createInput.fields.summary);
    expect(screen.queryByTestId("jira-approval-lead")).toBeNull();
  });

  it("shows a hostile summary as inert text that wraps within the card", async () => {
    const summary = examples.hostileSummary;
    const search = { ...examples.search, issues: [{ ...examples.search.issues[0]!, fields: { ...examples.search.issues[0]!.fields, summary } }] };
    const { container, unmount } = render(<JiraCard invocation={done("jiraSearchIssues", search)} />);
    await expand();
    expect(container.querySelector("img, script")).toBeNull();
    const shown = screen.getByTestId("jira-issue-summary");
    expect(shown.textContent).toBe(summary);
    expect(shown.textContent).toContain("\u202E");
    expect(shown).toHaveAttribute("dir", "auto");
    expect(shown).toHaveClass("wrap-anywhere", "line-clamp-2", "min-w-0");
    expect(screen.getByTestId("tool-card")).toHaveClass("w-full", "max-w-xl", "overflow-hidden");
    unmount();

    const created = render(<JiraCard invocation={done("jiraCreateIssue", { ...examples.created, summary })} />);
    await expand();
    expect(created.container.querySelector("img, script")).toBeNull();
    expect(screen.getByTestId("jira-created-summary")).toHaveClass("wrap-anywhere", "line-clamp-3");
    created.unmount();

    // While it waits for approval, the whole summary is there to read, in a box that scrolls.
    const asked = renderInChat(<JiraCard invocation={toolCall("jiraCreateIssue", "approval", { input: { fields: { ...examples.createInput.fields, summary } } })} />);
    expect(asked.container.querySelector("img, script")).toBeNull();
    const param = screen.getByTestId("jira-param-summary");
    expect(param.textContent).toBe(summary);
    expect(param.querySelector("[dir=auto]")).toHaveClass("wrap-anywhere");
    expect(param.firstElementChild).toHaveClass("max-h-40", "overflow-auto");
  });

  it("reads in German", async () => {
    await chooseLanguage("de");
    render(<JiraCard invocation={done("jiraSearchIssues", examples.search)} />);
    expect(title()).toBe("Jira · Vorgangssuche");
    expect(status()).toBe("43 Vorgänge gefunden");
    await expand();
    expect(screen.getByTestId("jira-search-count").textContent).toBe("43 Vorgänge gefunden, 3 Ergebnisse angezeigt (Seite 2 von 3)");
    expect(screen.getByTestId("jira-footer").textContent).toBe("Ergebnisse der Vorgangsverwaltung");
  });

  it("says the built-in tracker's statuses, priorities and types in the reader's language, another tracker's names as they are", async () => {
    await chooseLanguage("zh-CN");
    const { unmount } = render(<JiraCard invocation={done("jiraGetTransitions", examples.transitions, examples.transitionsInput)} />);
    await expand();
    const items = screen.getAllByTestId("jira-transition").map((li) => within(li));
    // 'Start progress' and 'Resolve' are that tracker's own names; the statuses are the built-in ones.
    expect(items.map((item) => item.getByTestId("jira-transition-name").textContent)).toEqual(["Start progress", "Resolve"]);
    expect(items.map((item) => item.getByTestId("jira-transition-to").textContent)).toEqual(["→目标：进行中", "→目标：完成"]);
    unmount();
    render(<JiraCard invocation={done("jiraSearchIssues", examples.search)} />);
    await expand();
    const first = within(screen.getAllByTestId("jira-issue")[0]!);
    expect(first.getByTestId("jira-issue-status").textContent).toBe("待办");
    expect(first.getByTestId("jira-issue-priority").textContent).toContain("高");
    expect(first.getByTestId("jira-issue-type").textContent).toContain("事件");
  });

  it("shows what samples.ts says it shows of a result", async () => {
    const cases = [
      ["jiraGetProjects", examples.projects, checks.jiraGetProjects!(examples.projects)],
      ["jiraGetCreateMeta", examples.createMeta, checks.jiraGetCreateMeta!(examples.createMeta)],
      ["jiraCreateIssue", examples.created, checks.jiraCreateIssue!(examples.created)],
      ["jiraSearchIssues", examples.search, checks.jiraSearchIssues!(examples.search)],
      ["jiraSearchIssues", examples.searchEmpty, checks.jiraSearchIssues!(examples.searchEmpty)],
      ["jiraGetTransitions", examples.transitions, checks.jiraGetTransitions!(examples.transitions)],
      ["jiraGetTransitions", examples.transitionsEmpty, checks.jiraGetTransitions!(examples.transitionsEmpty)],
      ["jiraDoTransition", examples.doTransition, checks.jiraDoTransition!(examples.doTransition)],
    ] as const;
    for (const [tool, output, expected] of cases) {
      const { unmount } = render(<ToolPart invocation={done(tool, output)} />);
      await expand();
      for (const text of expected) expect(screen.getByTestId("tool-card").textContent, `${tool}: ${text}`).toContain(text);
      unmount();
    }
  });
});
