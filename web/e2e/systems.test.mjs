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
import { ChatPage } from "./pages/chat.mjs";
import { ToolCards } from "./pages/toolCards.mjs";
import { apiSession, baseUrl, failWithScreenshot, launchBrowser, newPage, screenshots, signedInState, skip } from "./support.mjs";

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
    storageState = await signedInState(browser, ChatPage);
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

  test("the offline model searches and reads the demo facility, and asks before a write", { skip }, async () => {
    const { context, page } = await newPage(browser, { storageState, width: 1360, height: 860 });
    const chat = new ChatPage(page, baseUrl);
    const cards = new ToolCards(page, chat);
    try {
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
    } catch (error) {
      await failWithScreenshot(page, "systems chat", error);
    } finally {
      await context.close();
    }
  });

  test("an administrator registers a system from its uploaded OpenAPI document", { skip }, async () => {
    const document = await (await fetch(new URL("/demo/wms/openapi.json", baseUrl))).text();
    const file = join(folder, "acme-wms.openapi.json");
    await writeFile(file, document);
    const { context, page } = await newPage(browser, { storageState, width: 1360, height: 860 });
    try {
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
    } catch (error) {
      await failWithScreenshot(page, "systems admin", error);
    } finally {
      await context.close();
    }
  });
});
