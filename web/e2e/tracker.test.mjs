// The issue tracker in Chromium against a real `waybill serve` and the demo tenant's
// built-in tracker: "show my open tickets" answers with the search card and its paging
// line; "create a ticket: …" waits for Approve and then files the ticket; "move … to In
// Progress" waits for Approve and then moves it. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, signedInState, skip, withSession } from "./support.mjs";

describe("the issue tracker", { timeout: 300_000 }, () => {
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

  test("search, create and move tickets from the chat, approving the changes", { skip }, () =>
    withSession(browser, { storageState, width: 1280, height: 1000, name: "issue tracker" }, async ({ chat, cards, pageErrors }) => {
      await chat.goto();
      await chat.send("show my open tickets");
      const search = cards.card("jiraSearchIssues");
      await cards.waitForPhase(search, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.match(await search.getByTestId("tool-title").innerText(), /^Waybill Tracker · Issue Search$/);
      await search.getByRole("button").first().click();
      assert.match(await search.innerText(), /Found \d+ issues, showing \d+ results \(Page 1 of \d+\)/);

      await chat.send("create a ticket: dock door 7 sensor broken, high priority");
      const create = cards.card("jiraCreateIssue");
      await cards.waitForPhase(create, "approval", 60_000);
      assert.match(await create.innerText(), /Dock door 7 sensor broken/);
      await cards.approve(create);
      await cards.waitForPhase(create, "completed", 60_000);
      await chat.waitUntilIdle();
      const key = (await create.innerText()).match(/Created issue (OPS-\d+)/)?.[1];
      assert.ok(key, "the card names the new ticket");

      await chat.send(`move ${key} to In Progress`);
      const move = cards.card("jiraDoTransition");
      await cards.waitForPhase(move, "approval", 60_000);
      await cards.approve(move);
      await cards.waitForPhase(move, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.match(await move.innerText(), /Transition completed/);
      assert.match(await chat.lastAnswer().innerText(), new RegExp(`${key} is now In Progress`));
      assert.deepEqual(pageErrors, []);
    }),
  );
});
