// Sign-in, reload, logout and language choice, driven through Chromium against a running
// Waybill server. The server is not started here: point WAYBILL_URL at one that is running,
// with WAYBILL_E2E_EMAIL / WAYBILL_E2E_PASSWORD naming an account on it.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { ChatPage } from "./pages/chat.mjs";
import { LandingPage } from "./pages/landing.mjs";
import { LoginPage } from "./pages/login.mjs";
import { baseUrl, email, launchBrowser, newPage as freshPage, password, skip } from "./support.mjs";

const screenshots = fileURLToPath(new URL("./screenshots/", import.meta.url));

describe("sign-in flow", { timeout: 120_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  const newPage = () => freshPage(browser);

  test("a visitor signs in, stays signed in across a reload, and logs out", { skip }, async () => {
    const { context, page, pageErrors } = await newPage();
    try {
      const landing = new LandingPage(page, baseUrl);
      const login = new LoginPage(page, baseUrl);
      const home = new ChatPage(page, baseUrl);

      // The landing view first, then the sign-in page by itself (spec 000 §2).
      await landing.goto();
      await landing.isShown();
      await login.isShown();
      await page.screenshot({ path: `${screenshots}login.png`, fullPage: true });

      await login.signIn(email, password);
      await home.isShown();
      await page.screenshot({ path: `${screenshots}signed-in.png`, fullPage: true });

      await page.reload();
      await home.isShown();

      await home.openUserMenu();
      await home.logout();
      await login.isShown();

      // Signed out for real: the root shows the landing view again.
      await landing.goto();
      await landing.isShown();
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

  test("the login page switches to Japanese and remembers it after a reload", { skip }, async () => {
    const { context, page, pageErrors } = await newPage();
    try {
      const login = new LoginPage(page, baseUrl);
      await login.goto();
      await login.isShown();

      await login.chooseLanguage("ja");
      const japaneseHeading = page.getByRole("heading", { level: 1, name: "Waybill にログイン" });
      await japaneseHeading.waitFor();
      await page.getByLabel("メールアドレス", { exact: true }).waitFor();
      assert.equal(await login.htmlLang(), "ja");

      await page.reload();
      await japaneseHeading.waitFor();
      assert.equal(await login.languageSelect("言語").inputValue(), "ja");
      assert.equal(await login.htmlLang(), "ja");
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });
});
