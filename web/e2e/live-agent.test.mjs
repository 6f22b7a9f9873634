// Live human agents in Chromium against a real `waybill serve` (docs/live-agent.md): a
// user asks the assistant for a person, connects and waits in the queue; an agent (a
// member with the Agent role, signed in in a browser of their own) sees them on the desk
// with the conversation so far, claims them, and they talk in text and images (the chat
// takes images only); HTML and `javascript:` links stay inert on both sides; the agent
// closes with a resolution note, and the chat is back with the assistant with the live
// messages kept. Then the same across two instances sharing a PostgreSQL database through
// NATS: the user on one, the agent on the other. Run like auth.test.mjs; the two-instance
// test needs WAYBILL_URL_A and WAYBILL_URL_B (scripts/e2e.sh starts them when PostgreSQL
// and NATS can be had, and always in CI).
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ChatPage } from "./pages/chat.mjs";
import { DeskPage } from "./pages/desk.mjs";
import { LiveAgentChat, png } from "./pages/liveAgent.mjs";
import { LoginPage } from "./pages/login.mjs";
import { apiSession, baseUrl, email, launchBrowser, newPage, password, screenshotOnFailure, screenshots, skip } from "./support.mjs";

const ASK = "I want to talk to a person";
/** The customer's name on the desk: the e2e account's first name. */
const CUSTOMER = "Admin";
/** What a message full of markup must not become on either side. */
const HOSTILE = `<img src=x onerror="window.__pwned='img'"><b>bold</b> <a href="javascript:window.__pwned='a'">click</a> [docs](javascript:window.__pwned='md')`;

/** Adds a member with the Agent role and a password to the e2e account's tenant. */
async function addAgent(api, address, firstName) {
  const facilities = api.login.tenants[0].facilities.map((f) => f.id);
  const { status, body } = await api.call("/api/admin/users", {
    method: "POST",
    body: JSON.stringify({ email: address, firstName, roles: ["agent"], facilities, password: AGENT_PASSWORD }),
  });
  assert.equal(status, 201, JSON.stringify(body));
  return body;
}

const AGENT_PASSWORD = "agent-e2e-password";

/** Signs `page` in at `url` as `address` through the login form and waits for the chat. */
async function signInAs(page, url, address, secret) {
  const login = new LoginPage(page, url);
  await login.goto();
  await login.signIn(address, secret);
  await new ChatPage(page, url).isShown();
}

/** Takes the member with this email out of the tenant (the test may run again). */
async function removeMember(api, address) {
  const { body } = await api.call(`/api/admin/users?search=${encodeURIComponent(address)}`);
  for (const m of body?.members ?? []) if (m.email === address) await api.call(`/api/admin/users/${m.id}`, { method: "DELETE" });
}

/** Whether any link in the page would run script, or the hostile message ran any. */
async function inertIn(page) {
  return page.evaluate(() => ({
    pwned: /** @type {any} */ (window).__pwned ?? null,
    scriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    bold: [...document.querySelectorAll("b")].filter((b) => b.textContent === "bold").length,
  }));
}

const INERT = { pwned: null, scriptLinks: 0, injectedImages: 0, bold: 0 };

