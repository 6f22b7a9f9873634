import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import { chooseLanguage } from "../../../i18n";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { renderApp } from "../../../test/render";
import { DOCK_LEAD, MARIA, ME, REST, STATUSES, fakeTrackerRestServer, member, trackerIssue } from "../test/trackerRestServer";


afterEach(() => vi.unstubAllGlobals());

/** OPS-12: an Incident in progress at Ontario DC, with two comments. */
const incident = trackerIssue(12, {
  summary: "Dock door 7 sensor broken",
  description: "The sensor on door 7 reads open while the door is shut.\nTrailers cannot be docked.",
  status: STATUSES["In Progress"],
  assignee: MARIA,
  reporter: ME,
  priority: { id: "2", name: "High" },
  issuetype: { id: "10003", name: "Incident" },
  labels: ["dock", "sensor"],
  duedate: "2026-12-01",
  customfield_10010: { id: "dc-ontario", value: "Ontario DC" },
  created: "2026-11-20T09:15:02.123Z",
});
const comments = {
  "OPS-12": [
    { id: "c1", author: MARIA, body: "Electrician booked for 14:00.\nDoor 7 closed until then.", created: "2026-11-21T08:00:00Z" },
    { id: "c2", author: DOCK_LEAD, body: "Night shift confirms.", created: "2026-11-21T22:30:00Z" },
  ],
};

type Open = Parameters<typeof fakeTrackerRestServer>[0] & { key?: string };

async function openIssue({ key = "OPS-12", issues = [incident], ...options }: Open = {}) {
  useAuthStore.getState().signIn(member);
  const tracker = fakeTrackerRestServer({ issues, comments, ...options });
  const calls = mockFetch(fakeServer({ session: member, override: tracker.handler }).handler);
  const app = renderApp(`/tracker/browse/${key}`);
  return { ...app, calls, state: tracker.state, user: userEvent.setup() };
}

const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 5000 });
const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === "POST" && c.path === `${REST}${path}`).map((c) => c.body);
const reads = (calls: Call[], key: string) => calls.filter((c) => c.method === "GET" && c.path === `${REST}/issue/${key}`).length;
const transitionButtons = () => within(screen.getByTestId("issue-transitions")).getAllByRole("button").map((b) => b.textContent);
const detail = (testId: string) => screen.getByTestId(testId);

