// Browser benchmark of the chat page (`make bench-web`): a chat of 2,000 messages with
// 300 tool cards, seeded through the chat-history API, opened in headless Chromium.
// Measures time to first render, the initial JavaScript (gzipped), main-thread long
// tasks while an answer streams into that chat and while scrolling through it, and how
// many messages are in the DOM. Prints a Markdown table; exits 1 when a target is missed.
//
//   WAYBILL_URL=… WAYBILL_E2E_EMAIL=… WAYBILL_E2E_PASSWORD=… node bench/chat-page.mjs
import { gzipSync } from "node:zlib";
import { ChatPage } from "../e2e/pages/chat.mjs";
import { apiSession, baseUrl, launchBrowser, newPage, signedInState } from "../e2e/support.mjs";

const MESSAGES = 2000;
const TOOL_CARDS = 300;
const RUNS = 5;
const TARGET_FIRST_RENDER_MS = 1000;
const TARGET_INITIAL_JS_KB = 350;

const answerText = (i) =>
  i % 5 === 0
    ? `Dock plan **${i}**:\n\n| Door | Trailer | ETA |\n|---|---|---|\n| 4 | TR-${i} | 10:${String(i % 60).padStart(2, "0")} |\n| 7 | TR-${i + 1} | 11:15 |\n\n\`\`\`sql\nselect door, trailer from dock_schedule where day = current_date;\n\`\`\``
    : `Trailer TR-${i} is at door ${i % 12}. Unloading should finish in about ${(i % 50) + 10} minutes; the next appointment is on schedule.`;

