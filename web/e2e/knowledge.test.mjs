// The knowledge bases, in Chromium against a real `waybill serve` and the demo tenant
// (the e2e account administers it, and the demo seeds "Facility SOPs" on first start):
// the page (from the user menu) shows the SOPs once their four documents are ready; a
// personal knowledge base is created, a Markdown file uploaded to it becomes ready and a
// question tried on it finds the passage; then in the chat "What does the cycle count
// SOP say about variances?" gives the knowledge card with cycle-count-sop.md as its
// source, which opens in the side panel's file viewer. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { KnowledgePage } from "./pages/knowledge.mjs";
import { apiSession, baseUrl, launchBrowser, signedInState, skip, withSession } from "./support.mjs";

/** The knowledge base the test creates (an earlier run's is deleted first). */
const NAME = "E2E yard notes";
const FILE = "e2e-yard-notes.md";
const NOTES = `# Yard notes

## Trailer seals

Every outbound trailer gets a numbered bolt seal. The seal number goes on the bill of lading before the driver leaves the gate.

## Jockeys

The yard jockey moves empties to rows 40 to 48 after the second shift.
`;

describe("knowledge bases", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let dir;

  /** The account's knowledge bases named NAME (an earlier run may have left one). */
  const ours = async () => {
    const { status, body } = await api.call("/api/knowledge-bases");
    assert.equal(status, 200);
    return body.knowledgeBases.filter((kb) => kb.name === NAME);
  };

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
    dir = await mkdtemp(join(tmpdir(), "waybill-kb-"));
    await writeFile(join(dir, FILE), NOTES);
  });

  after(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("the SOPs ready, a knowledge base of one's own that answers, and the chat citing the cycle count SOP", { skip }, async () => {
    for (const kb of await ours()) await api.call(`/api/knowledge-bases/${encodeURIComponent(kb.id)}`, { method: "DELETE" });
    await withSession(browser, { storageState, width: 1360, height: 1000, name: "knowledge" }, async ({ page, chat, cards, pageErrors }) => {
      const knowledge = new KnowledgePage(page, baseUrl);
      // 1. From the user menu: the demo's Facility SOPs, the company's, shown first; its four documents become ready.
      await chat.open();
      await chat.openUserMenu();
      await page.getByRole("menuitem", { name: "Knowledge bases", exact: true }).click();
      await knowledge.isShown();
      const sops = knowledge.item("Facility SOPs");
      await sops.waitFor();
      assert.equal((await sops.getByTestId("kb-scope").innerText()).trim(), "Company");
      await knowledge.select("Facility SOPs");
      await knowledge.waitUntilReady(4);
      for (const file of ["receiving-sop.md", "cycle-count-sop.md", "hazmat-handling-sop.md", "dock-safety-sop.md"]) {
        assert.equal(await knowledge.document(file).count(), 1, `${file} is listed`);
      }
      assert.equal(await knowledge.document("cycle-count-sop.md").getByRole("link").getAttribute("target"), "_blank");
      await sops.getByTestId("kb-list-counts").filter({ hasText: /^4 documents · 4 ready · \d+ passages$/ }).waitFor();

      // 2. A personal knowledge base, and a Markdown file added to it, read and indexed until ready.
      await knowledge.create({ name: NAME, description: "Seals and yard moves, for the e2e test." });
      assert.equal((await knowledge.item(NAME).getByTestId("kb-scope").innerText()).trim(), "Personal");
      assert.match(await knowledge.notice.innerText(), /“E2E yard notes” was created\./);
      await knowledge.add([join(dir, FILE)]);
      assert.equal(await knowledge.uploads.getAttribute("data-stage"), "added");
      await knowledge.document(FILE).waitFor();
      await knowledge.waitUntilReady(1, 30_000);
      assert.equal((await knowledge.document(FILE).getByTestId("kb-status-badge").innerText()).trim(), "Ready");
      const [mine] = await ours();
      assert.equal(mine?.scope, "personal");
      assert.equal(mine?.ready, 1);

      // 3. A question tried on it finds the passage, with its source and score.
      await knowledge.tryQuestion("seal number on the bill of lading");
      const passage = knowledge.passages.first();
      await passage.waitFor();
      assert.equal((await passage.getByTestId("kb-try-source").innerText()).trim(), `${FILE} › Yard notes › Trailer seals`);
      assert.match(await passage.getByTestId("kb-try-text").innerText(), /numbered bolt seal/);
      assert.match(await passage.getByTestId("kb-try-score").innerText(), /^Score (0|1)\.\d\d$/);
      await knowledge.tryQuestion("drone delivery landing pads");
      assert.equal((await page.getByTestId("kb-try-summary").innerText()).trim(), "No documents found for this query");

      // 4. In the chat, the knowledge card cites the cycle count SOP; its document opens in the side panel.
      await chat.open();
      // A message sent before the model list arrives goes to the default model, which an offline server does not have.
      await chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
      await chat.send("What does the cycle count SOP say about variances?");
      const card = cards.card("queryKnowledgeBase");
      await cards.waitForPhase(card, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.equal((await card.getByTestId("tool-title").innerText()).trim(), "Knowledge base: What does the cycle count SOP say about variances?");
      assert.match(await cards.status(card), /^\d+ passages?$/);
      await card.getByRole("button").first().click();
      const documents = card.getByRole("list", { name: "Referenced documents", exact: true });
      await documents.waitFor();
      const cycle = documents.getByTestId("kb-document").filter({ hasText: "cycle-count-sop.md" });
      assert.equal(await cycle.count(), 1, "cycle-count-sop.md is cited once");
      assert.match(await card.getByTestId("kb-passage-source").first().innerText(), /^cycle-count-sop\.md › /);
      assert.match(await card.getByTestId("kb-base-id").first().innerText(), /^ID kb-/);
      await cycle.getByRole("button", { name: "Open cycle-count-sop.md in the file viewer", exact: true }).click();
      const viewer = page.locator('[data-testid="file-viewer"][data-kind="markdown"]');
      await viewer.waitFor();
      await viewer.getByText(/Variances/).first().waitFor();
      assert.equal(await page.getByTestId("artifacts-panel").getByRole("tab").count(), 1);

      // 5. The knowledge base of one's own is deleted, with its document, once confirmed.
      await knowledge.goto();
      await knowledge.isShown();
      await knowledge.select(NAME);
      await knowledge.deleteShown(NAME);
      assert.match(await knowledge.notice.innerText(), /“E2E yard notes” was deleted\./);
      assert.deepEqual(await ours(), []);
      assert.deepEqual(pageErrors, []);
    });
  });
});
