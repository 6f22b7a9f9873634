// Screenshots of the chat page for the README (docs/screenshots/): the empty state, a
// conversation with the offline model, and the model picker's options popover, in English
// and Simplified Chinese; plus the empty state in every language, to look over. It clears
// the account's chats first: point it at a throwaway server. Chinese text needs a CJK
// font on the machine (Debian: fonts-noto-cjk).
//
//   WAYBILL_URL=… WAYBILL_E2E_EMAIL=… WAYBILL_E2E_PASSWORD=… npm run screenshots [-- --all-languages DIR]
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ChatPage } from "../e2e/pages/chat.mjs";
import { apiSession, baseUrl, launchBrowser, newPage, signedInState } from "../e2e/support.mjs";

const out = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const allLanguagesDir = process.argv.includes("--all-languages") ? process.argv[process.argv.indexOf("--all-languages") + 1] : null;

/** Models listed as if provider keys were set, so the picker shows gpt-5 and Claude. */
async function offerKeyedModels(page) {
  await page.route("**/api/models", async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({
      json: [
        { id: "gpt-4.1", name: "GPT-4.1", provider: "openai", requiresKey: true },
        { id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5", provider: "anthropic", requiresKey: true },
        { id: "gpt-5", name: "GPT-5", provider: "openai", requiresKey: true },
        ...real,
      ],
    });
  });
  await page.route("**/api/check-api-keys", (route) => route.fulfill({ json: { openai: true, anthropic: true, google: false, deepseek: false } }));
}

async function shoot(browser, storageState, api, lang, { timeQuestion, helloQuestion }) {
  await api.call("/api/chat-history", { method: "DELETE" });
  const { context, page } = await newPage(browser, { storageState, locale: lang === "zh-CN" ? "zh-CN" : "en-US", width: 1360, height: 860 });
  await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
  const chat = new ChatPage(page, baseUrl);
  try {
    await chat.goto();
    await page.getByTestId("welcome").waitFor();
    await page.screenshot({ path: `${out}chat-empty-${lang}.png` });

    const box = page.getByRole("textbox").first();
    for (const question of [timeQuestion, helloQuestion]) {
      await box.fill(question);
      await box.press("Enter");
      await chat.assistantMessages.nth(question === timeQuestion ? 0 : 1).getByTestId("sender").waitFor();
      await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: `${out}chat-conversation-${lang}.png` });

    await offerKeyedModels(page);
    await chat.newChatButton.or(page.getByRole("button", { name: "新建连接" })).click();
    await page.reload();
    await page.getByTestId("welcome").waitFor();
    await chat.modelPicker.click();
    await page.getByRole("menuitem", { name: "GPT-5", exact: true }).hover();
    await chat.modelOptions.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}chat-model-picker-${lang}.png` });
  } finally {
    await context.close();
  }
}

async function main() {
  await mkdir(out, { recursive: true });
  const api = await apiSession();
  const browser = await launchBrowser();
  try {
    const storageState = await signedInState(browser, ChatPage);
    await shoot(browser, storageState, api, "en", { timeQuestion: "What time is it in Tokyo?", helloQuestion: "hello" });
    await shoot(browser, storageState, api, "zh-CN", { timeQuestion: "What time is it in Tokyo?", helloQuestion: "你好" });
    if (allLanguagesDir) {
      await mkdir(allLanguagesDir, { recursive: true });
      for (const lang of ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"]) {
        const { context, page } = await newPage(browser, { storageState, width: 1280, height: 800 });
        await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
        await page.goto(new URL("/", baseUrl).href);
        await page.getByTestId("welcome").waitFor();
        await page.screenshot({ path: `${allLanguagesDir}/empty-${lang}.png` });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots written to ${out}`);
}

await main();