/** The user asks for a person and connects; the banner, the button and the input say they wait. */
async function askAndQueue(page, chat, live) {
  await chat.send(ASK);
  await live.offerCard.and(page.locator('[data-phase="completed"]')).waitFor({ timeout: 60_000 });
  await live.connectButton.getByText("Connect to Live Agent", { exact: true }).waitFor();
  await chat.waitUntilIdle();
  // The switch asks first what the user needs, their last question offered; Cancel queues nobody.
  await page.getByRole("button", { name: "Live Agent", exact: true }).click();
  const ask = page.getByRole("dialog", { name: "Talk to a live agent" });
  await ask.waitFor();
  assert.equal(await ask.getByRole("textbox", { name: "What do you need help with?" }).inputValue(), "");
  assert.equal(await ask.getByRole("button", { name: "Connect", exact: true }).isDisabled(), true);
  await ask.getByTestId("live-agent-suggestion").getByText(ASK, { exact: true }).waitFor();
  await page.screenshot({ path: `${screenshots}live-agent-ask.png` });
  await ask.getByRole("button", { name: "Cancel", exact: true }).click();
  await ask.waitFor({ state: "detached" });
  assert.equal(await live.banner.count(), 0, "Cancel queues nobody");
  assert.equal(await chat.input.isDisabled(), false);
  await live.connectButton.click();
  await live.banner.getByText(/^(Connecting to Live Agent\.\.\.|Queued \(Position: 1\))$/).waitFor();
  await live.banner.getByText("Queued (Position: 1)", { exact: true }).waitFor();
  await live.waitingHint.getByText("You are in the queue. A live agent will be with you shortly.", { exact: true }).waitFor();
  await live.connectButton.getByText("Leave Queue", { exact: true }).waitFor();
  assert.equal(await chat.input.isDisabled(), true, "the input waits while queued");
}

/** The agent claims the customer; the user's side says so. */
async function claim(desk, live, chat) {
  await desk.queueEntry(CUSTOMER).click();
  await desk.session.getByRole("heading", { name: CUSTOMER }).waitFor();
  await desk.claimButton.click();
  await desk.reply.waitFor();
  await live.banner.getByText("Live Agent Connected", { exact: true }).waitFor({ timeout: 20_000 });
  await live.agentMessages.filter({ hasText: "An agent joined" }).waitFor();
  await chat.page.getByPlaceholder("send a message to the live agent...", { exact: true }).waitFor();
  const button = live.connectButton.filter({ hasText: "Connected" });
  await button.waitFor();
  assert.equal(await button.isDisabled(), true);
}

/** Text both ways; the agent's message is labelled 'Live Agent' on the user's side. */
async function talk(chat, live, desk) {
  await chat.send("Trailer TR-1042 has been at door 7 since noon.");
  await desk.messagesFrom("customer").filter({ hasText: "Trailer TR-1042 has been at door 7 since noon." }).waitFor();
  await desk.send("I see it. Checking with the yard now.");
  await desk.messagesFrom("agent").filter({ hasText: "I see it. Checking with the yard now." }).waitFor();
  const answer = live.agentMessages.filter({ hasText: "I see it. Checking with the yard now." });
  await answer.waitFor();
  assert.equal(await answer.getByTestId("sender").textContent(), "Live Agent");
  // The user's own message is shown once, not echoed back by the socket.
  assert.equal(await chat.userMessages.filter({ hasText: "Trailer TR-1042 has been at door 7 since noon." }).count(), 1);
}

/** An image each way: the user's goes through the file chooser, the agent's through the desk. */
async function exchangeImages(chat, live, desk, files) {
  await live.pickFiles([join(files, "door-7.png")]);
  await chat.attachmentList.getByText("door-7.png").waitFor();
  await chat.sendButton.click();
  await desk.messagesFrom("customer").locator("img").last().waitFor();
  await desk.sendImage(join(files, "yard-map.png"));
  await desk.messagesFrom("agent").locator("img").waitFor();
  const imageAnswer = live.agentMessages.filter({ has: chat.page.locator("img") });
  await imageAnswer.waitFor();
  const loaded = await imageAnswer.locator("img").first().evaluate((img) => /** @type {HTMLImageElement} */ (img).complete && /** @type {HTMLImageElement} */ (img).naturalWidth > 0);
  assert.equal(loaded, true, "the agent's image loads on the user's side");
}

