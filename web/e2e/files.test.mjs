// Files end to end, against a real `waybill serve` on the offline model: upload a CSV, a
// PDF, a markdown, an HTML and an SVG file; ask the assistant to show each and open its
// card in the side panel's viewer; and check that the script in the HTML and the SVG never
// runs — not in the viewer, and not when their view link is opened directly. Run like
// auth.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FilesPage } from "./pages/files.mjs";
import { apiSession, baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

/** Each hostile file tries every way it can think of to run as the app. */
const PWN = `window.__pwned = 1; try { parent.__pwned = 1; top.__pwned = 1; top.document.title = "pwned"; } catch (e) {} document.title = "pwned";`;

const CSV_ROWS = 240;
const FILES = {
  "manifest.csv": {
    type: "text/csv",
    body: ["trailer,door,carrier,pallets", ...Array.from({ length: CSV_ROWS }, (_, i) => `TR-${1001 + i},${(i % 12) + 1},"Acme Freight, Inc.",${(i * 7) % 26}`)].join("\n"),
  },
  "bol.pdf": {
    type: "application/pdf",
    body:
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  },
  "dock-plan.md": {
    type: "text/markdown",
    body: `# Dock plan\n\n**Door 4** opens at six.\n\n<script>${PWN}</script>\n\n<img src="x" onerror="${PWN.replaceAll('"', "'")}">\n\n| door | carrier |\n|---|---|\n| 4 | Acme |\n`,
  },
  "yard-map.html": {
    type: "text/html",
    body: `<!doctype html><html><head><title>Yard map</title></head><body><h1>Yard map</h1><p>Row B is full.</p><script>${PWN}</script><img src="x" onerror="${PWN.replaceAll('"', "'")}"></body></html>`,
  },
  "badge.svg": {
    type: "image/svg+xml",
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="${PWN.replaceAll('"', "'")}"><script>${PWN}</script><rect width="40" height="40" fill="teal"/></svg>`,
  },
};

describe("files", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  /** @type {Record<string, {id: string, non_expire_view_url: string, mime_type: string}>} */
  const uploaded = {};

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    const api = await apiSession();
    // Multipart uploads set their own Content-Type.
    const auth = Object.fromEntries(Object.entries(api.headers).filter(([name]) => name !== "Content-Type"));
    for (const [name, { type, body }] of Object.entries(FILES)) {
      const form = new FormData();
      form.append("file", new Blob([body], { type }), name);
      const res = await fetch(new URL(`/api/file-app/v1/file/upload?filename=${encodeURIComponent(name)}`, baseUrl), { method: "POST", headers: auth, body: form });
      const answer = await res.json();
      assert.equal(res.status, 200, `${name} uploads: ${JSON.stringify(answer)}`);
      assert.equal(answer.success, true);
      uploaded[name] = answer.data;
    }
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
  });

  /**
   * Runs `steps` on a signed-in chat page in a fresh profile; the test fails on any page
   * error, and a failing step leaves a screenshot.
   */
  function inChat(t, steps) {
    return withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await steps({ page, files: new FilesPage(chat) });
      assert.deepEqual(pageErrors, []);
    });
  }

  /** Nothing a hostile file did reached the app's page. */
  async function assertNotPwned(page) {
    assert.equal(await page.evaluate(() => window.__pwned), undefined, "no script of a file ran in the app's page");
    assert.notEqual(await page.title(), "pwned");
  }

  test("shows an uploaded CSV as a paged table", { skip }, (t) =>
    inChat(t, async ({ page, files }) => {
      const viewer = await files.open("manifest.csv", "csv");
      const card = files.lastCard();
      assert.match(await card.innerText(), /text\/csv/);
      const table = viewer.getByRole("table");
      await table.getByText("TR-1001", { exact: true }).waitFor();
      assert.equal(await table.locator("tbody tr").count(), 100);
      const pager = viewer.getByRole("navigation", { name: "Table pages" });
      await pager.getByText(`Rows 1–100 of ${CSV_ROWS}`).waitFor();
      await pager.getByRole("button", { name: "Last page" }).click();
      await pager.getByText("Page 3 of 3").waitFor();
      await table.getByText(`TR-${1000 + CSV_ROWS}`, { exact: true }).waitFor();
      assert.equal(await table.getByText("Acme Freight, Inc.").first().isVisible(), true);
      await page.screenshot({ path: `${screenshots}files-csv.png` });
    }),
  );

  test("embeds an uploaded PDF, fullscreen on request, and Escape brings it back", { skip }, (t) =>
    inChat(t, async ({ page, files }) => {
      const link = uploaded["bol.pdf"].non_expire_view_url;
      const shown = new URL(link, baseUrl).href;
      // The chat answers first: the wait covers that too.
      const loaded = page.waitForEvent("framenavigated", { predicate: (f) => f.url() === shown, timeout: 60_000 });
      const viewer = await files.open("bol.pdf", "pdf");
      assert.equal(await viewer.locator("iframe").getAttribute("src"), link);
      await loaded;
      const res = await fetch(new URL(link, baseUrl));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("content-type"), "application/pdf");
      assert.match(res.headers.get("content-disposition") ?? "", /^inline/);

      const view = viewer.getByTestId("pdf-view");
      await viewer.getByRole("button", { name: "Fullscreen" }).click();
      assert.equal(await view.getAttribute("data-fullscreen"), "true");
      const box = await view.boundingBox();
      assert.deepEqual([box?.x, box?.y, box?.width, box?.height], [0, 0, 1280, 800], "fullscreen covers the window");
      await page.keyboard.press("Escape");
      assert.equal(await view.getAttribute("data-fullscreen"), "false");
      await viewer.getByRole("button", { name: "Fullscreen" }).waitFor();
    }),
  );

  test("renders an uploaded markdown file sanitised, and shows its source", { skip }, (t) =>
    inChat(t, async ({ page, files }) => {
      const viewer = await files.open("dock-plan.md", "markdown");
      await viewer.getByRole("heading", { name: "Dock plan" }).waitFor();
      await viewer.locator("strong", { hasText: "Door 4" }).waitFor();
      await viewer.getByRole("table").getByText("Acme").waitFor();
      assert.equal(await viewer.locator("script").count(), 0);
      assert.equal(await viewer.locator("img[onerror]").count(), 0);
      await viewer.getByRole("button", { name: "Source" }).click();
      await viewer.getByTestId("code-block").getByText(/\*\*Door 4\*\* opens at six\./).waitFor();
      await assertNotPwned(page);
    }),
  );

  test("previews an uploaded HTML page in a sandbox where its script never runs", { skip }, (t) =>
    inChat(t, async ({ page, files }) => {
      const viewer = await files.open("yard-map.html", "html");
      const frame = viewer.locator("iframe");
      const sandbox = await frame.getAttribute("sandbox");
      assert.notEqual(sandbox, null, "the preview is sandboxed");
      assert.ok(!sandbox.includes("allow-same-origin") && !sandbox.includes("allow-scripts"), `sandbox="${sandbox}"`);
      const inside = viewer.frameLocator("iframe");
      await inside.getByRole("heading", { name: "Yard map" }).waitFor();
      await inside.getByText("Row B is full.").waitFor();
      // Loaded, its script had its chance (inline scripts and the broken image's handler
      // run before `load`): nothing ran, not in the app and not in its own frame.
      const preview = page.frames().find((f) => f !== page.mainFrame() && f.url() === "about:srcdoc");
      assert.ok(preview, "the preview frame is there");
      await preview.waitForLoadState("load");
      await assertNotPwned(page);
      assert.notEqual(await preview.title().catch(() => "unreadable"), "pwned", "the page's own script did not run either");
      await page.screenshot({ path: `${screenshots}files-html.png` });

      await viewer.getByRole("button", { name: "Code" }).click();
      await viewer.getByTestId("code-block").getByText(/<h1>Yard map<\/h1>/).waitFor();
      assert.equal(await viewer.locator("iframe").count(), 0);
      await assertNotPwned(page);
    }),
  );

  test("shows an uploaded SVG as an image whose script never runs", { skip }, (t) =>
    inChat(t, async ({ page, files }) => {
      const viewer = await files.open("badge.svg", "image");
      const img = viewer.getByRole("img", { name: "badge.svg" });
      await img.waitFor();
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
      await assertNotPwned(page);
    }),
  );

  test("opened directly, the view links of HTML and SVG download instead of running", { skip }, (t) =>
    withSession(browser, { name: t.name }, async ({ page }) => {
      await page.goto(new URL("/login", baseUrl).href);
      const title = await page.title();
      for (const name of ["yard-map.html", "badge.svg"]) {
        const url = new URL(uploaded[name].non_expire_view_url, baseUrl).href;
        const res = await fetch(url);
        assert.equal(res.status, 200);
        assert.match(res.headers.get("content-disposition") ?? "", /^attachment/, `${name} is an attachment`);
        assert.equal(res.headers.get("x-content-type-options"), "nosniff");
        assert.match(res.headers.get("content-security-policy") ?? "", /sandbox/);

        const downloading = page.waitForEvent("download");
        await page.goto(url).catch(() => undefined);
        const download = await downloading;
        assert.equal(download.suggestedFilename(), name);
        await assertNotPwned(page);
        assert.equal(await page.title(), title);
      }

      // Shown inline, a markdown file is text under a sandboxing policy: its script is text too.
      await page.goto(new URL(uploaded["dock-plan.md"].non_expire_view_url, baseUrl).href);
      await page.getByText("# Dock plan").waitFor();
      await page.waitForLoadState("load");
      assert.equal(await page.evaluate(() => window.__pwned).catch(() => undefined), undefined);
      assert.notEqual(await page.title(), "pwned");
    }),
  );
});
