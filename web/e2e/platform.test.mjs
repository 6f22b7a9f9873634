// The tool platform in the browser, against a real `waybill serve` on the offline model
// started with the test-only proving family (WAYBILL_PROVING_FAMILY=true): approvals
// (approve → it runs, deny → nothing runs), a client tool answered in its card, data
// parts streamed into a card (a count, a sub-agent's progress), the nesting bound's
// error card, Stop while counting — and the chat list kept live across two pages.
// Run like chat.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { apiSession, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

/**
 * The words the offline model turns into each proving tool. A delegation names the tool
 * as well as the word: "delegate: count to three" alone ties with the counting tool's
 * keyword, and the offline model then picks the counting tool.
 */
const ASK = {
  mark: (label) => `put a proving mark: ${label}`,
  question: "ask me: which door?",
  count: "count to five",
  longCount: "count to 20",
  delegate: "delegate provingDelegateTool: count to three",
  tooDeep: "delegate provingDelegateTool: delegate provingDelegateTool: delegate provingDelegateTool: count to two",
};

describe("the tool platform: approvals, client tools, data parts, sub-agents", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let storageState;
  const made = new Set();
  const stamp = Date.now().toString(36);

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
    for (const id of made) await api?.call(`/api/chat-history/${id}`, { method: "DELETE" });
  });

  /** Sends `text` in a new chat and notes the chat for cleaning up. */
  async function start(session, text) {
    await session.chat.send(text);
    await session.page.waitForURL((url) => url.searchParams.has("chat"));
    made.add(new URL(session.page.url()).searchParams.get("chat"));
  }

  /** Marks `label` (approving) in a new message and answers how many marks there are now. */
  async function approvedMark(session, label) {
    const { chat, cards } = session;
    await chat.send(ASK.mark(label));
    const card = cards.card("provingMarkTool");
    await cards.waitForPhase(card, "approval");
    await cards.approve(card);
    await cards.waitForPhase(card, "completed");
    await chat.waitUntilIdle();
    return Number(await card.getByTestId("proving-marks").innerText());
  }

  test("approve a mark: it runs, and a reload shows it approved with its result", { skip }, () =>
    withSession(browser, { storageState, name: "platform approve" }, async (session) => {
      const { page, chat, cards, pageErrors } = session;
      await chat.open();
      await start(session, ASK.mark(`e2e ${stamp} first`));
      const card = cards.card("provingMarkTool");
      await cards.waitForPhase(card, "approval");
      assert.equal(await cards.status(card), "Waiting for your approval");
      assert.match(await card.getByTestId("approval-request").innerText(), new RegExp(`Put a proving mark labelled “e2e ${stamp} first”`));
      await page.screenshot({ path: `${screenshots}platform-approval.png` });

      await cards.approve(card);
      await cards.waitForPhase(card, "completed");
      await chat.waitUntilIdle();
      assert.equal(await card.getAttribute("data-approval"), "approved");
      const marks = await card.getByTestId("proving-marks").innerText();
      assert.match(await chat.lastAnswer().innerText(), new RegExp(`Marked “e2e ${stamp} first” \\(${marks} marks in all\\)`));
      await page.screenshot({ path: `${screenshots}platform-approved.png` });

      await page.reload();
      await cards.waitForPhase(card, "completed");
      assert.equal(await card.getAttribute("data-approval"), "approved");
      assert.equal(await card.getByTestId("proving-marks").innerText(), marks);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("deny a mark: it reads Denied, also after a reload, and nothing ran", { skip }, () =>
    withSession(browser, { storageState, name: "platform deny" }, async (session) => {
      const { page, chat, cards, pageErrors } = session;
      await chat.open();
      await start(session, "Hello: this chat checks a denial between two approvals");
      await chat.waitUntilIdle();
      const before = await approvedMark(session, `e2e ${stamp} before`);

      await chat.send(ASK.mark(`e2e ${stamp} denied`));
      const denied = cards.card("provingMarkTool");
      await cards.waitForPhase(denied, "approval");
      await cards.deny(denied, "Not this dock");
      await cards.waitForPhase(denied, "denied");
      await chat.waitUntilIdle();
      assert.equal(await cards.status(denied), "Denied");
      assert.equal(await denied.getByRole("alert").count(), 0, "a denial is not an error");
      assert.equal(await denied.getByTestId("denial-reason").innerText(), "Reason: Not this dock");
      await page.screenshot({ path: `${screenshots}platform-denied.png` });

      // The next approved mark is the one after `before`: the denied one never ran.
      assert.equal(await approvedMark(session, `e2e ${stamp} after`), before + 1);

      await page.reload();
      const reloaded = chat.assistantMessages.nth(2).getByTestId("tool-card");
      await cards.waitForPhase(reloaded, "denied");
      assert.equal(await reloaded.getByTestId("denial-reason").innerText(), "Reason: Not this dock");
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("a card that asks: the answer typed in it reaches the model", { skip }, () =>
    withSession(browser, { storageState, name: "platform ask" }, async (session) => {
      const { page, chat, cards, pageErrors } = session;
      await chat.open();
      await start(session, ASK.question);
      const card = cards.card("provingAskTool");
      await cards.waitForPhase(card, "executing");
      assert.equal(await cards.status(card), "Waiting for your answer");
      await page.screenshot({ path: `${screenshots}platform-ask.png` });
      await cards.answer(card, `Door ${stamp}`);
      await cards.waitForPhase(card, "completed");
      await chat.lastAnswer().getByText(`You answered “Door ${stamp}”.`).waitFor();
      await chat.waitUntilIdle();
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("counting: the card shows each count as it streams, then the last", { skip }, () =>
    withSession(browser, { storageState, name: "platform count" }, async (session) => {
      const { page, chat, cards, pageErrors } = session;
      await chat.open();
      // Every count the card shows, as it shows it.
      await page.evaluate(() => {
        window.__counts = [];
        new MutationObserver(() => {
          const now = document.querySelector('[data-testid="count-now"]')?.textContent;
          if (now && window.__counts.at(-1) !== now) window.__counts.push(now);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await start(session, ASK.count);
      const card = cards.card("provingCountTool");
      await card.getByTestId("count-now").filter({ hasText: /^[1-4]$/ }).waitFor();
      await page.screenshot({ path: `${screenshots}platform-counting.png` });
      await cards.waitForPhase(card, "completed");
      await chat.waitUntilIdle();
      assert.equal(await cards.status(card), "Counted to 5");
      const counts = await page.evaluate(() => window.__counts);
      assert.equal(counts.at(-1), "5");
      assert.ok(counts.length >= 3, `intermediate counts showed before the last: ${counts.join(", ")}`);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("delegating: the card shows the sub-agent's progress and its final text", { skip }, () =>
    withSession(browser, { storageState, name: "platform delegate" }, async (session) => {
      const { page, chat, cards, pageErrors } = session;
      await chat.open();
      await start(session, ASK.delegate);
      const card = cards.card("provingDelegateTool");
      await card.getByTestId("subagent-calls").getByText("provingCountTool").waitFor();
      await page.screenshot({ path: `${screenshots}platform-delegating.png` });
      await cards.waitForPhase(card, "completed");
      await chat.waitUntilIdle();
      assert.equal(await card.getByTestId("subagent-text").innerText(), "Counted to 3.");
      assert.equal(await card.getByTestId("subagent-progress").getAttribute("data-status"), "completed");
      assert.match(await card.getByTestId("subagent-steps").innerText(), /^Steps: \d+$/);
      assert.equal(await card.locator('[data-testid="subagent-calls"] li[data-state="done"]').count(), 1);
      await page.screenshot({ path: `${screenshots}platform-delegated.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("delegating deeper than the bound allows ends in an error card", { skip }, () =>
    withSession(browser, { storageState, name: "platform too deep" }, async (session) => {
      const { chat, cards, pageErrors } = session;
      await chat.open();
      await start(session, ASK.tooDeep);
      const card = cards.card("provingDelegateTool");
      await cards.waitForPhase(card, "failed", 30_000);
      await chat.waitUntilIdle();
      assert.equal(await card.getByTestId("tool-title").innerText(), "Delegated task");
      assert.match(await card.getByRole("alert").innerText(), /nest/i);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("Stop while counting leaves the card Stopped", { skip }, () =>
    withSession(browser, { storageState, name: "platform stop" }, async (session) => {
      const { page, chat, cards, pageErrors } = session;
      await chat.open();
      await start(session, ASK.longCount);
      const card = cards.card("provingCountTool");
      await card.getByTestId("count-now").filter({ hasText: /^([2-9]|1[0-9])$/ }).waitFor();
      await chat.stopButton.click();
      await cards.waitForPhase(card, "stopped", 5_000);
      await chat.waitUntilIdle();
      assert.equal(await cards.status(card), "Stopped");
      assert.equal(await chat.lastAnswer().getByTestId("stopped-mark").innerText(), "Stopped");
      await page.screenshot({ path: `${screenshots}platform-stopped.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );
});

describe("the live chat list", { timeout: 120_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let storageState;
  const made = new Set();

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
    for (const id of made) await api?.call(`/api/chat-history/${id}`, { method: "DELETE" });
  });

  test("two pages of one account: a rename and a delete in one show in the other without a reload", { skip }, async () => {
    const stamp = Date.now().toString(36);
    const title = `Live list ${stamp}`;
    await withSession(browser, { storageState, name: "platform live list, first page" }, (first) =>
      withSession(browser, { storageState, name: "platform live list" }, async (second) => {
        await first.chat.open();
        await second.chat.open();
        await first.chat.send(title);
        await first.page.waitForURL((url) => url.searchParams.has("chat"));
        const chatId = new URL(first.page.url()).searchParams.get("chat");
        made.add(chatId);
        await first.chat.waitUntilIdle();

        // Created in the first page: the second lists it.
        await second.chat.entry(title).waitFor({ timeout: 10_000 });

        // The second page opens it; the first renames it, then deletes it.
        await second.chat.openChat(title);
        await second.page.waitForURL((url) => url.searchParams.get("chat") === chatId);
        const renamed = `Renamed ${stamp}`;
        await first.chat.rename(title, renamed);
        await second.chat.entry(renamed).waitFor({ timeout: 10_000 });
        assert.equal(await second.chat.entry(title).count(), 0);
        await second.page.screenshot({ path: `${screenshots}platform-live-renamed.png` });

        const dialog = await first.chat.askToDelete(renamed);
        await dialog.getByRole("button", { name: "Delete", exact: true }).click();
        await second.chat.entry(renamed).waitFor({ state: "detached", timeout: 10_000 });
        // It was open in the second page: a new chat took its place.
        await second.page.waitForURL((url) => !url.searchParams.has("chat"));
        await second.chat.welcome.waitFor();
        assert.deepEqual(first.pageErrors, []);
        assert.deepEqual(second.pageErrors, []);
      }),
    );
  });
});
