// What the assistant remembers, in Chromium against a real `waybill serve` and the demo
// tenant (the e2e account administers it): "remember that our UPS cut-off is 4 pm" waits
// for Approve and then saves the memory; "what do you remember about UPS?" finds it
// with the search card; the memory page (from the user menu) lists it, changes its
// importance and deletes it. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MemoriesPage } from "./pages/memories.mjs";
import { apiSession, baseUrl, launchBrowser, signedInState, skip, withSession } from "./support.mjs";

/** The fact as the offline model writes it down from the request. */
const FACT = "Our UPS cut-off is 4 pm.";

describe("memory", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;

  /** The memories holding the fact (an earlier run may have left one), as the server lists them. */
  const stored = async () => {
    const { status, body } = await api.call(`/api/memories?q=${encodeURIComponent("UPS cut-off is 4 pm")}&limit=200`);
    assert.equal(status, 200);
    return body.memories;
  };

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test("remembered from the chat once approved, found again, then changed and deleted on the memory page", { skip }, async () => {
    for (const memory of await stored()) await api.call(`/api/memories/${encodeURIComponent(memory.id)}`, { method: "DELETE" });
    await withSession(browser, { storageState, width: 1280, height: 1000, name: "memory" }, async ({ page, chat, cards, pageErrors }) => {
      const memories = new MemoriesPage(page, baseUrl);
      await chat.open();

      // 1–2. Saving asks first, showing what will be kept; Approve keeps it.
      await chat.send("remember that our UPS cut-off is 4 pm");
      const save = cards.card("saveMemory");
      await cards.waitForPhase(save, "approval", 60_000);
      assert.equal((await save.getByTestId("tool-title").innerText()).trim(), "Save Memory");
      assert.equal(await cards.status(save), "Waiting for your approval");
      assert.equal((await save.getByTestId("memory-param-content").innerText()).trim(), FACT);
      assert.equal((await save.getByTestId("memory-param-importance").innerText()).trim(), "Medium");
      assert.equal((await save.getByTestId("memory-param-memoryType").innerText()).trim(), "Personal");
      assert.equal((await stored()).length, 0, "nothing is kept before the approval");
      await cards.approve(save);
      await cards.waitForPhase(save, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.equal(await cards.status(save), "Memory saved");
      assert.equal((await stored()).length, 1, "the approved call kept the memory");

      // 3. The search card lists it, with its score.
      await chat.send("what do you remember about UPS?");
      const search = cards.card("searchMemories");
      await cards.waitForPhase(search, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.equal((await search.getByTestId("tool-title").innerText()).trim(), "Memory Search: UPS");
      assert.match(await cards.status(search), /^Found \d+ memor(y|ies)$/);
      await search.getByRole("button").first().click();
      const found = search.getByTestId("memory-item").filter({ hasText: FACT });
      await found.first().waitFor();
      assert.match(await found.first().getByTestId("memory-score").innerText(), /^Score (0|1)\.\d\d$/);
      assert.equal((await found.first().getByTestId("memory-source").innerText()).trim(), "From chat");

      // 4. The memory page, from the user menu: the memory is listed; its importance changes, then it is deleted.
      await chat.openUserMenu();
      await page.getByRole("menuitem", { name: "Memory", exact: true }).click();
      await memories.isShown();
      await memories.filter("UPS cut-off");
      const row = memories.row(FACT);
      await row.waitFor();
      assert.equal(await row.count(), 1);
      assert.equal((await row.getByTestId("memory-type").innerText()).trim(), "Personal");
      assert.equal((await row.getByTestId("memory-importance").innerText()).trim(), "Medium importance");
      assert.equal((await row.getByTestId("memory-source").innerText()).trim(), "From chat");

      await memories.edit(row, { importance: "high" });
      await row.locator('[data-testid="memory-importance"][data-importance="high"]').waitFor();
      assert.equal((await row.getByTestId("memory-importance").innerText()).trim(), "High importance");
      assert.match(await memories.notice.innerText(), /Memory updated\./);
      assert.deepEqual(
        (await stored()).map((m) => [m.memory, m.importance]),
        [[FACT, "high"]],
      );

      await memories.delete(row);
      assert.equal(await memories.row(FACT).count(), 0);
      assert.match(await memories.notice.innerText(), /Memory deleted\./);
      assert.deepEqual(await stored(), []);
      assert.deepEqual(pageErrors, []);
    });
  });
});
