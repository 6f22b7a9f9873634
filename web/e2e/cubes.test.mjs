// A tenant's own BI cubes in Chromium against a real `waybill serve` and its demo
// facility: the administrator pastes a cube file on /admin/cubes, checks it (a file with
// SQL in its description is refused with the reason, word for word), saves it, finds
// the assistant's cube list naming it in the chat, views its file, and removes it. Run
// like auth.test.mjs.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { baseUrl, launchBrowser, signedInState, skip, withSession } from "./support.mjs";

const example = await readFile(new URL("../../docs/cubes/storage_locations.yaml", import.meta.url), "utf8");

describe("a tenant's own BI cubes", { timeout: 300_000 }, () => {
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

  test("an admin checks, adds, uses, views and removes a cube file", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 1000, name: "tenant cubes" }, async ({ page, chat, cards, pageErrors }) => {
      const rows = page.getByTestId("cube-row");
      const ours = rows.filter({ hasText: "storage_locations" });
      await page.goto(new URL("/admin/cubes", baseUrl).href);
      await rows.first().waitFor();
      assert.equal(await ours.count(), 0, "the example is not there yet");

      // Refused: the server's reason, as it said it.
      await page.getByTestId("cube-add").click();
      const dialog = page.getByRole("dialog");
      const textarea = dialog.locator("textarea");
      await textarea.fill(example.replace(/^description: .*$/m, "description: Bins'; DROP TABLE locations; --"));
      await dialog.getByTestId("cube-check-button").click();
      const refusal = dialog.getByTestId("cube-refusal");
      await refusal.waitFor();
      assert.match(await refusal.innerText(), /the description holds ';': descriptions are plain text, not SQL or templates/);

      // Checked, then saved.
      await textarea.fill(example);
      await dialog.getByTestId("cube-check-button").click();
      const valid = dialog.getByTestId("cube-check");
      await valid.waitFor();
      assert.match(await valid.innerText(), /Valid: Storage locations \(storage_locations\)\. Rows in your facilities: [\d,]+/);
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await ours.waitFor();
      assert.match(await ours.innerText(), /Added by /);

      // The assistant's cube list names it.
      await chat.goto();
      await chat.send("which cubes can I query?");
      const card = cards.card("getCubeDescTool");
      await cards.waitForPhase(card, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.match(await chat.lastAnswer().innerText(), /13 cubes can answer this: .*Storage locations/);

      // Its file, as text; then removed.
      await page.goto(new URL("/admin/cubes", baseUrl).href);
      await ours.getByRole("button", { name: "View the file of storage_locations" }).click();
      const yaml = page.getByTestId("cube-yaml");
      await yaml.waitFor();
      assert.equal((await yaml.innerText()).trim(), example.trim());
      await page.keyboard.press("Escape");
      await ours.getByRole("button", { name: "Remove storage_locations" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Remove", exact: true }).click();
      await ours.waitFor({ state: "detached" });
      assert.deepEqual(pageErrors, []);
    }),
  );
});
