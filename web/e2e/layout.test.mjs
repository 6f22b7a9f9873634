// The chat page's frame in Chromium, measured: long words and links wrap inside their
// bubbles; the artifacts panel, dragged hard either way, never squeezes the chat below its
// minimum or lies over it; the panel's tabs stay beside its Tabs/Stacked switch; on a phone
// weather values keep their units and every attached file can be reached; the input hint
// shows whole or not at all; the sign-in page fits a laptop screen in every language; the
// landing view hands over to the sign-in page by itself; the way from signing in to the
// chat never shows an empty page; the sidebar's toggle keeps the keyboard's focus.
// Run like auth.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD); the
// weather step needs the fake Open-Meteo (scripts/e2e.sh).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ArtifactsPanel } from "./pages/artifacts.mjs";
import { LandingPage } from "./pages/landing.mjs";
import { ChatLayout, insideX, lineCount, overlapX } from "./pages/layout.mjs";
import { LoginPage } from "./pages/login.mjs";
import { apiSession, baseUrl, email, launchBrowser, password, screenshots, skip, withSession } from "./support.mjs";

/** The chat column's and the panel's narrowest widths (artifacts/layout.ts). */
const MIN_CHAT_WIDTH = 360;
const MIN_PANEL_WIDTH = 280;
const LANGUAGES = ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"];

/**
 * Records, on every frame, whether the page shows something: the sign-in form, a loading
 * status or the chat — or nothing but a background (`blank`).
 */
