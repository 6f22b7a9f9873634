// BI in Chromium against a real `waybill serve` and its demo facility: the offline model
// answers a numbers question with a query over the cubes, the card shows the table and
// where its numbers come from, and the result is exported as an Excel workbook whose
// link downloads. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

describe("business intelligence", { timeout: 300_000 }, () => {
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

  test("a numbers question becomes a table with its provenance, and an Excel file", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 1000, name: "bi" }, async ({ page, chat, cards }) => {
      await chat.goto();
      await chat.send("outbound orders by customer last week");
      const query = cards.card("testQuerySqlTool");
      await cards.waitForPhase(query, "completed", 60_000);
      assert.match(await query.innerText(), /BI Tool: /);
      const table = query.getByTestId("bi-table");
      await table.waitFor();
      assert.deepEqual(await table.locator("thead th").allInnerTexts(), ["customer_name", "orders", "units"]);
      assert.ok((await table.locator("tbody tr").count()) > 0, "rows");
      await query.getByTestId("bi-provenance").locator("summary").click();
      assert.match(await query.getByTestId("bi-provenance").innerText(), /WITH outbound_orders AS/);
      assert.match(await query.getByTestId("bi-as-of").innerText(), /\d/);
      await chat.waitUntilIdle();
      await query.screenshot({ path: `${screenshots}bi-query.png` });

      await chat.send("export that as Excel");
      const file = cards.card("downloadFileTool");
      await cards.waitForPhase(file, "completed", 60_000);
      const link = file.getByRole("link").first();
      const href = await link.getAttribute("href");
      assert.ok(href, "a download link");
      const res = await page.request.get(new URL(href, baseUrl).href);
      assert.equal(res.status(), 200);
      assert.equal((await res.body()).subarray(0, 2).toString(), "PK", "an Excel workbook");
      await chat.waitUntilIdle();
      await file.screenshot({ path: `${screenshots}bi-export.png` });
    }),
  );
});
