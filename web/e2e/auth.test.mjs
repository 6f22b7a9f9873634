// Sign-in, reload, logout and language choice, driven through Chromium against a running
// Waybill server. The server is not started here: point WAYBILL_URL at one that is running,
// with WAYBILL_E2E_EMAIL / WAYBILL_E2E_PASSWORD naming an account on it.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { LandingPage } from "./pages/landing.mjs";
import { LoginPage } from "./pages/login.mjs";
import { baseUrl, email, launchBrowser, password, screenshots, skip, withSession } from "./support.mjs";

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

  test("a visitor signs in, stays signed in across a reload, and logs out", { skip }, (t) =>
    withSession(browser, { name: t.name }, async ({ page, chat, pageErrors }) => {
      const landing = new LandingPage(page, baseUrl);
      const login = new LoginPage(page, baseUrl);

      // The landing view first, then the sign-in page by itself (spec 000 §2).
      await landing.goto();
      await landing.isShown();
      await login.isShown();
      await page.screenshot({ path: `${screenshots}login.png`, fullPage: true });

      await login.signIn(email, password);
      await chat.isShown();
      await page.screenshot({ path: `${screenshots}signed-in.png`, fullPage: true });

      await page.reload();
      await chat.isShown();

      await chat.openUserMenu();
      await chat.logout();
      await login.isShown();

      // Signed out for real: the root shows the landing view again.
      await landing.goto();
      await landing.isShown();
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("the login page switches to Japanese and remembers it after a reload", { skip }, (t) =>
    withSession(browser, { name: t.name }, async ({ page, pageErrors }) => {
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
    }),
  );
});
