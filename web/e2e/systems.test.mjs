// Business systems in Chromium against a real `waybill serve` and its demo facility: the
// offline model finds an operation of the demo WMS, reads the yard's trailers, and asks
// before a write (denied: nothing is sent); an administrator registers another system
// from its OpenAPI document uploaded in the browser, tests its connection and removes it.
// Run like auth.test.mjs.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { apiSession, baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

/** A trailer as the demo YMS answers it. */
const trailer = (n) => ({
  id: `TRL-${String(n).padStart(5, "0")}`,
  facilityId: "FAC-FONTANA",
  number: `ODFL ${482900 + n}`,
  carrierId: ["CAR-015", "CAR-007", "CAR-022"][n % 3],
  kind: n % 4 ? "dry_van" : "reefer",
  lengthFt: 53,
  status: ["in_yard", "at_door", "in_yard", "departed"][n % 4],
  yardLocation: n % 4 === 1 ? null : `B-${String(n).padStart(2, "0")}`,
  doorId: n % 4 === 1 ? `D-${n % 12}` : null,
  loadState: n % 2 ? "loaded" : "empty",
  sealNumber: n % 2 ? `SL-${77100 + n}` : null,
  arrivedAt: `2026-11-${String((n % 28) + 1).padStart(2, "0")}T0${n % 10}:15:00Z`,
  departedAt: null,
});

