// The chat page in Chromium against a real `waybill serve` on the offline model: send and
// watch the answer stream, stop with Escape, rename, delete, delete all, reload, switch
// model and language, attach files, refuse a file over 100 MB, and keep hostile markdown
// inert. Run like auth.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { mkdir, mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { apiSession, baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

const NO_PROVIDER = "No AI provider is set up yet";

/** A 1×1 PNG and a one-page PDF, as a person would attach them. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe("chat page", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let files;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let storageState;

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    files = await mkdtemp(join(tmpdir(), "waybill-e2e-"));
    await writeFile(join(files, "dock-door.png"), PNG);
    await writeFile(join(files, "manifest.pdf"), PDF);
    // 101 MB without writing 101 MB: a sparse file.
    const big = await open(join(files, "yard-camera.mp4"), "w");
    await big.truncate(101 * 1024 * 1024);
    await big.close();
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  /** Makes the offline model's answers arrive over seconds, as on a slow network. */
  async function slowNetwork(page) {
    await page.evaluate(() => (window.__slowChat = true));
    return () => page.evaluate(() => (window.__slowChat = false));
  }

  test("sends a message, watches the answer stream in, and finds the history intact after a reload", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await chat.welcome.waitFor();
      await chat.send("What time is it in Tokyo?");
      const card = chat.lastAnswer().getByTestId("tool-card");
      await card.waitFor();
      await chat.lastAnswer().getByText(/ in Asia\/Tokyo /).waitFor();
      assert.match(await card.innerText(), /Time in Asia\/Tokyo/);
      await page.waitForURL((url) => url.searchParams.has("chat"));

      // Slowed down, the answer visibly grows while the Stop control shows.
      const restore = await slowNetwork(page);
      await chat.send("hello");
      await chat.stopButton.waitFor();
      const answer = chat.lastAnswer();
      await answer.getByText(/No AI provider/).waitFor({ timeout: 30_000 });
      const early = await answer.innerText();
      // The answer's last words: it has streamed to its end.
      await answer.getByText(/and restart Waybill\./).waitFor({ timeout: 60_000 });
      const full = await answer.innerText();
      assert.ok(early.length < full.length, `the answer grew while streaming (${early.length} → ${full.length} characters)`);
      await restore();
      await chat.waitUntilIdle();
      await page.screenshot({ path: `${screenshots}chat-conversation.png` });

      const chatId = new URL(page.url()).searchParams.get("chat");
      await page.reload();
      await chat.isShown();
      assert.equal(new URL(page.url()).searchParams.get("chat"), chatId);
      await chat.lastAnswer().getByText(/and restart Waybill\./).waitFor();
      assert.equal(await chat.messages.count(), 4);
      assert.deepEqual(await chat.page.getByTestId("sender").allInnerTexts(), ["You", "BI Assistant", "You", "BI Assistant"]);
      assert.equal(await chat.entry("What time is it in Tokyo?").count(), 1);

      const stored = await api.call(`/api/chat-history/${chatId}`);
      assert.equal(stored.status, 200);
      assert.deepEqual(stored.body.messages.map((m) => m.role), ["user", "assistant", "user", "assistant"]);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("stops a running answer with Escape", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      const restore = await slowNetwork(page);
      const stopCall = page.waitForRequest((r) => r.method() === "POST" && /\/api\/chat\/[^/]+\/stop$/.test(new URL(r.url()).pathname));
      await chat.send("hello");
      await chat.lastAnswer().getByText(/No AI provider/).waitFor({ timeout: 30_000 });
      await page.keyboard.press("Escape");
      await stopCall;
      await chat.waitUntilIdle();
      await restore();
      const stopped = await chat.lastAnswer().innerText();
      assert.ok(!stopped.includes("restart Waybill."), "the answer stopped before its end");
      assert.equal(await chat.stopButton.count(), 0);

      // The chat takes the next message at once.
      await chat.send("What time is it in Tokyo?");
      await chat.lastAnswer().getByText(/ in Asia\/Tokyo /).waitFor();
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("renames a chat, deletes one and then all after the spec's confirmations", { skip }, async (t) => {
    // Start from an empty list, whatever the tests before left.
    await api.call("/api/chat-history", { method: "DELETE" });
    await withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      let previous = null;
      for (const question of ["What time is it in Tokyo?", "hello"]) {
        await chat.newChatButton.click();
        await chat.welcome.waitFor();
        await chat.send(question);
        await chat.lastAnswer().getByTestId("sender").waitFor();
        await chat.waitUntilIdle();
        await page.waitForURL((url) => url.searchParams.has("chat") && url.searchParams.get("chat") !== previous);
        previous = new URL(page.url()).searchParams.get("chat");
      }
      await chat.entry("hello").waitFor();

      await chat.rename("hello", "Yard check — Fontana");
      await chat.entry("Yard check — Fontana").waitFor();
      // A blank title is ignored.
      await chat.rename("Yard check — Fontana", "   ");
      await chat.entry("Yard check — Fontana").waitFor();

      const dialog = await chat.askToDelete("Yard check — Fontana");
      assert.equal(await dialog.getByRole("heading").innerText(), "DELETE CONFIRMATION");
      await dialog.getByText("Are you sure you want to delete this conversation?", { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await chat.entry("Yard check — Fontana").waitFor({ state: "detached" });
      await chat.welcome.waitFor();

      const all = await chat.askToDeleteAll();
      assert.equal(await all.getByRole("heading").innerText(), "DELETE ALL CONFIRMATION");
      await all.getByText("Are you sure you want to delete ALL conversations? This action cannot be undone.", { exact: true }).waitFor();
      await page.screenshot({ path: `${screenshots}chat-delete-all.png` });
      await all.getByRole("button", { name: "Delete all", exact: true }).click();
      await chat.chatEntries.first().waitFor({ state: "detached" });
      const list = await api.call("/api/chat-history");
      assert.deepEqual(list.body, []);
      assert.deepEqual(pageErrors, []);
    });
  });

  test("switches model: gpt-5's options go into providerOptions; a model without a key shows the server's error", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      // The server offers what its keys allow; list two keyed models as if their keys were set.
      const offered = [
        { id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5", provider: "anthropic", requiresKey: true },
        { id: "gpt-5", name: "GPT-5", provider: "openai", requiresKey: true },
      ];
      await page.route("**/api/models", async (route) => {
        const real = await (await route.fetch()).json();
        await route.fulfill({ json: [...offered, ...real] });
      });
      await page.route("**/api/check-api-keys", (route) => route.fulfill({ json: { openai: true, anthropic: true, google: false, deepseek: false } }));
      await chat.newChatButton.click();
      await page.reload();
      await chat.isShown();
      await chat.modelPicker.getByText("Claude Sonnet 4.5").waitFor();

      const menu = await chat.openModelPicker();
      await menu.getByRole("menuitem", { name: "GPT-5", exact: true }).hover();
      await chat.modelOptions.getByText("Reasoning effort").waitFor();
      await chat.modelOptions.getByRole("menuitemradio", { name: "High", exact: true }).first().click();
      await page.screenshot({ path: `${screenshots}chat-model-options.png` });
      await menu.getByRole("menuitem", { name: "GPT-5", exact: true }).click();
      await chat.modelPicker.getByText("GPT-5").waitFor();

      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/chat");
      await chat.send("hello");
      const body = (await request).postDataJSON();
      assert.equal(body.model, "gpt-5");
      assert.equal(body.providerOptions.openai.reasoningEffort, "high");
      await chat.chatError.waitFor();
      assert.match(await chat.chatError.innerText(), /^Error: /);

      await chat.chooseModel("Offline (no AI provider)");
      await chat.chatError.getByRole("button", { name: "Retry" }).click();
      await chat.lastAnswer().getByText(NO_PROVIDER, { exact: false }).waitFor();
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("re-renders in Japanese and in German", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await chat.chooseLanguage("ja");
      await page.getByRole("button", { name: "新規接続", exact: true }).waitFor();
      await page.getByRole("textbox", { name: "メッセージ", exact: true }).waitFor();
      assert.equal(await page.getByRole("textbox", { name: "メッセージ" }).getAttribute("placeholder"), "メッセージを入力するか音声を使用...");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "ja");
      await page.screenshot({ path: `${screenshots}chat-ja.png` });

      await chat.chooseLanguage("de", "言語");
      await page.getByRole("button", { name: "Neue Verbindung", exact: true }).waitFor();
      await page.getByRole("heading", { name: "Wobei kann ich Ihnen heute im Betrieb helfen?" }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), "de");

      await page.reload();
      await page.getByRole("button", { name: "Neue Verbindung", exact: true }).waitFor();
      await chat.chooseLanguage("en", "Sprache");
      await chat.newChatButton.waitFor();
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("attaches an image and a PDF and sends them as file parts", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await chat.attach([join(files, "dock-door.png"), join(files, "manifest.pdf")]);
      await chat.attachmentList.getByText("2 file(s) selected").waitFor();
      await chat.attachmentList.getByText("manifest.pdf").waitFor();
      assert.equal(await chat.attachmentList.locator("img").count(), 1);

      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/chat");
      await chat.send("What do these show?");
      const sent = (await request).postDataJSON();
      const parts = sent.messages.at(-1).parts;
      assert.deepEqual(parts.map((p) => [p.type, p.mediaType ?? null, p.filename ?? null]), [
        ["file", "image/png", "dock-door.png"],
        ["file", "application/pdf", "manifest.pdf"],
        ["text", null, null],
      ]);
      // Uploaded to the file service; the message links them by their capability URLs.
      for (const part of parts.slice(0, 2)) assert.match(part.url, /^\/api\/file-app\/v1\/file\/view\/[^/]+\//);
      assert.equal(await chat.notices.count(), 0, "no upload failed");

      const mine = chat.userMessages.last();
      await mine.getByTestId("attachment-image").waitFor();
      await mine.getByTestId("attachment-file").getByText("manifest.pdf").waitFor();
      await chat.waitUntilIdle();
      await page.screenshot({ path: `${screenshots}chat-attachments.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("refuses a 101 MB file with the spec's alert", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await chat.attach([join(files, "yard-camera.mp4"), join(files, "manifest.pdf")]);
      const alert = page.getByRole("alertdialog");
      await alert.getByText("The following files are too large, please select files under 100MB:", { exact: true }).waitFor();
      await alert.getByText("yard-camera.mp4", { exact: true }).waitFor();
      await alert.getByRole("button", { name: "OK" }).click();
      await chat.attachmentList.getByText("1 file(s) selected").waitFor();
      assert.equal(await chat.attachmentList.getByText("yard-camera.mp4").count(), 0);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("keeps hostile markdown and titles from model output inert", { skip }, async (t) => {
    const hostile = [
      "Report ready. <script>window.__pwned = 'script'</script>",
      '<img src="/x" onerror="window.__pwned = \'onerror\'">',
      "[open the report](javascript:window.__pwned='link')",
      "![tracking pixel](https://tracker.invalid/pixel.png)",
      "<iframe src=\"https://tracker.invalid/frame\"></iframe>",
    ].join("\n\n");
    const created = await api.call("/api/chat-history", {
      method: "POST",
      body: JSON.stringify({ model: "waybill-offline", title: '<img src=x onerror="window.__pwned=\'title\'">', messages: [] }),
    });
    assert.equal(created.status, 201);
    const id = created.body.id;
    const saved = await api.call(`/api/chat-history/${id}`, {
      method: "PUT",
      body: JSON.stringify({
        model: "waybill-offline",
        messages: [
          { id: "u-hostile", role: "user", parts: [{ type: "text", text: "Show me the report" }] },
          { id: "a-hostile", role: "assistant", parts: [{ type: "text", text: hostile }] },
        ],
      }),
    });
    assert.equal(saved.status, 200);

    await withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      const outside = [];
      page.on("request", (r) => {
        if (new URL(r.url()).origin !== new URL(baseUrl).origin) outside.push(r.url());
      });
      await chat.goto(`?chat=${id}`);
      const answer = chat.lastAnswer();
      await answer.getByText("Report ready.", { exact: false }).waitFor();
      await answer.getByTestId("external-image").waitFor();

      const found = await answer.evaluate((el) => ({
        scripts: el.querySelectorAll("script").length,
        images: el.querySelectorAll("img").length,
        iframes: el.querySelectorAll("iframe").length,
        handlers: el.querySelectorAll("[onerror], [onclick], [onload]").length,
        jsLinks: [...el.querySelectorAll("a")].filter((a) => a.getAttribute("href")?.toLowerCase().startsWith("javascript")).length,
        text: el.textContent,
      }));
      assert.deepEqual({ ...found, text: undefined }, { scripts: 0, images: 0, iframes: 0, handlers: 0, jsLinks: 0, text: undefined });
      assert.ok(found.text.includes("<script>"), "raw HTML shows as text");

      await answer.getByText("open the report").click();
      await page.getByTestId("chat-title").getByText('<img src=x onerror="window.__pwned=\'title\'">', { exact: true }).waitFor();
      await page.screenshot({ path: `${screenshots}chat-hostile.png` });
      assert.equal(await page.evaluate(() => window.__pwned), undefined);
      assert.deepEqual(outside, [], "nothing was fetched from another origin");
      assert.deepEqual(pageErrors, []);
    });
  });
});
