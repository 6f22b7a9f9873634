// Order files in Chromium against a real `waybill serve` and its demo facility: a file
// with a row error, or an import for no merchant, is refused on its card with the reason
// and never offers Approve or Deny; a file naming its carriers as people write them
// ('UPS', 'FedEx', 'fedex') asks for approval and imports; a misspelt carrier is refused
// with the nearest carriers listed. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { apiSession, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

const HEADER = "Sales Order,Ship To Name,Address,City,State,Zip,SKU,Qty,Ship Date,Carrier";

/** A CSV of `rows`, each [quantity, carrier], with order numbers no earlier run used. */
function orderFile(sku, rows) {
  const run = Date.now().toString(36).toUpperCase();
  const lines = rows.map(([qty, carrier], i) => `E2E-${run}-${i + 1},Hill Camp,9 Oak Ave,Boise,ID,83702,${sku},${qty},2026-12-20,${carrier}`);
  return `${HEADER}\n${lines.join("\n")}\n`;
}

/** Whether the card offers the approval buttons. @param {import('playwright-core').Locator} card */
async function offersApproval(card) {
  return (await card.getByRole("button", { name: /^(Approve|Deny)$/ }).count()) > 0;
}

describe("order files", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  let folder;
  /** The demo merchant the files are for, and one of its SKUs, as the form pickers list them. */
  let merchant;
  let sku;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    storageState = await signedInState(browser);
    folder = await mkdtemp(join(tmpdir(), "waybill-orders-"));
    const api = await apiSession();
    const customers = await api.call(`/api/options/customerSelector?q=${encodeURIComponent("Pacific Outdoor Supply")}`);
    assert.equal(customers.status, 200, JSON.stringify(customers.body));
    const customer = customers.body.options[0];
    merchant = customer.data.merchantNo;
    const items = await api.call(`/api/options/itemmasterSelector?dependsOn=${customer.value}`);
    assert.equal(items.status, 200, JSON.stringify(items.body));
    sku = items.body.options[0].data.sku;
    assert.ok(merchant && sku, `a merchant and a SKU: ${merchant} ${sku}`);
  });

  after(async () => {
    await browser?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** Attaches `csv` as `name` and sends `text`; answers the import's card in the new answer. */
  async function sendFile(chat, cards, name, csv, text) {
    const path = join(folder, name);
    await writeFile(path, csv);
    await chat.attach([path]);
    await chat.attachmentList.getByText(name).waitFor();
    // The card asked for is the new answer's, not the one before it.
    const answered = await chat.assistantMessages.count();
    await chat.send(text);
    await chat.assistantMessages.nth(answered).waitFor();
    return cards.card("oms-importOrders");
  }

  test("a file with a row error, or an import for no merchant, is refused with the reason and asks no approval", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 900, name: "orders refused" }, async ({ page, chat, cards }) => {
      await chat.goto();
      const csv = orderFile(sku, [["2", "UPS"], ["five", "UPS"]]);
      const card = await sendFile(chat, cards, "row-error.csv", csv, `import this order file for merchant ${merchant}`);
      await cards.waitForPhase(card, "failed", 30_000);
      await chat.waitUntilIdle();
      assert.equal(await offersApproval(card), false, "no Approve or Deny on a file that cannot be imported");
      assert.match(await card.innerText(), /row-error\.csv was not imported/);
      assert.match(await chat.lastAnswer().innerText(), /row 3/, "the answer says which row");
      await page.screenshot({ path: `${screenshots}orders-row-error.png` });

      const nobody = await sendFile(chat, cards, "no-merchant.csv", orderFile(sku, [["2", "UPS"]]), "import this order file for merchant");
      await cards.waitForPhase(nobody, "failed", 30_000);
      await chat.waitUntilIdle();
      assert.equal(await offersApproval(nobody), false, "no Approve or Deny without a merchant");
      assert.match(await chat.lastAnswer().innerText(), /merchant number/);
      await page.screenshot({ path: `${screenshots}orders-no-merchant.png` });
    }));

  test("carriers named as people write them are imported after approval; a misspelt one is refused with the nearest", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 900, name: "orders carriers" }, async ({ page, chat, cards }) => {
      await chat.goto();
      const csv = orderFile(sku.toLowerCase(), [["2", "UPS"], ["3", "FedEx"], ["1", "fedex"]]);
      const card = await sendFile(chat, cards, "carriers.csv", csv, `import this order file for merchant ${merchant}`);
      await cards.waitForPhase(card, "approval", 30_000);
      await cards.approve(card);
      await cards.waitForPhase(card, "completed", 30_000);
      await chat.waitUntilIdle();
      assert.match(await chat.lastAnswer().innerText(), /\b3\b/, "the three orders are imported");
      await page.screenshot({ path: `${screenshots}orders-imported.png` });

      const misspelt = await sendFile(chat, cards, "misspelt.csv", orderFile(sku, [["2", "UPX"]]), `import this order file for merchant ${merchant}`);
      await cards.waitForPhase(misspelt, "failed", 30_000);
      await chat.waitUntilIdle();
      assert.equal(await offersApproval(misspelt), false);
      const said = await chat.lastAnswer().innerText();
      assert.match(said, /"UPX" is not a known carrier; the nearest are UPS · UPSN/, said);
      await page.screenshot({ path: `${screenshots}orders-carrier-refused.png` });
    }));
});
