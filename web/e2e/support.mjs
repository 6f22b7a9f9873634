// What the end-to-end tests share: the browser, a fresh signed-in page, and the API as
// a script would call it (to seed chats and read back what the app stored).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { ChatPage } from "./pages/chat.mjs";
import { ToolCards } from "./pages/toolCards.mjs";

export const baseUrl = process.env.WAYBILL_URL;
export const email = process.env.WAYBILL_E2E_EMAIL;
export const password = process.env.WAYBILL_E2E_PASSWORD;

export const skip = baseUrl
  ? false
  : "WAYBILL_URL is not set: start a Waybill server and set WAYBILL_URL (e.g. http://127.0.0.1:3999), WAYBILL_E2E_EMAIL and WAYBILL_E2E_PASSWORD";

/** Debian's Chromium, headless, with the flags this kind of machine needs. */
export function launchBrowser() {
  assert.ok(email && password, "set WAYBILL_E2E_EMAIL and WAYBILL_E2E_PASSWORD to an account on the server at WAYBILL_URL");
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Lets a test slow the chat stream down in the page, as a slow network would deliver it:
 * after `window.__slowChat = true`, answers from /api/chat arrive a few bytes at a time.
 * (Chromium's own network throttling hands a streamed body over in one piece.)
 */
function slowChatStreams() {
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await realFetch(input, init);
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href);
    if (!window.__slowChat || !/^\/api\/chat(\/[^/]+\/stream)?$/.test(url.pathname) || !res.body) return res;
    const reader = res.body.getReader();
    let pending = new Uint8Array(0);
    const body = new ReadableStream({
      async pull(controller) {
        if (pending.length === 0) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          pending = value;
        }
        await new Promise((r) => setTimeout(r, 60));
        controller.enqueue(pending.slice(0, 48));
        pending = pending.slice(48);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * @typedef {object} PageOptions
 * @property {number} [width] the viewport's, 1280 unless given
 * @property {number} [height] the viewport's, 800 unless given
 * @property {string} [locale] the browser's, "en-US" unless given (or `language`'s)
 * @property {string} [language] the interface language the app starts in, as the language
 *   select stores it ("en", "zh-CN", …); the browser's locale follows it
 * @property {import('playwright-core').BrowserContextOptions['storageState']} [storageState]
 *   a signed-in page's, to start signed in (sign-ins are rate limited)
 */

/**
 * A fresh browser profile and its page, collecting uncaught page errors in `pageErrors`.
 * @param {import('playwright-core').Browser} browser @param {PageOptions} [options]
 */
export async function newPage(browser, { language = undefined, locale = language && language !== "en" ? language : "en-US", width = 1280, height = 800, storageState = undefined } = {}) {
  const context = await browser.newContext({ locale, viewport: { width, height }, storageState });
  await context.addInitScript(slowChatStreams);
  if (language) await context.addInitScript((code) => localStorage.setItem("waybill.language", code), language);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/**
 * @typedef {Awaited<ReturnType<typeof newPage>> & { chat: ChatPage, cards: ToolCards }} Session
 *   a page with the chat's and the tool cards' page objects on it
 */

/**
 * Runs `steps` in a fresh browser profile (`newPage`) and closes it afterwards, whatever
 * happened; a failing step leaves a screenshot named after `name` (`failWithScreenshot`).
 * Answers what `steps` answers.
 * @template T
 * @param {import('playwright-core').Browser} browser
 * @param {PageOptions & { name: string }} options
 * @param {(session: Session) => Promise<T>} steps
 * @returns {Promise<T>}
 */
export async function withSession(browser, { name, ...options }, steps) {
  const session = await newPage(browser, options);
  const chat = new ChatPage(session.page, baseUrl);
  try {
    return await screenshotOnFailure(session.page, name, () => steps({ ...session, chat, cards: new ToolCards(session.page, chat) }));
  } finally {
    await session.context.close();
  }
}

/**
 * Runs `steps` on a page that stays open after them (one kept across a file's tests); a
 * failing step leaves a screenshot of `page` named after `name`, and the failure goes on.
 * @template T
 * @param {import('playwright-core').Page} page @param {string} name @param {() => Promise<T>} steps
 * @returns {Promise<T>}
 */
export async function screenshotOnFailure(page, name, steps) {
  try {
    return await steps();
  } catch (error) {
    await failWithScreenshot(page, name, error);
  }
}

/**
 * The API with a session of its own, as a script would use it: the e2e account's, or
 * `account`'s, on the server at `url`.
 */
export async function apiSession(url = baseUrl, account = { email, password }) {
  const res = await fetch(new URL("/api/auth/login", url), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  assert.equal(res.status, 200, `${account.email} signs in`);
  const login = await res.json();
  const tenant = login.tenants[0];
  const headers = {
    Authorization: `Bearer ${login.accessToken}`,
    "X-Tenant-Id": tenant.id,
    "X-Facility-Id": tenant.facilities[0].id,
    "Content-Type": "application/json",
  };
  /** @param {string} path @param {RequestInit} [init] */
  const call = async (path, init = {}) => {
    const r = await fetch(new URL(path, url), { ...init, headers: { ...headers, ...init.headers } });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  };
  return { call, login, headers };
}

/** Signs a page in once and keeps its storage, for the tests' other pages to start from. */
export function signedInState(browser) {
  return withSession(browser, { name: "sign in" }, async ({ context, page, chat }) => {
    await signIn(page, chat);
    return context.storageState();
  });
}

/** Signs the page in through the login form and waits for the chat page. */
export async function signIn(page, chat) {
  await page.goto(new URL("/login", baseUrl).href);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await chat.isShown();
}

/** Where the tests leave their screenshots (ignored by git). */
export const screenshots = fileURLToPath(new URL("./screenshots/", import.meta.url));

/** Keeps a picture of the page when a step fails, for whoever reads the failure, and rethrows. */
export async function failWithScreenshot(page, name, error) {
  const file = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 60);
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}failed-${file}.png` }).catch(() => undefined);
  throw error;
}
