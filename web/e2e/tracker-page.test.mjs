// The built-in tracker's own pages in Chromium against a real `waybill serve` and the
// demo tenant's seeded tracker (projects OPS, WMS and CLM; statuses To Do, In Progress,
// Blocked and Done): the issue list from the user menu, a JQL search, an issue's page, a
// Task created in OPS from the Create issue dialog, Start Progress, and a comment. Run
// like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { IssuePage, TrackerPage } from "./pages/tracker.mjs";
import { baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

const OPEN_IN_OPS = "project = OPS AND statusCategory != Done ORDER BY created DESC";

describe("the issue tracker's pages", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test("list, search, open, create, move and comment on issues", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 1000, name: "issue tracker pages" }, async ({ page, chat, pageErrors }) => {
      const list = new TrackerPage(page, baseUrl);
      const issue = new IssuePage(page, baseUrl);
      // 1. From the user menu to the list: the seeded issues, 50 a page.
      await chat.open();
      await chat.openUserMenu();
      await page.getByRole("menuitem", { name: "Issues", exact: true }).click();
      await list.isShown();
      assert.ok((await list.rows.count()) > 0, "the list shows issues");
      assert.ok((await list.rows.count()) <= 50, "at most 50 a page");
      assert.match(await list.pager.innerText(), /^\d+ issues \(Page 1 of \d+\)/);
      assert.equal(await list.jiraNotice.count(), 0, "the demo tenant's assistant uses the built-in tracker");

      // 2. A JQL search: OPS's open issues, with the query in the address.
      await list.search(OPEN_IN_OPS);
      const keys = await list.keys();
      assert.ok(keys.length > 0, "OPS has open issues");
      assert.ok(keys.every((key) => key?.startsWith("OPS-")), `only OPS issues: ${keys.join(", ")}`);
      assert.ok((await list.categories()).every((category) => category !== "done"), "no issue is done");
      assert.equal(new URL(page.url()).searchParams.get("jql"), OPEN_IN_OPS);

      // Plain words are no JQL: they are searched for in the issues' text, and the page says so.
      const firstSummary = await list.rows.first().getByTestId("issue-summary").innerText();
      const word = (firstSummary.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? "dock").toLowerCase();
      await list.jqlBox.fill(word);
      await list.jqlBox.press("Enter");
      const note = page.getByTestId("text-search-note");
      await note.waitFor();
      assert.equal(await note.innerText(), `“${word}” is not JQL, so these are the issues whose text contains it.`);
      await list.rows.first().waitFor();
      assert.equal(await list.jqlError.count(), 0, "no JQL error for plain words");
      assert.equal(await list.jqlBox.inputValue(), word, "the words stay in the box");
      await page.screenshot({ path: `${screenshots}tracker-text-search.png` });

      // A query the server refuses is said under the box.
      await list.jqlBox.fill("project = OPS AND (status = Done");
      await list.jqlBox.press("Enter");
      await list.jqlError.waitFor();
      assert.match(await list.jqlError.innerText(), /^Error in the JQL Query/);


      // 3. An issue's page, from its row.
      await list.search(OPEN_IN_OPS);
      const first = keys[0];
      await list.open(first);
      assert.equal(await issue.isShown(first), first);
      assert.ok((await issue.heading.innerText()).trim().length > 0, "the summary is the heading");
      assert.ok((await issue.transitionNames()).length > 0, "an open issue can be moved");

      // 4. A Task created in OPS opens the new issue.
      await list.goto();
      await list.isShown();
      const summary = "Forklift 3 horn not working";
      await list.create({ project: "OPS", type: "Task", summary });
      const key = await issue.isShown();
      assert.match(key, /^OPS-\d+$/);
      assert.equal(new URL(page.url()).pathname, `/tracker/browse/${key}`);
      assert.equal((await issue.heading.innerText()).trim(), summary);
      assert.equal((await issue.status.innerText()).trim(), "To Do");
      assert.equal(await list.createDialog.count(), 0, "the dialog closed");

      // 5. Start Progress (from To Do, no screen): the status becomes In Progress.
      assert.ok((await issue.transitionNames()).includes("Start Progress"));
      await issue.move("Start Progress", { to: "In Progress" });
      assert.equal(await issue.transitionRefused.count(), 0);
      assert.ok(!(await issue.transitionNames()).includes("Start Progress"), "Start Progress is no longer offered");

      // 6. A comment, shown under the issue; line breaks kept.
      const comment = `Horn fuse replaced (${Date.now()}).\nTested on the dock: works again.`;
      await issue.addComment(comment);
      const added = issue.comments.filter({ hasText: "Horn fuse replaced" }).last();
      assert.equal((await added.getByTestId("comment-body").innerText()).trim(), comment);
      assert.equal(await issue.commentBox.inputValue(), "");

      // The new issue is in the list's search, In Progress.
      await issue.backToList.click();
      await list.isShown();
      await list.search(`key = ${key}`);
      assert.deepEqual(await list.keys(), [key]);
      assert.equal((await list.row(key).getByTestId("issue-status").innerText()).trim(), "In Progress");
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("the built-in tracker's statuses, priorities, types and transitions read in the interface's language", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 860, language: "zh-CN", name: "issue tracker in Chinese" }, async ({ page, pageErrors }) => {
      const list = new TrackerPage(page, baseUrl);
      await list.goto();
      await page.getByRole("heading", { level: 1, name: "问题" }).waitFor();
      await list.rows.first().waitFor();
      const statuses = await page.getByTestId("issue-status").allInnerTexts();
      assert.ok(statuses.length > 0);
      for (const status of statuses) assert.match(status.trim(), /^(待办|进行中|已阻塞|完成)$/, `a status in Chinese: ${status}`);
      await page.screenshot({ path: `${screenshots}tracker-list-zh-CN.png` });
      await list.rows.first().getByRole("link").click();
      const buttons = page.getByTestId("issue-transitions").getByRole("button");
      await buttons.first().waitFor();
      for (const name of await buttons.allInnerTexts()) assert.match(name.trim(), /^(开始处理|阻塞|解除阻塞|完成|停止处理|重新打开|退回待办)$/, `a transition in Chinese: ${name}`);
      await page.screenshot({ path: `${screenshots}tracker-issue-zh-CN.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("an unknown issue says so, with the way back", { skip }, () =>
    withSession(browser, { storageState, name: "issue tracker not found" }, async ({ page, pageErrors }) => {
      const issue = new IssuePage(page, baseUrl);
      await issue.goto("OPS-999999");
      await issue.notFound.waitFor();
      assert.match(await issue.notFound.innerText(), /Issue not found/);
      await issue.notFound.getByRole("link", { name: "Back to issues", exact: true }).click();
      await new TrackerPage(page, baseUrl).isShown();
      assert.deepEqual(pageErrors, []);
    }),
  );
});