function recordFrames() {
  window.__frames = [];
  const tick = () => {
    const shown = [...document.querySelectorAll("form, main, [role='status']")].some((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    });
    window.__frames.push({ path: location.pathname, blank: !shown });
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

describe("the chat page's layout", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  let files;
  /** @type {{ path: string, blank: boolean }[]} */
  let signInFrames = [];

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    files = await mkdtemp(join(tmpdir(), "waybill-layout-"));
    await writeFile(join(files, "yard-map.csv"), "trailer,door\nTR-1001,4\n");
    await writeFile(join(files, "gate-notes.md"), "# Gate notes\n\nGate 2 opens at six.\n");
    for (let i = 1; i <= 6; i++) await writeFile(join(files, `door-schedule-week-${i}.csv`), `door,week\n4,${i}\n`);
    browser = await launchBrowser();

    // The one sign-in of this file, watched frame by frame from the click to the chat.
    await withSession(browser, { width: 1360, height: 860, name: "sign in" }, async ({ context, page, chat }) => {
      const login = new LoginPage(page, baseUrl);
      await login.goto();
      await login.isShown();
      await login.email.fill(email);
      await login.password.fill(password);
      await page.evaluate(recordFrames);
      await login.submitButton.click();
      await chat.isShown();
      signInFrames = await page.evaluate(() => window.__frames);
      storageState = await context.storageState();
    });
  });

  after(async () => {
    await browser?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  /** Runs `steps` on a signed-in chat page in a fresh profile, in `language` (`withSession`). */
  function inChat(name, { language = "en", width = 1360, height = 860, search = "" }, steps) {
    return withSession(browser, { width, height, storageState, language, name }, async (session) => {
      await session.chat.goto(search);
      await session.page.getByTestId("input-bar").waitFor();
      return steps({ ...session, layout: new ChatLayout(session.page) });
    });
  }

  /** Sends `text` and waits for the answer's finished card of `tool`. */
  async function ask(chat, text, tool) {
    const before = await chat.assistantMessages.count();
    const box = chat.page.getByTestId("input-bar").getByRole("textbox");
    await box.fill(text);
    await box.press("Enter");
    const card = chat.assistantMessages.nth(before).locator(`[data-testid="tool-card"][data-tool="${tool}"][data-phase="completed"]`);
    await card.waitFor({ timeout: 30_000 });
    await chat.page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
    return card;
  }

  /** Nothing overlaps: sidebar, chat, divider and panel side by side; the chat's controls inside it. */
  async function assertFrame(layout, label) {
    const b = await layout.boxes();
    const columns = { sidebar: b.sidebar, chat: b.chat, divider: b.divider, panel: b.panel };
    const names = Object.keys(columns);
    for (const [i, x] of names.entries()) {
      for (const y of names.slice(i + 1)) assert.ok(!overlapX(columns[x], columns[y]), `${label}: ${x} and ${y} overlap (${JSON.stringify([columns[x], columns[y]])})`);
    }
    assert.ok(b.chat.width >= MIN_CHAT_WIDTH - 0.5, `${label}: the chat is ${b.chat.width} px wide`);
    for (const button of b.buttons) assert.ok(insideX(button.box, b.chat), `${label}: '${button.name}' lies outside the chat (${JSON.stringify(button.box)}, chat ${JSON.stringify(b.chat)})`);
    assert.ok(await layout.modelPickerOnTop(), `${label}: something lies over the model picker`);
    return b;
  }

  test("long words and links wrap inside their bubbles", { skip }, async (t) => {
    const api = await apiSession();
    const url = `https://tracking.example.com/${"shipment".repeat(10)}`;
    const word = "Containerterminalbetriebsgesellschaft".repeat(3);
    const chatId = randomBytes(16).toString("hex");
    const text = `Where is ${url}? And ${word}?`;
    const messages = [
      { id: "u1", role: "user", metadata: { createdAt: Date.now() }, parts: [{ type: "text", text }] },
      { id: "a1", role: "assistant", metadata: { createdAt: Date.now() }, parts: [{ type: "text", text: `See ${url} and \`${word}\` and **${word}**.` }] },
    ];
    const stored = await api.call(`/api/chat-history/${chatId}`, { method: "PUT", body: JSON.stringify({ model: "waybill-offline", messages }) });
    assert.equal(stored.status, 201);

    for (const [width, height] of [
      [1024, 768],
      [390, 844],
    ]) {
      await inChat(`${t.name} ${width}`, { width, height, search: `?chat=${chatId}` }, async ({ page, chat, layout, pageErrors }) => {
        await chat.assistantMessages.first().waitFor();
        const column = (await layout.boxes()).chat;
        for (const message of await chat.messages.all()) {
          const bubbles = await message.locator("p, .prose-chat").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
          for (const bubble of bubbles) assert.ok(insideX(bubble, column), `${width}: a bubble reaches outside the chat (${JSON.stringify(bubble)})`);
        }
        const scroller = await chat.scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        assert.ok(scroller.scroll <= scroller.client, `${width}: the conversation scrolls sideways (${JSON.stringify(scroller)})`);
        await page.screenshot({ path: `${screenshots}layout-long-words-${width}.png` });
        assert.deepEqual(pageErrors, []);
      });
    }
  });

  test("the artifacts panel leaves the chat its room at every width from 1024 up, dragged either way", { skip }, (t) =>
    inChat(t.name, { width: 1024, height: 768 }, async ({ page, chat, layout, pageErrors }) => {
      const panel = new ArtifactsPanel(page);
      await chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
      await chat.attach([join(files, "yard-map.csv"), join(files, "gate-notes.md")]);
      await chat.attachmentList.getByText("2 file(s) selected").waitFor();
      const manifest = await ask(chat, "Show the file yard-map.csv", "displayFileTool");
      const notes = await ask(chat, "Show the file gate-notes.md", "displayFileTool");
      await manifest.getByRole("button").first().click();
      await notes.getByRole("button").first().click();
      await panel.tabs.nth(1).and(page.locator('[aria-selected="true"]')).waitFor();
      assert.ok(await layout.sidebar.isVisible(), "the sidebar is open");

      for (const [width, height] of [
        [1024, 768],
        [1200, 800],
        [1360, 860],
      ]) {
        await page.setViewportSize({ width, height });
        await assertFrame(layout, `${width}, as opened`);

        await panel.dragDividerTo(5);
        const left = await assertFrame(layout, `${width}, dragged hard left`);
        assert.ok(left.chat.width < MIN_CHAT_WIDTH + 2, `${width}: the panel takes what the chat can give (chat ${left.chat.width} px)`);
        if (width === 1024) await page.screenshot({ path: `${screenshots}layout-panel-left-1024.png` });

        await panel.dragDividerTo(width - 5);
        const right = await assertFrame(layout, `${width}, dragged hard right`);
        const space = width - left.sidebar.right;
        const narrowest = Math.max(space * 0.25, MIN_PANEL_WIDTH);
        assert.ok(Math.abs(right.panel.width - narrowest) < 2, `${width}: 25 % of the space beside the sidebar, or ${MIN_PANEL_WIDTH} px (${right.panel.width} of ${space})`);

        // At its narrowest the tabs still stand whole beside the Tabs/Stacked switch, none under it.
        const toggle = await panel.modeToggle.boundingBox();
        const strip = await panel.root.getByRole("tablist").boundingBox();
        for (const tab of await panel.tabs.all()) {
          const box = await tab.boundingBox();
          assert.ok(box && toggle && box.x + box.width <= toggle.x + 0.5, `${width}: a tab runs under the Tabs/Stacked switch (${JSON.stringify([box, toggle])})`);
          assert.ok(box && strip && box.x >= strip.x - 0.5 && box.x + box.width <= strip.x + strip.width + 0.5, `${width}: a tab is cut off (${JSON.stringify([box, strip])})`);
        }
        if (width === 1360) await page.screenshot({ path: `${screenshots}layout-panel-right-1360.png` });
      }
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("on a phone, weather values keep their units and every attached file can be reached", { skip }, (t) =>
    inChat(t.name, { width: 390, height: 844 }, async ({ page, chat, pageErrors }) => {
      await chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
      const weather = await ask(chat, "What's the weather in Savannah?", "weatherTool");
      for (const value of [weather.getByTestId("weather-temperature"), ...(await weather.getByTestId("weather-reading").all())]) {
        assert.equal(await lineCount(value), 1, `'${await value.innerText()}' is broken across lines`);
      }

      const names = Array.from({ length: 6 }, (_, i) => `door-schedule-week-${i + 1}.csv`);
      await chat.attach(names.map((n) => join(files, n)));
      await chat.attachmentList.getByText("6 file(s) selected").waitFor();
      const list = chat.attachmentList.getByTestId("attachment-items");
      const frame = await list.evaluate((el) => ({ ...el.getBoundingClientRect().toJSON(), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      assert.ok(frame.scrollWidth <= frame.clientWidth, "the files do not run off to the side");
      const items = await list.getByRole("listitem").all();
      const fourth = await items[3].boundingBox();
      assert.ok(fourth && fourth.y + fourth.height <= frame.bottom + 0.5 && fourth.x + fourth.width <= frame.right + 0.5, "the fourth file shows without scrolling");
      // A row cut at the bottom edge says the list goes on.
      const cut = await Promise.all(items.map((item) => item.boundingBox()));
      assert.ok(cut.some((b) => b && b.y < frame.bottom - 1 && b.y + b.height > frame.bottom + 1), "a partly shown row hints at more files");
      await page.screenshot({ path: `${screenshots}layout-phone.png` });
      for (const [i, item] of items.entries()) {
        await item.scrollIntoViewIfNeeded();
        const box = await item.boundingBox();
        const view = await list.boundingBox();
        assert.ok(box && view && box.y >= view.y - 0.5 && box.y + box.height <= view.y + view.height + 0.5, `${names[i]} can be scrolled into view`);
        await item.getByRole("button", { name: `Remove ${names[i]}` }).waitFor();
      }
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("the input hint shows whole or not at all, in German too", { skip }, async (t) => {
    for (const language of ["de", "fr", "en", "ja"]) {
      await inChat(`${t.name} ${language}`, { language, width: 1024, height: 768 }, async ({ page, layout, pageErrors }) => {
        const seen = new Set();
        for (const width of [1024, 1100, 1180, 1260, 1360, 1600]) {
          await page.setViewportSize({ width, height: 768 });
          const state = await layout.hintState();
          assert.notEqual(state, "cut", `${language} at ${width}: the hint is cut`);
          seen.add(state);
        }
        // German's and French's are longer than the room the bar leaves them: left out, not cut.
        if (language === "en" || language === "ja") assert.ok(seen.has("whole"), `${language}: the hint shows where there is room`);
        if (language === "de") await page.screenshot({ path: `${screenshots}layout-hint-de.png` });
        assert.deepEqual(pageErrors, []);
      });
    }
  });

  test("voice looks unavailable and the live agent available; the sidebar's toggle keeps the keyboard's focus", { skip }, (t) =>
    inChat(t.name, {}, async ({ page, layout, pageErrors }) => {
      /** @param {string} name */
      const lookOf = (name) =>
        layout.inputBar
          .getByRole("button", { name, exact: true })
          .evaluate((el) => ({ cursor: getComputedStyle(el).cursor, opacity: Number(getComputedStyle(el).opacity), disabled: el.getAttribute("aria-disabled") ?? (/** @type {HTMLButtonElement} */ (el).disabled ? "true" : null) }));
      const voice = await lookOf("Voice input");
      assert.deepEqual({ cursor: voice.cursor, disabled: voice.disabled }, { cursor: "not-allowed", disabled: "true" }, "Voice input");
      assert.ok(voice.opacity < 0.6, `Voice input is greyed (${voice.opacity})`);
      // The switch to the live agent is there to be used (docs/live-agent.md).
      const liveAgent = await lookOf("Live Agent");
      assert.equal(liveAgent.disabled, null, "Live Agent is enabled");
      assert.notEqual(liveAgent.cursor, "not-allowed");
      assert.ok(liveAgent.opacity > 0.9, `Live Agent is not greyed (${liveAgent.opacity})`);

      await layout.collapseButton.focus();
      await page.keyboard.press("Enter");
      await layout.sidebar.waitFor({ state: "detached" });
      assert.ok(await layout.expandButton.evaluate((el) => el === document.activeElement), "the focus is on Expand sidebar");
      await page.keyboard.press("Enter");
      await layout.sidebar.waitFor();
      assert.ok(await layout.collapseButton.evaluate((el) => el === document.activeElement), "the focus is back on Collapse sidebar");
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("signing in goes to the chat without an empty frame", { skip }, () => {
    assert.ok(signInFrames.length > 0, "frames were recorded");
    const blank = signInFrames.filter((f) => f.blank);
    assert.deepEqual(blank, [], `${blank.length} of ${signInFrames.length} frames showed nothing`);
    assert.equal(signInFrames.at(-1).path, "/");
  });

  test("the sign-in page fits a laptop screen in every language; the landing view hands over to it by itself", { skip }, (t) =>
    withSession(browser, { width: 1360, height: 860, name: t.name }, async ({ page, pageErrors }) => {
      const layout = new ChatLayout(page);
      await page.goto(new URL("/login", baseUrl).href);
      for (const language of LANGUAGES) {
        await page.evaluate((code) => localStorage.setItem("waybill.language", code), language);
        await page.reload();
        await page.waitForFunction((code) => document.documentElement.lang === code, language);
        await page.locator("form").waitFor();
        assert.equal(await layout.pageOverflow(), 0, `${language}: the sign-in page scrolls`);
      }
      await page.evaluate(() => localStorage.setItem("waybill.language", "en"));

      const landing = new LandingPage(page, baseUrl);
      const login = new LoginPage(page, baseUrl);
      await page.goto("about:blank");
      await landing.goto();
      await landing.isShown();
      await login.isShown();
      await page.goBack();
      assert.notEqual(new URL(page.url()).pathname, "/", "Back does not return to the landing view");
      assert.deepEqual(pageErrors, []);
    }),
  );
});
