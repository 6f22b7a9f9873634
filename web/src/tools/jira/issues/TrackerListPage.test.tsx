import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import { chooseLanguage } from "../../../i18n";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { renderApp } from "../../../test/render";
import { MARIA, ME, PROJECTS, REST, STATUSES, fakeTrackerRestServer, member, trackerIssue } from "../test/trackerRestServer";
import { QUICK_FILTERS } from "./jql";


afterEach(() => vi.unstubAllGlobals());

const [MINE, OPEN, RECENT, ALL] = QUICK_FILTERS.map((f) => f.jql) as [string, string, string, string];

/** Issues across the projects: some open, some done, a few assigned to the reader. */
function seeded(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const project = PROJECTS[i % 3]!;
    return trackerIssue(i + 1, {
      key: `${project.key}-${i + 1}`,
      status: i % 4 === 3 ? STATUSES.Done : i % 4 === 1 ? STATUSES["In Progress"] : STATUSES["To Do"],
      assignee: i % 5 === 0 ? ME : i % 5 === 1 ? MARIA : null,
      priority: { id: "2", name: "High" },
    });
  });
}

type Open = Parameters<typeof fakeTrackerRestServer>[0] & { path?: string };

async function openList({ path = "/tracker", ...options }: Open = {}) {
  useAuthStore.getState().signIn(member);
  const tracker = fakeTrackerRestServer(options);
  const calls = mockFetch(fakeServer({ session: member, override: tracker.handler }).handler);
  const app = renderApp(path);
  return { ...app, calls, state: tracker.state, user: userEvent.setup() };
}

const searches = (calls: Call[]) =>
  calls.filter((c) => c.path.startsWith(`${REST}/search`)).map((c) => Object.fromEntries(new URL(c.path, "http://waybill.test").searchParams));
const lastSearch = (calls: Call[]) => searches(calls).at(-1);
const rows = () => screen.findAllByTestId("issue-row", {}, { timeout: 5000 });
const box = () => screen.getByRole("textbox", { name: "JQL query" });

