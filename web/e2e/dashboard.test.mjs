// BI dashboards in Chromium against a real `waybill serve` and its demo facility: the
// offline model answers "make a dashboard of yard dwell time" with a dashboard whose card
// opens the dashboard page in the side panel (a sandboxed frame: tiles, charts, where
// each number comes from); the Dashboards page lists it, and revoking its link makes the
// link answer 404. The chat page never loads Chart.js; the dashboard page does. Run like
// auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ArtifactsPanel } from "./pages/artifacts.mjs";
import { DashboardView, DashboardsPage } from "./pages/dashboards.mjs";
import { baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

/** The chunk Vite emits for Chart.js (vite.config.ts names it `charts`). */
const CHARTS_CHUNK = /\/assets\/charts-[\w-]+\.js$/;

/** A link fetched as anyone would, with no session: the capability link is the only proof. @param {string} url */
const statusOf = async (url) => (await fetch(url, { redirect: "manual" })).status;

describe("BI dashboards", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  /** The dashboard the first test made, and its working link, for the second. */
  let dashboard = { name: "", link: "" };

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test("a dashboard asked for in the chat opens in the side panel, is listed on the Dashboards page, and its link can be revoked", { skip }, () =>
    withSession(browser, { storageState, width: 1440, height: 1000, name: "dashboard" }, async ({ page, chat, cards, pageErrors }) => {
      const panel = new ArtifactsPanel(page);
      await chat.goto();
      await chat.send("make a dashboard of yard dwell time");
      const card = cards.card("biDashboardTool");
      await cards.waitForPhase(card, "completed", 90_000);
      await chat.waitUntilIdle();
      const name = (await card.getByTestId("tool-title").innerText()).trim();
      assert.ok(name && name !== "BI Dashboard", `the card is titled with the dashboard's name (${name})`);
      assert.match(await cards.status(card), /^Tiles: \d+/);
      assert.ok((await card.getByTestId("bi-dashboard-tile").count()) >= 2, "the card lists the tiles");
      await card.screenshot({ path: `${screenshots}dashboard-card.png` });

      // The header opens the dashboard page in the side panel: a sandboxed frame, in the reader's language.
      await card.getByRole("button", { expanded: true }).first().click();
      await panel.root.waitFor();
      const frameElement = panel.root.locator("iframe");
      await frameElement.waitFor();
      assert.match((await frameElement.getAttribute("src")) ?? "", /^\/d\/[^?]+\?lang=en$/);
      assert.doesNotMatch((await frameElement.getAttribute("sandbox")) ?? "", /allow-same-origin/);
      const view = new DashboardView(page.frameLocator('[data-testid="artifacts-panel"] iframe'));
      await view.isRendered();
      assert.equal((await view.name.innerText()).trim(), name);
      assert.ok((await view.tiles.count()) >= 2, "tiles");
      assert.ok((await view.charts.count()) >= 1, "a chart's canvas at least");
      const tile = view.tiles.filter({ has: view.root.getByTestId("tile-chart") }).first();
      const provenance = await view.openProvenance(tile);
      assert.match(await provenance.getByTestId("tile-query").innerText(), /SELECT/i);
      assert.match(await provenance.getByTestId("tile-as-of").innerText(), /^Data as of .+\(.+\)$/);
      assert.match(await provenance.getByTestId("tile-facilities").innerText(), /^Facilities: /);
      // A page of the app's own, not a preview of a server: no port and no address in the panel's bar.
      assert.equal(await panel.root.getByTestId("preview-port").count(), 0, "no 'Port …' on a dashboard");
      assert.equal(await panel.root.getByTestId("preview-address").count(), 0);
      await page.screenshot({ path: `${screenshots}dashboard-panel.png` });

      // The Dashboards page lists it; its link works without a session until it is revoked.
      const dashboards = new DashboardsPage(page, baseUrl);
      await dashboards.goto();
      await dashboards.row(name).waitFor();
      const link = await dashboards.link(name);
      assert.match(new URL(link).pathname, /^\/d\/[^/]+$/);
      assert.equal(await statusOf(link), 200);
      await page.screenshot({ path: `${screenshots}dashboards-page.png` });
      await dashboards.revoke(name);
      assert.equal(await statusOf(link), 404, "a revoked link answers 404");

      // A new link works; the revoked one stays dead.
      await dashboards.renew(name);
      const renewed = await dashboards.link(name);
      assert.notEqual(renewed, link);
      assert.equal(await statusOf(renewed), 200);
      assert.equal(await statusOf(link), 404);
      dashboard = { name, link: renewed };
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("the chat page loads no Chart.js; the dashboard page loads it", { skip }, async () => {
    assert.ok(dashboard.link, "the first test left a dashboard with a link");
    await withSession(browser, { storageState, name: "dashboard-charts" }, async ({ page, chat, pageErrors }) => {
      const requested = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await chat.open();
      await page.waitForLoadState("networkidle");
      assert.ok(requested.some((path) => path.startsWith("/assets/")), "the chat page's scripts were seen");
      assert.deepEqual(requested.filter((path) => CHARTS_CHUNK.test(path)), [], "no Chart.js chunk on the chat page");

      requested.length = 0;
      await page.goto(dashboard.link);
      const view = new DashboardView(page);
      await view.isRendered();
      assert.equal((await view.name.innerText()).trim(), dashboard.name);
      assert.equal(requested.filter((path) => CHARTS_CHUNK.test(path)).length, 1, "the dashboard page loads the Chart.js chunk");
      assert.equal(await page.evaluate(() => performance.getEntriesByName("dashboard-rendered").length), 1);
      assert.deepEqual(pageErrors, []);
    });
  });
});