/** The agent closes with a note; the user sees the system message and the assistant again. */
async function closeAndSwitchBack(chat, live, desk) {
  await desk.close("Trailer moved to door 9; the carrier was told.");
  await desk.notices.getByText("The conversation was closed.").waitFor();
  await chat.messages.filter({ hasText: "Successfully disconnected from live agent." }).waitFor({ timeout: 20_000 });
  await live.banner.waitFor({ state: "hidden" });
  await chat.page.getByPlaceholder("send a message to the live agent...", { exact: true }).waitFor({ state: "hidden" });
  await live.connectButton.getByText("Connect to Live Agent", { exact: true }).waitFor();
  assert.equal(await chat.input.isDisabled(), false);
}

/**
 * Reloads the user's page and waits for the conversation; answers the requests the page
 * makes to the assistant from then on (none may be made while a person has the chat).
 */
async function reloadWatchingTheAssistant(page, chat) {
  const asked = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/chat") asked.push(request.postData() ?? "");
  });
  await page.reload();
  await chat.input.waitFor();
  await chat.userMessages.filter({ hasText: ASK }).waitFor();
  return asked;
}

describe("live human agents", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let files;
  const stamp = Date.now();
  const agentEmail = `agnes.${stamp}@example.test`;
  /** The user's and the agent's pages, kept open across the steps. */
  let user;
  let agent;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    api = await apiSession();
    await addAgent(api, agentEmail, "Agnes");
    files = await mkdtemp(join(tmpdir(), "waybill-live-agent-"));
    await writeFile(join(files, "door-7.png"), png());
    await writeFile(join(files, "yard-map.png"), png(200, 160, [56, 189, 248], [251, 113, 133]));
    await writeFile(join(files, "notes.txt"), "not an image");
  });

  after(async () => {
    for (const session of [user, agent]) await session?.context.close();
    if (api) await removeMember(api, agentEmail);
    if (files) await rm(files, { recursive: true, force: true });
    await browser?.close();
  });

  test("the user asks for a person and waits in the queue", { skip }, async (t) => {
    user = await newPage(browser);
    const { page, pageErrors } = user;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      await signInAs(page, baseUrl, email, password);
      await askAndQueue(page, chat, new LiveAgentChat(page));
      assert.deepEqual(pageErrors, []);
    });
  });

  test("a reload while queued keeps the place in the queue", { skip }, async (t) => {
    const { page, pageErrors } = user;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      const live = new LiveAgentChat(page);
      assert.match(page.url(), /[?&]chat=/, "the chat is in the address");
      const asked = await reloadWatchingTheAssistant(page, chat);
      await live.banner.getByText("Queued (Position: 1)", { exact: true }).waitFor();
      await live.waitingHint.getByText("You are in the queue. A live agent will be with you shortly.", { exact: true }).waitFor();
      await live.connectButton.getByText("Leave Queue", { exact: true }).waitFor();
      assert.equal(await chat.input.isDisabled(), true, "the input still waits");
      assert.equal(await page.getByRole("button", { name: "AI Assistant", exact: true }).isDisabled(), true, "the way back to the AI is Leave Queue");
      await page.screenshot({ path: `${screenshots}live-agent-reloaded-queued.png` });
      assert.deepEqual(asked, []);
      assert.deepEqual(pageErrors, []);
    });
  });

  test("the agent sees them on the desk with the AI conversation and claims them", { skip }, async (t) => {
    agent = await newPage(browser);
    const { page, pageErrors } = agent;
    await screenshotOnFailure(page, t.name, async () => {
      await signInAs(page, baseUrl, agentEmail, AGENT_PASSWORD);
      const chat = new ChatPage(page, baseUrl);
      await chat.openUserMenu();
      await page.getByRole("menuitem", { name: "Agent desk" }).click();
      const desk = new DeskPage(page, baseUrl);
      await desk.isShown();
      const entry = desk.queueEntry(CUSTOMER);
      await entry.waitFor();
      await entry.getByText(ASK).waitFor();
      assert.match(await entry.getByTestId("desk-wait").textContent(), /^\d+:\d{2}$/);
      await entry.click();
      await desk.aiMessages.filter({ hasText: ASK }).waitFor();
      assert.ok((await desk.aiMessages.count()) >= 2, "the question and the assistant's offer");
      await page.screenshot({ path: `${screenshots}live-agent-desk-queue.png` });

      const live = new LiveAgentChat(user.page);
      await claim(desk, live, new ChatPage(user.page, baseUrl));
      assert.equal(await desk.queueEntries.count(), 0);
      await desk.mineEntries.filter({ hasText: CUSTOMER }).waitFor();
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(user.pageErrors, []);
    });
  });

  test("they write to each other, and send images (the chat takes images only)", { skip }, async (t) => {
    const { page, pageErrors } = user;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      const live = new LiveAgentChat(page);
      const desk = new DeskPage(agent.page, baseUrl);
      await talk(chat, live, desk);

      await live.pickFiles([join(files, "notes.txt")]);
      await live.imagesOnlyAlert.getByText("Live Agent mode only supports image files. The following files are not supported:", { exact: true }).waitFor();
      await live.imagesOnlyAlert.getByText("notes.txt", { exact: true }).waitFor();
      await live.imagesOnlyAlert.getByRole("button", { name: "OK" }).click();
      await live.imagesOnlyAlert.waitFor({ state: "hidden" });
      assert.equal(await chat.attachmentList.count(), 0, "nothing was attached");

      await exchangeImages(chat, live, desk, files);
      await page.screenshot({ path: `${screenshots}live-agent-connected.png` });
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(agent.pageErrors, []);
    });
  });

  test("a reload while connected keeps the conversation with the agent: text both ways, nothing to the AI", { skip }, async (t) => {
    const { page, pageErrors } = user;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      const live = new LiveAgentChat(page);
      const desk = new DeskPage(agent.page, baseUrl);
      const asked = await reloadWatchingTheAssistant(page, chat);
      await live.banner.getByText("Live Agent Connected", { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByPlaceholder("send a message to the live agent...", { exact: true }).waitFor();
      await live.connectButton.filter({ hasText: "Connected" }).waitFor();
      // What the agent said before is there once: the socket's replay does not repeat it.
      assert.equal(await live.agentMessages.filter({ hasText: "I see it. Checking with the yard now." }).count(), 1);

      await chat.send("Reloaded: is door 7 clear now?");
      await desk.messagesFrom("customer").filter({ hasText: "Reloaded: is door 7 clear now?" }).waitFor();
      await desk.send("Door 7 is clear; the trailer is at door 9.");
      const answer = live.agentMessages.filter({ hasText: "Door 7 is clear; the trailer is at door 9." });
      await answer.waitFor();
      assert.equal(await answer.getByTestId("sender").textContent(), "Live Agent");
      assert.equal(await chat.userMessages.filter({ hasText: "Reloaded: is door 7 clear now?" }).count(), 1);
      await page.screenshot({ path: `${screenshots}live-agent-reloaded-connected.png` });
      assert.deepEqual(asked, [], "nothing typed went to the assistant");
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(agent.pageErrors, []);
    });
  });

  test("markup and javascript: links stay inert on both sides", { skip }, async (t) => {
    const { page, pageErrors } = user;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      const live = new LiveAgentChat(page);
      const desk = new DeskPage(agent.page, baseUrl);
      await chat.send(HOSTILE);
      await desk.messagesFrom("customer").filter({ hasText: "<b>bold</b>" }).waitFor();
      await desk.send(`Agent: ${HOSTILE}`);
      await live.agentMessages.filter({ hasText: "Agent: " }).waitFor();
      await chat.userMessages.filter({ hasText: "bold" }).waitFor();
      // Give an onerror handler time to fire, were there an image to fire it.
      await page.waitForTimeout(500);
      assert.deepEqual(await inertIn(page), INERT);
      assert.deepEqual(await inertIn(agent.page), INERT);
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(agent.pageErrors, []);
    });
  });

  test("the agent closes with a note; the chat is back with the assistant and keeps the messages", { skip }, async (t) => {
    const { page, pageErrors } = user;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      const live = new LiveAgentChat(page);
      await closeAndSwitchBack(chat, live, new DeskPage(agent.page, baseUrl));
      // Saved with the chat: a reload shows the live conversation again.
      await page.waitForTimeout(1_500);
      await page.reload();
      await chat.input.waitFor();
      await live.agentMessages.filter({ hasText: "I see it. Checking with the yard now." }).waitFor();
      await chat.userMessages.filter({ hasText: "Trailer TR-1042 has been at door 7 since noon." }).waitFor();
      await live.agentMessages.filter({ has: page.locator("img") }).waitFor();
      await chat.messages.filter({ hasText: "Successfully disconnected from live agent." }).waitFor();
      assert.deepEqual(await inertIn(page), INERT);
      assert.deepEqual(pageErrors, []);
      assert.deepEqual(agent.pageErrors, []);
    });
  });
});

