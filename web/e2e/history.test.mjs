// A long chat in Chromium against a real `waybill serve`: a 5,000-message chat opens on
// its newest page, loads older pages as the reader scrolls up (keeping what they read in
// place), takes a new message, and the server still holds every message afterwards.
// Run like auth.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { apiSession, launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

const COUNT = 5000;

/** `COUNT` messages, question and answer in turn, each saying its number. */
function longChat() {
  return Array.from({ length: COUNT }, (_, i) => ({
    id: `m-${String(i).padStart(4, "0")}`,
    role: i % 2 === 0 ? "user" : "assistant",
    metadata: { createdAt: Date.UTC(2026, 0, 1) + i * 60_000 },
    parts: [{ type: "text", text: `Message ${i}: dock ${i % 12} reports ${i * 7} pallets on the inbound schedule.` }],
  }));
}

describe("a long chat", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let storageState;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test("opens on its newest page, loads older pages on scrolling up, and keeps every message", { skip }, async (t) => {
    const chatId = randomBytes(16).toString("hex");
    const messages = longChat();
    const whole = JSON.stringify(messages).length;
    const stored = await api.call(`/api/chat-history/${chatId}`, { method: "PUT", body: JSON.stringify({ model: "waybill-offline", messages }) });
    assert.equal(stored.status, 201);

    try {
      await withSession(browser, { storageState, name: t.name }, async ({ page, chat, pageErrors }) => {
        /** Bytes of history the page received, by request URL. */
        const history = new Map();
        page.on("response", async (res) => {
          if (!new URL(res.url()).pathname.startsWith(`/api/chat-history/${chatId}`) || res.request().method() !== "GET") return;
          history.set(res.url(), (await res.body().catch(() => Buffer.alloc(0))).length);
        });
        const chatRequests = [];
        page.on("request", (req) => {
          if (req.method() === "POST" && new URL(req.url()).pathname === "/api/chat") chatRequests.push(req.postDataJSON());
        });

        await chat.open(`?chat=${chatId}`);
        await chat.message("Message 4999:").waitFor();
        const opened = [...history.entries()];
        assert.equal(opened.length, 1, "one request opened the chat");
        assert.match(opened[0][0], /\?limit=50$/);
        assert.ok(opened[0][1] < whole / 50, `the first load carried ${opened[0][1]} bytes of a ${whole}-byte chat`);
        assert.equal(await chat.message("Message 4949:").count(), 0, "older messages are not loaded yet");

        // Near the top the page before loads, and the message that was at the top stays in view.
        const olderPage = (before) => page.waitForResponse((res) => res.url().includes(`/api/chat-history/${chatId}/messages?before=${before}&`));
        let arrived = olderPage("m-4950");
        await chat.scrollToTop();
        await arrived;
        await chat.message("Message 4949:").waitFor();
        assert.ok(await chat.isInView("Message 4950:"), "the message read before the page arrived is still in view");
        assert.equal(await chat.olderLoading.count(), 0, "no loading indicator once the page is in");
        arrived = olderPage("m-4900");
        await chat.scrollToTop();
        await arrived;
        await chat.message("Message 4899:").waitFor();
        await chat.scrollToTop();
        await chat.message("Message 4850:").waitFor();
        await page.screenshot({ path: `${screenshots}history-older-pages.png` });
        const pages = [...history.keys()].filter((url) => url.includes("/messages?before="));
        assert.ok(pages.length >= 2, `older pages were fetched (${pages.length})`);
        const transferred = [...history.values()].reduce((a, b) => a + b, 0);
        assert.ok(transferred < whole / 5, `${transferred} of ${whole} bytes were loaded`);

        // A new message goes with the id of the oldest loaded message; the server keeps the rest.
        await chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
        await chat.send("hello");
        await chat.lastAnswer().getByText(/No AI provider/).waitFor({ timeout: 30_000 });
        await chat.waitUntilIdle();
        const sent = chatRequests.at(-1);
        assert.ok(sent.loadedFrom && sent.loadedFrom <= "m-4850", `the chat request named the oldest loaded message (${sent.loadedFrom})`);
        assert.ok(sent.messages.length < 300, `it sent only what is loaded (${sent.messages.length} messages)`);

        await page.reload();
        await chat.isShown();
        await chat.message("hello").waitFor();
        const all = await api.call(`/api/chat-history/${chatId}`);
        assert.equal(all.status, 200);
        assert.equal(all.body.messages.length, COUNT + 2, "every message is still stored, and the new two");
        assert.equal(all.body.messages[0].id, "m-0000");
        assert.equal(all.body.messages[COUNT - 1].id, "m-4999");
        assert.deepEqual(all.body.messages.slice(COUNT).map((m) => m.role), ["user", "assistant"]);
        assert.deepEqual(pageErrors, []);
      });
    } finally {
      await api.call(`/api/chat-history/${chatId}`, { method: "DELETE" });
    }
  });
});