describe("the issue list", { timeout: 20_000 }, () => {
  it("lists the open issues by default, with each column, and keeps the query in the address", async () => {
    const { calls, router } = await openList({ issues: seeded(12) });
    expect(await screen.findByRole("heading", { level: 1, name: "Issues" }, { timeout: 5000 })).toBeVisible();
    const list = await rows();
    expect(list).toHaveLength(9);
    expect(lastSearch(calls)).toEqual({ jql: OPEN, startAt: "0", maxResults: "50" });
    expect(box()).toHaveValue(OPEN);
    expect(screen.getByRole("button", { name: "Open" })).toHaveAttribute("aria-pressed", "true");

    const headers = within(screen.getByTestId("issue-table")).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Key", "Type", "Summary", "Status", "Priority", "Assignee", "Updated"]);
    const first = list[0]!;
    expect(within(first).getByRole("link", { name: "OPS-1" })).toHaveAttribute("href", "/tracker/browse/OPS-1");
    const cells = within(first).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(["Task", "Issue number 1", "To Do", "High", "Grace", "3 hours ago"]);
    expect(within(first).getByTestId("issue-status")).toHaveAttribute("data-category", "new");
    expect(within(list[1]!).getByTestId("issue-status")).toHaveAttribute("data-category", "indeterminate");
    expect(within(list[2]!).getAllByRole("cell")[4]).toHaveTextContent("Unassigned");
    expect(screen.getByTestId("issue-pager")).toHaveTextContent("9 issues (Page 1 of 1)");
    expect(router.state.location.search).toBe("");
  });

  it("fills the box from a quick filter and runs it, and runs what is typed on Enter", async () => {
    const { calls, router, user } = await openList({ issues: seeded(12) });
    await rows();
    await user.click(screen.getByRole("button", { name: "My open issues" }));
    await waitFor(() => expect(lastSearch(calls)?.jql).toBe(MINE));
    expect(box()).toHaveValue(MINE);
    expect(screen.getByRole("button", { name: "My open issues" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.getAllByTestId("issue-row").map((r) => r.dataset.key)).toEqual(["OPS-1", "CLM-6", "WMS-11"]));
    expect(new URLSearchParams(router.state.location.search).get("jql")).toBe(MINE);

    for (const [name, jql] of [["Recently updated", RECENT], ["All issues", ALL]] as const) {
      await user.click(screen.getByRole("button", { name }));
      await waitFor(() => expect(lastSearch(calls)?.jql).toBe(jql));
      expect(box()).toHaveValue(jql);
    }
    expect(await rows()).toHaveLength(12);

    await user.clear(box());
    await user.type(box(), "project = CLM ORDER BY key{Enter}");
    await waitFor(() => expect(lastSearch(calls)?.jql).toBe("project = CLM ORDER BY key"));
    await waitFor(() => expect(screen.getAllByTestId("issue-row").every((r) => r.dataset.key?.startsWith("CLM-"))).toBe(true));
    expect(screen.queryAllByRole("button", { pressed: true })).toEqual([]);

    // The same query again runs again (the issues may have changed).
    const before = searches(calls).length;
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(searches(calls).length).toBe(before + 1));

    // Back goes to the previous search, and the box follows.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box()).toHaveValue(ALL));
  });

  it("says a query the server refused under the box, in its words", async () => {
    const { user } = await openList({ issues: seeded(5) });
    await rows();
    await user.clear(box());
    await user.type(box(), "project = OPS AND (status = Done{Enter}");
    const error = await screen.findByTestId("jql-error");
    expect(error).toHaveAttribute("role", "alert");
    expect(error).toHaveTextContent("Error in the JQL Query: Expecting ')' but got the end of the query. (line 1, character 33)");
    expect(box()).toHaveAttribute("aria-invalid", "true");
    expect(box()).toHaveAccessibleDescription(error.textContent!);
    expect(screen.queryByTestId("issue-row")).toBeNull();
    expect(screen.getByText("Correct the query above to see issues.")).toBeVisible();

    await user.clear(box());
    await user.type(box(), "dock_door = 7{Enter}");
    expect(await screen.findByText("Field 'dock_door' does not exist or you do not have permission to view it.")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "All issues" }));
    expect(await rows()).toHaveLength(5);
    expect(screen.queryByTestId("jql-error")).toBeNull();
  });

  it("searches words that are no JQL in the issues' text, says so, and keeps the words in the box", async () => {
    const issues = [...seeded(3), trackerIssue(4, { summary: 'Dock door 7 "sticks" when cold' }), trackerIssue(5, { summary: "Scanner offline", description: "The dock door 7 scanner" })];
    const { user, calls } = await openList({ issues });
    await rows();
    await user.clear(box());
    await user.type(box(), 'dock door 7{Enter}');
    const note = await screen.findByTestId("text-search-note");
    expect(note).toHaveTextContent("“dock door 7” is not JQL, so these are the issues whose text contains it.");
    expect(await rows()).toHaveLength(2);
    expect(lastSearch(calls)!.jql).toBe('text ~ "dock door 7"');
    expect(screen.queryByTestId("jql-error")).toBeNull();
    expect(box()).toHaveValue("dock door 7");
    expect(box()).not.toHaveAttribute("aria-invalid", "true");

    // Quotes in the words are escaped; a project still limits the search.
    await user.clear(box());
    await user.type(box(), 'door 7 "sticks"{Enter}');
    await waitFor(() => expect(lastSearch(calls)!.jql).toBe('text ~ "door 7 \\"sticks\\""'));
    expect(await rows()).toHaveLength(1);

    // A query is a query: its refusal is said, no text search.
    await user.clear(box());
    await user.type(box(), "dock_door = 7{Enter}");
    expect(await screen.findByTestId("jql-error")).toHaveTextContent("Field 'dock_door' does not exist");
    expect(screen.queryByTestId("text-search-note")).toBeNull();
  });

  it("pages 50 at a time, with the page in the address", async () => {
    const { calls, router, user } = await openList({ issues: seeded(120), path: `/tracker?jql=${encodeURIComponent(ALL)}` });
    expect(await rows()).toHaveLength(50);
    const pager = screen.getByTestId("issue-pager");
    expect(pager).toHaveTextContent("120 issues (Page 1 of 3)");
    expect(within(pager).getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByTestId("issue-pager")).toHaveTextContent("(Page 2 of 3)"));
    expect(lastSearch(calls)).toEqual({ jql: ALL, startAt: "50", maxResults: "50" });
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("2");
    expect(screen.getAllByTestId("issue-row")[0]).toHaveAttribute("data-key", "CLM-51");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByTestId("issue-pager")).toHaveTextContent("(Page 3 of 3)"));
    expect(screen.getAllByTestId("issue-row")).toHaveLength(20);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(lastSearch(calls)?.startAt).toBe("50"));

    // A new query starts on its first page.
    await user.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => expect(lastSearch(calls)).toEqual({ jql: OPEN, startAt: "0", maxResults: "50" }));
    expect(new URLSearchParams(router.state.location.search).get("page")).toBeNull();
  });

  it("opens a linked search as it was: query, project and page", async () => {
    const { calls } = await openList({ issues: seeded(200), path: `/tracker?jql=${encodeURIComponent(ALL)}&project=WMS&page=2` });
    await rows();
    expect(searches(calls)).toEqual([{ jql: "project = WMS ORDER BY created DESC", startAt: "50", maxResults: "50" }]);
    expect(screen.getByRole("combobox", { name: "Project" })).toHaveValue("WMS");
    expect(box()).toHaveValue(ALL);
    expect(screen.getByTestId("issue-pager")).toHaveTextContent("67 issues (Page 2 of 2)");
  });

  it("limits the query to a project with project = KEY AND (…), keeping its ordering last", async () => {
    const { calls, router, user } = await openList({ issues: seeded(30) });
    await rows();
    const select = screen.getByRole("combobox", { name: "Project" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["All projects", "Operations (OPS)", "Warehouse systems (WMS)", "Claims (CLM)"]);
    await user.selectOptions(select, "WMS");
    await waitFor(() => expect(lastSearch(calls)?.jql).toBe("project = WMS AND (statusCategory != Done) ORDER BY priority DESC, updated DESC"));
    expect(new URLSearchParams(router.state.location.search).get("project")).toBe("WMS");
    await waitFor(() => expect(screen.getAllByTestId("issue-row").every((r) => r.dataset.key?.startsWith("WMS-"))).toBe(true));
    expect(box()).toHaveValue(OPEN);

    await user.click(screen.getByRole("button", { name: "My open issues" }));
    await waitFor(() => expect(lastSearch(calls)?.jql).toBe("project = WMS AND (assignee = currentUser() AND statusCategory != Done) ORDER BY updated DESC"));

    await user.selectOptions(select, "");
    await waitFor(() => expect(lastSearch(calls)?.jql).toBe(MINE));
    expect(new URLSearchParams(router.state.location.search).get("project")).toBeNull();
  });

  it("says when nothing matches", async () => {
    await openList({ issues: [] });
    expect(await screen.findByRole("heading", { name: "No issues match this search" }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByTestId("issue-table")).toBeNull();
    expect(screen.queryByTestId("issue-pager")).toBeNull();
  });

  it("says while it loads, and when loading failed offers a retry", async () => {
    useAuthStore.getState().signIn(member);
    let fail = true;
    const tracker = fakeTrackerRestServer({ issues: seeded(3) });
    mockFetch(fakeServer({ session: member, override: (call) => (fail && call.path.startsWith(`${REST}/search`) ? new Response("boom", { status: 500 }) : tracker.handler(call)) }).handler);
    renderApp("/tracker");
    const user = userEvent.setup();
    expect(await screen.findByText("Loading issues…", {}, { timeout: 5000 })).toBeVisible();
    const failed = await screen.findByText("The issues could not be loaded.", {}, { timeout: 10_000 });
    fail = false;
    await user.click(within(failed.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Retry" }));
    expect(await rows()).toHaveLength(3);
  });

  it("renders what people typed as text: markup stays literal, right-to-left text is isolated, long text wraps", async () => {
    const long = "W".repeat(10_000);
    const issues = [
      trackerIssue(1, { summary: '<img src=x onerror="window.__x=1">' }),
      trackerIssue(2, { summary: "\u202Eabc kcod" }),
      trackerIssue(3, { summary: "الرصيف ٧ معطل" }),
      trackerIssue(4, { summary: long, assignee: { displayName: "<b>Bold</b>" } }),
    ];
    await openList({ issues });
    await rows();
    const summaries = screen.getAllByTestId("issue-summary");
    expect(summaries[0]).toHaveTextContent('<img src=x onerror="window.__x=1">');
    expect(document.querySelector("main img")).toBeNull();
    expect((window as { __x?: number }).__x).toBeUndefined();
    expect(summaries[1]).toHaveAttribute("dir", "auto");
    expect(summaries[1]!.textContent).toBe("\u202Eabc kcod");
    expect(summaries[2]).toHaveAttribute("dir", "auto");
    expect(summaries[3]!.textContent).toHaveLength(10_000);
    expect(summaries[3]).toHaveClass("[overflow-wrap:anywhere]", "line-clamp-2");
    expect(summaries[3]).toHaveAttribute("title", long);
    expect(screen.getByText("<b>Bold</b>")).toBeVisible();
    expect(document.querySelector("main b")).toBeNull();
  });

  it("tells when the assistant works in the company's Jira, linking the site in a new tab", async () => {
    await openList({ issues: seeded(3), jiraSite: "https://acme.atlassian.net" });
    const notice = await screen.findByTestId("tracker-jira-notice", {}, { timeout: 5000 });
    expect(notice).toHaveTextContent("Your company's issues are in Jira");
    expect(notice).toHaveTextContent("This page shows Waybill's own tracker");
    const link = within(notice).getByRole("link", { name: "https://acme.atlassian.net" });
    expect(link).toHaveAttribute("href", "https://acme.atlassian.net");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(await rows()).toHaveLength(3);
  });

  it("says nothing of Jira while the built-in tracker is the assistant's", async () => {
    const { calls } = await openList({ issues: seeded(3) });
    await rows();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/tracker/status")).toBe(true));
    expect(screen.queryByTestId("tracker-jira-notice")).toBeNull();
  });

  it("is in every member's user menu, with the admin items still hidden", async () => {
    useAuthStore.getState().signIn(member);
    const tracker = fakeTrackerRestServer({ issues: seeded(3) });
    mockFetch(fakeServer({ session: member, override: tracker.handler }).handler);
    const { router } = renderApp("/");
    const user = userEvent.setup();
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    expect(screen.queryByRole("menuitem", { name: "Issue tracker" })).toBeNull();
    await user.click(screen.getByRole("menuitem", { name: "Issues" }));
    expect(router.state.location.pathname).toBe("/tracker");
    expect(await rows()).toHaveLength(3);
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("de");
    await openList({ issues: seeded(3) });
    expect(await screen.findByRole("heading", { level: 1, name: "Vorgänge" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole("button", { name: "Meine offenen Vorgänge" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Vorgang anlegen" })).toBeVisible();
    expect(await screen.findByText(/\(Seite 1 von 1\)/)).toBeVisible();
  });
});
