// Web search in Chromium against a real `waybill serve` whose web search points at a fake
// SearXNG (e2e/fakes/searxng.mjs): "search the web for …" lists the results on the card
// with safe links that open in a new tab, markup in a snippet shown as text; "read <url>"
// reads one result's page through the guarded client and shows its article without the
// menus, scripts and cookie banner around it. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { launchBrowser, signedInState, skip, withSession } from "./support.mjs";

describe("web search", { timeout: 300_000 }, () => {
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

  test("searches, lists safe links, and reads a result's page", { skip }, () =>
    withSession(browser, { storageState, width: 1280, height: 1000, name: "websearch" }, async ({ page, chat, cards, pageErrors }) => {
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await chat.open();

      await chat.send("search the web for pallet racking load capacity");
      const search = cards.card("webSearch");
      await cards.waitForPhase(search, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.equal((await search.getByTestId("tool-title").innerText()).trim(), "Web search: pallet racking load capacity");
      assert.equal(await cards.status(search), "2 results");
      // The results card opens by itself: the results are the answer.
      assert.equal(await search.getByRole("button").first().getAttribute("aria-expanded"), "true");
      const results = search.getByTestId("web-result");
      await results.first().waitFor();
      assert.equal(await results.count(), 2);
      const link = results.first().getByRole("link").first();
      assert.equal(await link.getAttribute("target"), "_blank");
      assert.match((await link.getAttribute("rel")) ?? "", /noopener/);
      assert.match((await link.getAttribute("rel")) ?? "", /noreferrer/);
      const href = await link.getAttribute("href");
      assert.match(href ?? "", /\/pages\/racking-load-capacity$/);
      assert.match(await results.first().innerText(), /Pallet racking load capacity: a practical guide/);
      assert.equal(await results.first().getByTestId("web-result-site").innerText(), "127.0.0.1");
      // Markup from the provider is text: no bold element, no script ran.
      assert.equal(await search.locator("b, strong, script").count(), 0);
      assert.equal(await search.locator("img").count(), 0, "no remote images");
      assert.equal(dialogs, 0);

      await chat.send(`read ${href}`);
      const read = cards.card("readWebPage");
      await cards.waitForPhase(read, "completed", 60_000);
      await chat.waitUntilIdle();
      assert.equal((await read.getByTestId("tool-title").innerText()).trim(), "Read page: 127.0.0.1");
      await read.getByRole("button").first().click();
      const text = await read.getByTestId("web-page-text").innerText();
      assert.match(text, /A standard 96-inch beam pair rated at 5,000 lb/);
      for (const noise of ["Shop racking", "We use cookies", "window.tracking", "All rights reserved", "Related: forklift"]) {
        assert.ok(!text.includes(noise), `"${noise}" is left out of the page's text`);
      }
      assert.deepEqual(pageErrors, []);
    }),
  );
});