describe("an issue's page", { timeout: 20_000 }, () => {
  it("shows the key, summary, fields, description, transitions and comments", async () => {
    await openIssue();
    expect(await heading("Dock door 7 sensor broken")).toBeVisible();
    expect(screen.getByTestId("issue-key")).toHaveTextContent("OPS-12");
    expect(detail("issue-type")).toHaveTextContent("Incident");
    expect(screen.getByTestId("issue-status")).toHaveTextContent("In Progress");
    expect(screen.getByTestId("issue-status")).toHaveAttribute("data-category", "indeterminate");
    expect(detail("issue-priority")).toHaveTextContent("High");
    expect(detail("issue-assignee")).toHaveTextContent("Maria");
    expect(detail("issue-reporter")).toHaveTextContent("Grace");
    expect(detail("issue-project")).toHaveTextContent("Operations (OPS)");
    expect(within(detail("issue-labels")).getAllByRole("listitem").map((l) => l.textContent)).toEqual(["dock", "sensor"]);
    expect(detail("issue-duedate")).toHaveTextContent("Dec 1, 2026");
    expect(detail("issue-facility")).toHaveTextContent("Ontario DC");
    expect(detail("issue-resolution")).toHaveTextContent("Unresolved");
    expect(detail("issue-created").querySelector("time")).toHaveAttribute("dateTime", "2026-11-20T09:15:02.123Z");
    expect(detail("issue-updated")).not.toBeEmptyDOMElement();

    const description = screen.getByTestId("issue-description");
    expect(description.textContent).toBe("The sensor on door 7 reads open while the door is shut.\nTrailers cannot be docked.");
    expect(description).toHaveClass("whitespace-pre-wrap");

    await waitFor(() => expect(transitionButtons()).toEqual(["Block", "Done", "Stop Progress"]));
    const list = screen.getAllByTestId("issue-comment");
    expect(list).toHaveLength(2);
    expect(list[0]).toHaveTextContent("Maria");
    expect(within(list[0]!).getByTestId("comment-body").textContent).toBe("Electrician booked for 14:00.\nDoor 7 closed until then.");
    expect(within(list[0]!).getByTestId("comment-body")).toHaveClass("whitespace-pre-wrap");
    expect(list[0]!.querySelector("time")).toHaveAttribute("dateTime", "2026-11-21T08:00:00.000Z");
    expect(list[1]).toHaveTextContent("Dock lead (night)");
    expect(screen.getByRole("link", { name: "Back to issues" })).toHaveAttribute("href", "/tracker");
  });

  it("says what an issue lacks: no assignee, description, labels, due date or facility", async () => {
    await openIssue({ key: "WMS-3", issues: [trackerIssue(3, { key: "WMS-3", summary: "Label printer offline", reporter: null, priority: null })] });
    await heading("Label printer offline");
    expect(detail("issue-assignee")).toHaveTextContent("Unassigned");
    expect(detail("issue-reporter")).toHaveTextContent("None");
    expect(detail("issue-priority")).toHaveTextContent("None");
    expect(detail("issue-labels")).toHaveTextContent("None");
    expect(detail("issue-duedate")).toHaveTextContent("None");
    expect(detail("issue-facility")).toHaveTextContent("None");
    expect(screen.getByText("No description.")).toBeVisible();
    expect(screen.getByText("No comments yet.")).toBeVisible();
  });

  it("moves the issue along a plain transition and loads it again", async () => {
    const { calls, user } = await openIssue({ key: "OPS-5", issues: [trackerIssue(5)] });
    await heading("Issue number 5");
    await waitFor(() => expect(transitionButtons()).toEqual(["Start Progress", "Block", "Done"]));
    const before = reads(calls, "OPS-5");
    await user.click(screen.getByRole("button", { name: "Start Progress" }));
    await waitFor(() => expect(screen.getByTestId("issue-status")).toHaveTextContent("In Progress"));
    expect(posts(calls, "/issue/OPS-5/transitions")).toEqual([{ transition: { id: "11" } }]);
    expect(reads(calls, "OPS-5")).toBe(before + 1);
    await waitFor(() => expect(transitionButtons()).toEqual(["Block", "Done", "Stop Progress"]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("asks for the resolution of a transition that sets one, and posts it with the comment", async () => {
    const { calls, user, state } = await openIssue();
    await heading("Dock door 7 sensor broken");
    await waitFor(() => expect(transitionButtons()).toContain("Done"));
    await user.click(within(screen.getByTestId("issue-transitions")).getByRole("button", { name: "Done" }));
    const dialog = screen.getByRole("dialog", { name: "Done" });
    expect(dialog).toHaveTextContent("Choose how the issue was resolved.");
    const resolution = within(dialog).getByRole("combobox", { name: "Resolution" });
    expect(within(resolution).getAllByRole("option").map((o) => o.textContent)).toEqual(["Done", "Fixed", "Won't Do", "Duplicate"]);
    expect(resolution).toHaveValue("Done");
    expect(posts(calls, "/issue/OPS-12/transitions")).toEqual([]);

    await user.selectOptions(resolution, "Fixed");
    await user.type(within(dialog).getByRole("textbox", { name: /Comment/ }), "Sensor replaced.{Enter}Door 7 open again.");
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(calls, "/issue/OPS-12/transitions")).toEqual([
      { transition: { id: "41" }, fields: { resolution: { name: "Fixed" } }, update: { comment: [{ add: { body: "Sensor replaced.\nDoor 7 open again." } }] } },
    ]);
    await waitFor(() => expect(screen.getByTestId("issue-status")).toHaveTextContent("Done"));
    expect(screen.getByTestId("issue-status")).toHaveAttribute("data-category", "done");
    expect(detail("issue-resolution")).toHaveTextContent("Fixed");
    await waitFor(() => expect(screen.getAllByTestId("issue-comment")).toHaveLength(3));
    expect(state.issues[0]!.fields.status.name).toBe("Done");
    await waitFor(() => expect(transitionButtons()).toEqual(["Reopen"]));
  });

  it("sends no comment when none was written, and nothing at all when the dialog is cancelled", async () => {
    const { calls, user } = await openIssue();
    await heading("Dock door 7 sensor broken");
    await waitFor(() => expect(transitionButtons()).toContain("Done"));
    const done = within(screen.getByTestId("issue-transitions")).getByRole("button", { name: "Done" });
    await user.click(done);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(calls, "/issue/OPS-12/transitions")).toEqual([]);

    await user.click(done);
    await user.type(within(screen.getByRole("dialog")).getByRole("textbox", { name: /Comment/ }), "   ");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(posts(calls, "/issue/OPS-12/transitions")).toEqual([{ transition: { id: "41" }, fields: { resolution: { name: "Done" } } }]));
  });

  it("shows a refused transition in the server's words, and the issue as it now is", async () => {
    const { user, state } = await openIssue({ key: "OPS-5", issues: [trackerIssue(5)] });
    await heading("Issue number 5");
    await waitFor(() => expect(transitionButtons()).toContain("Start Progress"));
    // Someone else finished it meanwhile.
    state.issues[0]!.fields.status = STATUSES.Done;
    await user.click(screen.getByRole("button", { name: "Start Progress" }));
    const refused = await screen.findByTestId("transition-refused");
    expect(refused).toHaveTextContent("The issue was not moved");
    expect(refused).toHaveTextContent("Transition id '11' is not valid for this issue.");
    expect(within(refused).getByRole("alert")).toBeVisible();
    await waitFor(() => expect(screen.getByTestId("issue-status")).toHaveTextContent("Done"));
    await waitFor(() => expect(transitionButtons()).toEqual(["Reopen"]));
  });

  it("adds a comment with exactly what was written, and never an empty one", async () => {
    const { calls, user } = await openIssue();
    await heading("Dock door 7 sensor broken");
    const input = screen.getByRole("textbox", { name: "Comment" });
    const add = screen.getByRole("button", { name: "Add comment" });
    expect(add).toBeDisabled();
    await user.type(input, "   ");
    expect(add).toBeDisabled();
    await user.type(input, "{Enter}");
    expect(add).toBeDisabled();
    expect(posts(calls, "/issue/OPS-12/comment")).toEqual([]);

    await user.clear(input);
    await user.type(input, "Parts ordered.{Enter}ETA Friday.");
    await user.click(add);
    await waitFor(() => expect(screen.getAllByTestId("issue-comment")).toHaveLength(3));
    expect(posts(calls, "/issue/OPS-12/comment")).toEqual([{ body: "Parts ordered.\nETA Friday." }]);
    expect(within(screen.getAllByTestId("issue-comment")[2]!).getByTestId("comment-body").textContent).toBe("Parts ordered.\nETA Friday.");
    expect(input).toHaveValue("");
  });

  it("shows the server's refusal of a comment and keeps what was written", async () => {
    const { user } = await openIssue({ refuseComments: "Comments are closed on this issue." });
    await heading("Dock door 7 sensor broken");
    const input = screen.getByRole("textbox", { name: "Comment" });
    await user.type(input, "One more thing");
    await user.click(screen.getByRole("button", { name: "Add comment" }));
    const refused = await screen.findByTestId("comment-refused");
    expect(refused).toHaveTextContent("The comment was not added");
    expect(refused).toHaveTextContent("Comments are closed on this issue.");
    expect(input).toHaveValue("One more thing");
    expect(screen.getAllByTestId("issue-comment")).toHaveLength(2);
  });

  it("says when there is no such issue, with the way back to the list", async () => {
    const { user, router, calls } = await openIssue({ key: "OPS-999999" });
    expect(await heading("Issue not found")).toBeVisible();
    expect(screen.getByTestId("issue-not-found")).toHaveTextContent("There is no issue OPS-999999, or you may not see it.");
    // A 404 is an answer, not a failure to retry.
    expect(reads(calls, "OPS-999999")).toBe(1);
    await user.click(within(screen.getByTestId("issue-not-found")).getByRole("link", { name: "Back to issues" }));
    expect(router.state.location.pathname).toBe("/tracker");
  });

  it("tells when the assistant works in the company's Jira", async () => {
    await openIssue({ jiraSite: "https://jira.acme.test" });
    const notice = await screen.findByTestId("tracker-jira-notice", {}, { timeout: 5000 });
    const link = within(notice).getByRole("link", { name: "https://jira.acme.test" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(await heading("Dock door 7 sensor broken")).toBeVisible();
  });

  it("renders what people typed as text: no element is made from markup, right-to-left text is isolated", async () => {
    const hostile = trackerIssue(66, {
      summary: '<img src=x onerror="window.__x=1">',
      description: "<script>window.__y=1</script>\n<b>bold</b>",
      labels: ["<i>dock</i>"],
      assignee: { displayName: '<img src=y onerror="window.__z=1">' },
    });
    await openIssue({
      key: "OPS-66",
      issues: [hostile],
      comments: { "OPS-66": [{ id: "c9", author: MARIA, body: "<script>window.__c=1</script>\u202Eabc", created: "2026-11-21T08:00:00Z" }] },
    });
    const title = await heading('<img src=x onerror="window.__x=1">');
    expect(title).toHaveAttribute("dir", "auto");
    expect(screen.getByTestId("issue-description").textContent).toBe("<script>window.__y=1</script>\n<b>bold</b>");
    expect(screen.getByTestId("issue-description")).toHaveAttribute("dir", "auto");
    expect(detail("issue-labels")).toHaveTextContent("<i>dock</i>");
    expect(detail("issue-assignee")).toHaveTextContent('<img src=y onerror="window.__z=1">');
    const body = await screen.findByTestId("comment-body");
    expect(body.textContent).toBe("<script>window.__c=1</script>\u202Eabc");
    expect(body).toHaveAttribute("dir", "auto");
    const main = document.querySelector("main")!;
    expect(main.querySelectorAll("img, script, b, i")).toHaveLength(0);
    const w = window as { __x?: number; __y?: number; __z?: number; __c?: number };
    expect([w.__x, w.__y, w.__z, w.__c]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("isolates a right-to-left summary", async () => {
    await openIssue({ key: "OPS-7", issues: [trackerIssue(7, { summary: "\u202Eabc الرصيف ٧ معطل" })] });
    const title = await heading("\u202Eabc الرصيف ٧ معطل");
    expect(title).toHaveAttribute("dir", "auto");
    expect(title.textContent).toBe("\u202Eabc الرصيف ٧ معطل");
  });

  it("wraps a 10,000-character summary and an unbroken description rather than widening the page", async () => {
    const long = "x".repeat(10_000);
    await openIssue({ key: "OPS-8", issues: [trackerIssue(8, { summary: long, description: "y".repeat(5000) })] });
    const title = await screen.findByTestId("issue-heading", {}, { timeout: 5000 });
    expect(title.textContent).toBe(long);
    expect(title).toHaveClass("[overflow-wrap:anywhere]", "min-w-0");
    expect(screen.getByTestId("issue-description")).toHaveClass("[overflow-wrap:anywhere]");
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("ja");
    await openIssue();
    await heading("Dock door 7 sensor broken");
    expect(screen.getByRole("heading", { name: "コメント (2)" })).toBeVisible();
    expect(detail("issue-resolution")).toHaveTextContent("未解決");
    expect(screen.getByRole("button", { name: "コメントを追加" })).toBeDisabled();
  });

  it("shows the built-in tracker's names in the reader's language and sends the tracker's own", async () => {
    await chooseLanguage("zh-CN");
    const { calls, user } = await openIssue();
    await heading("Dock door 7 sensor broken");
    expect(screen.getByTestId("issue-status")).toHaveTextContent("进行中");
    expect(detail("issue-priority")).toHaveTextContent("高");
    expect(detail("issue-type")).toHaveTextContent("事件");
    await waitFor(() => expect(transitionButtons()).toEqual(["阻塞", "完成", "停止处理"]));

    await user.click(within(screen.getByTestId("issue-transitions")).getByRole("button", { name: "完成" }));
    const dialog = screen.getByRole("dialog", { name: "完成" });
    const resolution = within(dialog).getByRole("combobox");
    expect(within(resolution).getAllByRole("option").map((o) => o.textContent)).toEqual(["完成", "已修复", "不做", "重复"]);
    await user.selectOptions(resolution, "已修复");
    await user.click(within(dialog).getByRole("button", { name: "完成" }));
    // What goes back to the tracker is its own name, not the words shown.
    await waitFor(() => expect(posts(calls, "/issue/OPS-12/transitions")).toEqual([{ transition: { id: "41" }, fields: { resolution: { name: "Fixed" } } }]));
    await waitFor(() => expect(detail("issue-resolution")).toHaveTextContent("已修复"));
  });

  it("leaves another tracker's own names as they are", async () => {
    await chooseLanguage("de");
    await openIssue({ issues: [{ ...incident, fields: { ...incident.fields, priority: { id: "9", name: "P1 – Kritisch" }, issuetype: { id: "7", name: "Störung" } } }] });
    await heading("Dock door 7 sensor broken");
    expect(detail("issue-priority")).toHaveTextContent("P1 – Kritisch");
    expect(detail("issue-type")).toHaveTextContent("Störung");
    expect(screen.getByTestId("issue-status")).toHaveTextContent("In Arbeit");
  });
});