/** A stored chat whose answer is the call "show trailers at the yard" makes: `count` trailers, 50 on the page. */
async function chatWithTrailers(api, count) {
  const created = await api.call("/api/chat-history", { method: "POST", body: JSON.stringify({ model: "waybill-offline", title: "show trailers at the yard", messages: [] }) });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const data = { data: Array.from({ length: Math.min(count, 50) }, (_, i) => trailer(i + 1)), totalCount: count, page: 1, pageSize: 50 };
  const output = {
    success: true,
    system: "Demo YMS",
    operation: "listTrailers",
    method: "GET",
    path: "/demo/yms/v1/trailers",
    status_code: 200,
    data,
    summary: `Total ${count} records`,
    message: "GET /demo/yms/v1/trailers answered 200",
    issues: [],
    parameters: { pathParams: null, query: null, body: null },
    suggestions: [],
    truncated: false,
  };
  const saved = await api.call(`/api/chat-history/${created.body.id}`, {
    method: "PUT",
    body: JSON.stringify({
      model: "waybill-offline",
      messages: [
        { id: "u-trailers", role: "user", parts: [{ type: "text", text: "show trailers at the yard" }] },
        {
          id: "a-trailers",
          role: "assistant",
          parts: [
            { type: "tool-apiCall", toolCallId: "call-trailers", state: "output-available", input: { system: "Demo YMS", operation: "listTrailers" }, output },
            { type: "text", text: `Demo YMS answered: Total ${count} records.` },
          ],
        },
      ],
    }),
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  return created.body.id;
}

/**
 * The trailers as a person reads them: a table with the identifiers first, sortable, the
 * first 10 with the rest in the side panel, and the raw JSON one click away.
 */
async function readTrailers(page, call, width) {
  await call.getByTestId("tool-title").click();
  const response = call.getByTestId("api-response");
  const table = response.getByTestId("records-table");
  await table.waitFor();
  const headers = (await table.getByRole("columnheader").allInnerTexts()).map((h) => h.replace(/[▲▼↕]/g, "").trim());
  assert.equal(headers[0], "ID", headers.join(", "));
  assert.ok(headers.includes("Status") && headers.includes("Yard location"), headers.join(", "));
  assert.equal(await response.getByText('"facilityId"').count(), 0, "no JSON dump");
  assert.equal(await table.locator("tbody tr").count(), 10);
  // On a phone the columns scroll sideways inside the table's box, which stays on the screen.
  const fits = await table.evaluate((el) => ({ right: el.getBoundingClientRect().right, scrolls: el.scrollWidth > el.clientWidth }));
  assert.ok(fits.right <= width, `the table stays on the screen (${fits.right} of ${width})`);
  if (width < 600) assert.equal(fits.scrolls, true, "its columns scroll sideways");
  await page.screenshot({ path: `${screenshots}systems-records-${width}.png` });
  await table.getByRole("button", { name: /^Status/ }).click();
  assert.equal(await table.getByRole("columnheader", { name: /^Status/ }).getAttribute("aria-sort"), "ascending");

  await response.getByRole("button", { name: "Raw JSON", exact: true }).click();
  await response.getByTestId("records-json").getByText(/"yardLocation"/).first().waitFor();
  await response.getByRole("button", { name: "Show as table", exact: true }).click();
  await response.getByTestId("records-show-all").click();
  const panel = page.getByTestId("records-artifact");
  await panel.waitFor();
  assert.ok((await panel.locator("tbody tr").count()) > 10, "every trailer is in the side panel");
  await page.screenshot({ path: `${screenshots}systems-records-panel-${width}.png` });
}

describe("business systems", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let folder;
  const name = `E2E WMS ${Date.now()}`;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
    folder = await mkdtemp(join(tmpdir(), "waybill-systems-"));
  });

  after(async () => {
    if (api) {
      const { body } = await api.call("/api/admin/systems");
      for (const system of body?.systems ?? []) {
        if (system.name === name) await api.call(`/api/admin/systems/${system.id}`, { method: "DELETE" });
      }
    }
    await browser?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test("the offline model searches and reads the demo facility, and asks before a write", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 860, name: "systems chat" }, async ({ page, chat, cards }) => {
      await chat.goto();
      await chat.send("find the API for inventory by item");
      const search = cards.card("apiSearch");
      await cards.waitForPhase(search, "completed");
      await search.getByRole("button").first().click();
      await search.getByText("/v1/items/{itemId}/inventory").first().waitFor();
      assert.match(await search.innerText(), /\d+%/, "results show their similarity");
      await chat.waitUntilIdle();

      await chat.send("show trailers at the yard");
      const call = cards.card("apiCall");
      await cards.waitForPhase(call, "completed");
      assert.match(await chat.lastAnswer().innerText(), /Total \d+ records/);
      await chat.waitUntilIdle();

      await chat.send("cancel order ORD-99999999");
      const write = cards.card("apiCall");
      await cards.waitForPhase(write, "approval");
      assert.match(await write.innerText(), /ORD-99999999/, "the card says what would be sent");
      await cards.deny(write, "not now");
      await cards.waitForPhase(write, "denied");
      await chat.waitUntilIdle();
      await page.screenshot({ path: `${screenshots}systems-chat.png` });
    }),
  );

  for (const [size, viewport] of [
    ["1360×860", { width: 1360, height: 860 }],
    ["a phone", { width: 390, height: 844 }],
  ]) {
    test(`58 trailers read as a table at ${size}: key columns first, sortable, all of them in the side panel, raw JSON one click away`, { skip }, async () => {
      const id = await chatWithTrailers(api, 58);
      await withSession(browser, { storageState, ...viewport, name: `systems records ${viewport.width}` }, async ({ page, chat, cards }) => {
        await chat.goto(`?chat=${id}`);
        const call = cards.card("apiCall");
        await cards.waitForPhase(call, "completed");
        await readTrailers(page, call, viewport.width);
      });
    });
  }

  test("an administrator registers a system from its uploaded OpenAPI document", { skip }, async () => {
    const document = await (await fetch(new URL("/demo/wms/openapi.json", baseUrl))).text();
    const file = join(folder, "acme-wms.openapi.json");
    await writeFile(file, document);
    await withSession(browser, { storageState, width: 1360, height: 860, name: "systems admin" }, async ({ page }) => {
      await page.goto(new URL("/admin/systems", baseUrl).href);
      await page.getByText("Demo WMS", { exact: true }).first().waitFor();
      assert.ok((await page.getByText("Built-in", { exact: true }).count()) >= 4, "the demo's four systems are built in");

      await page.getByRole("button", { name: "Add system" }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name", { exact: true }).fill(name);
      await dialog.getByLabel("Base URL", { exact: true }).fill(new URL("/demo/wms", baseUrl).href);
      await dialog.getByLabel("Method", { exact: true }).selectOption("bearer");
      await dialog.getByLabel("Token", { exact: true }).fill("not-the-demo-token");
      await dialog.getByText("Upload a file", { exact: true }).click();
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByText("acme-wms.openapi.json").first().waitFor();
      await dialog.getByRole("button", { name: "Add system" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText(name, { exact: true }).first().waitFor();

      const { body } = await api.call("/api/admin/systems");
      const added = body.systems.find((s) => s.name === name);
      assert.ok(added && added.operationCount >= 20 && added.hasSecret && !JSON.stringify(body).includes("not-the-demo-token"), JSON.stringify(added));

      // The system refuses the token: the test says so, and the admin stays signed in.
      await page.getByRole("button", { name: `Test the connection to ${name}` }).click();
      await page.getByText(`The connection to ${name} failed.`).waitFor();
      await page.screenshot({ path: `${screenshots}systems-admin.png` });
    });
  });
});
