// How an answer ends and starts again, in Chromium against a real `waybill serve` on the
// offline model: Stop while a tool runs (the card says Stopped, before and after a
// reload), a failed send answered through the retry under its question, Regenerate,
// Edit and resend, and Copy. The running tool is the weather tool asked about
// "Slowtown", which the fake Open-Meteo (e2e/fakes/open-meteo.mjs) finds only after 20 s.
// Run like chat.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { apiSession, baseUrl, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

const SLOW_WEATHER = "What's the weather in Slowtown?";

describe("conversation: stop, retry, regenerate, edit, copy", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let storageState;
  /** The chats these tests made, deleted at the end so other test files find the list as they left it. */
  const made = new Set();

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
    for (const id of made) await api?.call(`/api/chat-history/${id}`, { method: "DELETE" });
  });

  /** Opens a message's options menu and returns it. @param {import('playwright-core').Locator} message */
  async function optionsOf(page, message) {
    await message.hover();
    await message.getByRole("button", { name: "Message options" }).click();
    return page.getByRole("menu");
  }

  const chatIdOf = (page) => {
    const id = new URL(page.url()).searchParams.get("chat");
    if (id) made.add(id);
    return id;
  };

  test("stopping while a tool runs leaves its card 'Stopped', also after a reload", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await chat.send(SLOW_WEATHER);
      const card = chat.lastAnswer().getByTestId("tool-card");
      await card.and(page.locator('[data-phase="executing"]')).waitFor();
      await page.waitForURL((url) => url.searchParams.has("chat"));
      chatIdOf(page);
      await chat.stopButton.click();

      await card.and(page.locator('[data-phase="stopped"]')).waitFor({ timeout: 5_000 });
      await chat.waitUntilIdle();
      assert.equal(await card.getByTestId("tool-status").innerText(), "Stopped");
      assert.equal(await card.getByTestId("tool-skeleton").count(), 0);
      assert.equal(await card.locator(".animate-spin").count(), 0, "no spinner is left");
      assert.equal(await chat.lastAnswer().getByTestId("stopped-mark").innerText(), "Stopped");
      await page.screenshot({ path: `${screenshots}conversation-stopped.png` });

      const chatId = chatIdOf(page);
      // What the server stored says the same (give the autosave its moment).
      await assert.doesNotReject(async () => {
        for (let i = 0; i < 50; i++) {
          const stored = await api.call(`/api/chat-history/${chatId}`);
          const answer = stored.body.messages.at(-1);
          const call = answer?.parts?.find((p) => p.type === "tool-weatherTool");
          if (answer?.metadata?.stopped === true && call?.resultProviderMetadata?.waybill?.stopped === true) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error("the stored answer is not marked stopped");
      });

      await page.reload();
      await chat.isShown();
      const reloaded = chat.lastAnswer().getByTestId("tool-card");
      await reloaded.and(page.locator('[data-phase="stopped"]')).waitFor();
      assert.equal(await reloaded.getByTestId("tool-status").innerText(), "Stopped");
      assert.equal(await chat.lastAnswer().getByTestId("stopped-mark").count(), 1);
      await reloaded.click();
      await reloaded.getByText("Stopped before it finished").waitFor();
      assert.equal(await page.getByTestId("unanswered").count(), 0);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("a failed send is answered through the retry under its question, also after a reload", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      let failed = false;
      await page.route("**/api/chat", (route) => {
        if (failed || route.request().method() !== "POST") return route.continue();
        failed = true;
        return route.abort("failed");
      });
      await chat.send("What time is it in Tokyo?");
      await chat.chatError.waitFor();
      await page.waitForURL((url) => url.searchParams.has("chat"));
      chatIdOf(page);

      // The question was saved without an answer: after a reload, it offers a retry.
      await page.reload();
      await chat.isShown();
      const notice = page.getByTestId("unanswered");
      await notice.waitFor();
      assert.equal(await notice.getByRole("paragraph").innerText(), "This message has no answer yet");
      await page.screenshot({ path: `${screenshots}conversation-unanswered.png` });
      await notice.getByRole("button", { name: "Retry" }).click();
      await chat.lastAnswer().getByText(/ in Asia\/Tokyo /).waitFor();
      await chat.waitUntilIdle();
      assert.equal(await notice.count(), 0);
      assert.deepEqual(await chat.messages.evaluateAll((els) => els.map((e) => e.dataset.role)), ["user", "assistant"]);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("Regenerate answers the last question again; Edit and resend answers the edited one", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
      await chat.open();
      await chat.send("What time is it in Tokyo?");
      await chat.lastAnswer().getByText(/ in Asia\/Tokyo /).waitFor();
      await chat.waitUntilIdle();
      await page.waitForURL((url) => url.searchParams.has("chat"));
      chatIdOf(page);
      const firstId = await chat.lastAnswer().getAttribute("data-message-id");

      const menu = await optionsOf(page, chat.lastAnswer());
      await menu.getByRole("menuitem", { name: "Regenerate" }).click();
      await page.waitForFunction((id) => {
        const answers = document.querySelectorAll('[data-testid="message"][data-role="assistant"]');
        const last = answers[answers.length - 1];
        return answers.length === 1 && last?.getAttribute("data-message-id") !== id && / in Asia\/Tokyo /.test(last?.textContent ?? "");
      }, firstId);
      await chat.waitUntilIdle();

      const edit = await optionsOf(page, chat.userMessages.last());
      await edit.getByRole("menuitem", { name: "Edit and resend" }).click();
      const box = page.getByRole("textbox", { name: "Edit your message" });
      await box.fill("What time is it in London?");
      await page.screenshot({ path: `${screenshots}conversation-editing.png` });
      await box.press("Enter");
      await chat.lastAnswer().getByText(/ in Europe\/London /).waitFor();
      await chat.waitUntilIdle();
      assert.equal(await chat.messages.count(), 2);
      assert.equal(await chat.userMessages.innerText().then((s) => s.includes("What time is it in London?")), true);

      const stored = await api.call(`/api/chat-history/${chatIdOf(page)}`);
      assert.deepEqual(stored.body.messages.map((m) => m.role), ["user", "assistant"]);
      assert.equal(stored.body.messages[0].parts.find((p) => p.type === "text").text, "What time is it in London?");
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("Copy puts the message's words on the clipboard and says 'Copied'", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ context, page, chat, pageErrors }) => {
      await chat.open();
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseUrl).origin });
      await chat.send("What time is it in Tokyo?");
      await chat.lastAnswer().getByText(/ in Asia\/Tokyo /).waitFor();
      await chat.waitUntilIdle();
      await page.waitForURL((url) => url.searchParams.has("chat"));
      chatIdOf(page);

      const menu = await optionsOf(page, chat.userMessages.last());
      await menu.getByRole("menuitem", { name: "Copy" }).click();
      await chat.userMessages.last().getByText("Copied").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "What time is it in Tokyo?");
      await page.screenshot({ path: `${screenshots}conversation-copied.png` });
      await chat.userMessages.last().getByText("Copied").waitFor({ state: "detached", timeout: 4_000 });
      assert.deepEqual(pageErrors, []);
    }),
  );
});