/** 1,000 questions and 1,000 answers; 300 answers carry a completed tool call. */
function seedMessages() {
  const messages = [];
  const toolEvery = Math.floor(MESSAGES / 2 / TOOL_CARDS);
  let tools = 0;
  for (let i = 0; i < MESSAGES / 2; i++) {
    messages.push({ id: `u-${i}`, role: "user", metadata: { createdAt: Date.now() - (MESSAGES - i) * 60_000 }, parts: [{ type: "text", text: `Where is trailer TR-${i}?` }] });
    const parts = [{ type: "step-start" }];
    if (i % toolEvery === 0 && tools < TOOL_CARDS) {
      tools += 1;
      parts.push({
        type: "tool-timeTool",
        toolCallId: `call-${i}`,
        state: "output-available",
        providerExecuted: true,
        input: { timezone: "America/Toronto" },
        output: { time: "10:42:07", date: "2026-11-23", timezone: "America/Toronto", hours: 10, minutes: 42, seconds: 7 },
      });
    }
    parts.push({ type: "text", text: answerText(i), state: "done" });
    messages.push({ id: `a-${i}`, role: "assistant", metadata: { model: "waybill-offline" }, parts });
  }
  return { messages, tools };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const api = await apiSession();
  const { messages, tools } = seedMessages();
  const created = await api.call("/api/chat-history", {
    method: "POST",
    body: JSON.stringify({ model: "waybill-offline", title: "Benchmark: 2,000 messages", messages }),
  });
  if (created.status !== 201) throw new Error(`seeding failed: ${created.status} ${JSON.stringify(created.body)}`);
  const chatId = created.body.id;

  const browser = await launchBrowser();
  const storageState = await signedInState(browser);
  const results = {};

  // Time to first render and initial JS, each run in a fresh profile (cold cache).
  const firstRender = [];
  let initialJs = 0;
  let inDom = 0;
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await newPage(browser, { storageState });
    const scripts = new Map();
    page.on("response", async (res) => {
      if (res.request().resourceType() === "script") scripts.set(res.url(), res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(new URL(`/?chat=${chatId}`, baseUrl).href);
    await page.waitForFunction(() => performance.getEntriesByName("waybill:messages-rendered").length > 0, null, { timeout: 30_000 });
    firstRender.push(await page.evaluate(() => performance.getEntriesByName("waybill:messages-rendered")[0].startTime));
    if (run === 0) {
      const bodies = await Promise.all(scripts.values());
      initialJs = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
      inDom = await page.getByTestId("message").count();
    }
    await context.close();
  }
  results.firstRender = median(firstRender);
  results.firstRenderMax = Math.max(...firstRender);

  // Long tasks while an answer streams into the big chat, then while scrolling it.
  const { context, page } = await newPage(browser, { storageState });
  const chat = new ChatPage(page, baseUrl);
  await chat.goto(`?chat=${chatId}`);
  await page.waitForFunction(() => performance.getEntriesByName("waybill:messages-rendered").length > 0);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
  });
  const take = () => page.evaluate(() => window.__longTasks.splice(0));
  await page.evaluate(() => (window.__slowChat = true));
  const t0 = Date.now();
  await chat.send("hello");
  await chat.lastAnswer().getByText(/restart Waybill\./).waitFor({ timeout: 60_000 });
  await chat.waitUntilIdle();
  const streamMs = Date.now() - t0;
  await page.waitForTimeout(800); // the autosave of 2,001 messages runs 300 ms after the answer
  const streaming = await take();

  // A fling: 800 px a frame, as a trackpad flick moves, from the bottom up for 150 frames.
  const fling = await page.evaluate(async () => {
    const el = document.querySelector('[data-testid="message-scroller"]');
    const frames = [];
    let last = performance.now();
    for (let i = 0; i < 150; i++) {
      el.scrollTop -= 800;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return { p95: frames[Math.floor(frames.length * 0.95)], max: frames[frames.length - 1] };
  });
  const flinging = await take();

  // Jumps: the whole chat in 60 steps, each landing on messages never rendered before.
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="message-scroller"]');
    el.scrollTop = el.scrollHeight;
  });
  await page.waitForTimeout(300);
  await take();
  await page.evaluate(async () => {
    const el = document.querySelector('[data-testid="message-scroller"]');
    const steps = 60;
    const step = el.scrollHeight / steps;
    for (let i = 0; i < steps; i++) {
      el.scrollTop = el.scrollHeight - (i + 1) * step;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
  });
  const scrolling = await take();
  await context.close();
  await browser.close();
  await api.call(`/api/chat-history/${chatId}`, { method: "DELETE" });

  const summary = (xs) => `${xs.length} (longest ${xs.length ? Math.round(Math.max(...xs)) : 0} ms, total ${Math.round(xs.reduce((a, b) => a + b, 0))} ms)`;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const okFirst = results.firstRender <= TARGET_FIRST_RENDER_MS;
  const okJs = initialJs / 1024 <= TARGET_INITIAL_JS_KB;
  const rows = [
    ["chat opened", `${MESSAGES} messages, ${tools} tool cards`, ""],
    ["time to first render (median of 5, cold)", `${Math.round(results.firstRender)} ms (max ${Math.round(results.firstRenderMax)} ms)`, `≤ ${TARGET_FIRST_RENDER_MS} ms ${okFirst ? "✓" : "✗"}`],
    ["initial JS, gzipped (everything loaded to first render)", kb(initialJs), `≤ ${TARGET_INITIAL_JS_KB} KB ${okJs ? "✓" : "✗"}`],
    ["messages in the DOM after opening", String(inDom), "windowed"],
    [`long tasks while an answer streams in (${(streamMs / 1000).toFixed(1)} s, 48-byte pieces) and saves`, summary(streaming), "reported"],
    ["long tasks during a fling (150 frames × 800 px)", summary(flinging), "reported"],
    ["frame interval during the fling (p95 / max)", `${Math.round(fling.p95)} / ${Math.round(fling.max)} ms`, "reported"],
    ["long tasks jumping through the whole chat (60 jumps)", summary(scrolling), "reported"],
  ];
  console.log("| measure | result | target |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  if (!okFirst || !okJs) process.exitCode = 1;
}

await main();