const pairUrls = [process.env.WAYBILL_URL_A, process.env.WAYBILL_URL_B];
const pairSkip =
  skip ||
  (pairUrls.every(Boolean)
    ? false
    : process.env.CI === "true"
      ? false
      : "WAYBILL_URL_A and WAYBILL_URL_B are not set: two instances sharing a PostgreSQL database through NATS are needed (scripts/e2e.sh starts them when PostgreSQL on 127.0.0.1:5432 and nats-server are available)");

describe("live human agents across two instances", { timeout: 300_000 }, () => {
  const [urlA, urlB] = pairUrls;
  /** @type {import('playwright-core').Browser} */
  let browser;
  let api;
  let files;
  const agentEmail = `bruno.${Date.now()}@example.test`;
  let user;
  let agent;

  before(async () => {
    if (pairSkip) return;
    assert.ok(urlA && urlB, "in CI the two-instance test runs: set WAYBILL_URL_A and WAYBILL_URL_B (scripts/e2e.sh does)");
    browser = await launchBrowser();
    api = await apiSession(urlA);
    await addAgent(api, agentEmail, "Bruno");
    files = await mkdtemp(join(tmpdir(), "waybill-live-agent-pair-"));
    await writeFile(join(files, "door-7.png"), png());
    await writeFile(join(files, "yard-map.png"), png(200, 160, [56, 189, 248], [251, 113, 133]));
  });

  after(async () => {
    for (const session of [user, agent]) await session?.context.close();
    if (api) await removeMember(api, agentEmail);
    if (files) await rm(files, { recursive: true, force: true });
    await browser?.close();
  });

  test("the user on one instance and the agent on the other hand over, talk, send images and close", { skip: pairSkip }, async (t) => {
    user = await newPage(browser);
    agent = await newPage(browser);
    const chat = new ChatPage(user.page, urlA);
    const live = new LiveAgentChat(user.page);
    const desk = new DeskPage(agent.page, urlB);
    // A failing step leaves a picture of the page it was waiting on.
    await screenshotOnFailure(user.page, t.name, async () => {
      await signInAs(user.page, urlA, email, password);
      await signInAs(agent.page, urlB, agentEmail, AGENT_PASSWORD);
      await desk.goto();
      await desk.isShown();
      await askAndQueue(user.page, chat, live);
    });
    await screenshotOnFailure(agent.page, t.name, async () => {
      // The queue changed on A; B's desk hears it over NATS.
      await desk.queueEntry(CUSTOMER).getByText(ASK).waitFor();
      await claim(desk, live, chat);
    });
    await screenshotOnFailure(user.page, t.name, async () => {
      await talk(chat, live, desk);
      await exchangeImages(chat, live, desk, files);
      await closeAndSwitchBack(chat, live, desk);
      assert.deepEqual(user.pageErrors, []);
      assert.deepEqual(agent.pageErrors, []);
    });
  });
});
