// Screenshots of the chat page for the README (docs/screenshots/): the empty state, a
// conversation with the offline model, and the model picker's options popover, in English
// and Simplified Chinese; the weather and time cards in both; the artifacts panel with two
// files, tabbed and stacked; plus the empty state in every language, to look over. It
// clears the account's chats first: point it at a throwaway server whose weather tool
// answers (scripts/e2e.sh's fake Open-Meteo). Chinese text needs a CJK font on the machine
// (Debian: fonts-noto-cjk).
//
//   WAYBILL_URL=… WAYBILL_E2E_EMAIL=… WAYBILL_E2E_PASSWORD=… npm run screenshots [-- --all-languages DIR]
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ArtifactsPanel } from "../e2e/pages/artifacts.mjs";
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

/** A fresh chat page in `lang`, with the account's chats cleared, showing the welcome state. */
async function freshChat(browser, storageState, api, lang, { width = 1360, height = 860 } = {}) {
  await api.call("/api/chat-history", { method: "DELETE" });
  const { context, page } = await newPage(browser, { storageState, locale: lang === "zh-CN" ? "zh-CN" : "en-US", width, height });
  await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
  const chat = new ChatPage(page, baseUrl);
  await chat.goto();
  await page.getByTestId("welcome").waitFor();
  return { context, page, chat };
}

async function shoot(browser, storageState, api, lang, { timeQuestion, helloQuestion }) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang);
  try {
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

/** Sends `text` in the page's language and waits until the answer is complete. */
async function askAndWait(page, chat, text) {
  const before = await chat.assistantMessages.count();
  const box = page.getByRole("textbox").first();
  await box.fill(text);
  await box.press("Enter");
  await chat.assistantMessages.nth(before).getByTestId("tool-card").waitFor();
  await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
  await page.waitForTimeout(300);
}

/** The weather and time cards, in `lang`. */
async function shootCards(browser, storageState, api, lang) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { height: 1000 });
  try {
    await askAndWait(page, chat, "What's the weather in Savannah?");
    await askAndWait(page, chat, "What time is it in Tokyo?");
    await page.screenshot({ path: `${out}cards-${lang}.png` });
  } finally {
    await context.close();
  }
}

const MANIFEST = [
  "door,trailer,carrier,pallets,eta,status",
  "4,TR-1001,Northline,26,10:30,Unloading",
  "7,TR-1002,Bayside Freight,18,11:15,Waiting",
  "9,TR-1003,Northline,22,12:00,Scheduled",
  "12,TR-1004,Pacific Haul,30,12:45,Scheduled",
  "3,TR-1005,Summit Logistics,12,13:30,Scheduled",
].join("\n");

const NOTES = `# Dock notes, Tuesday

## Morning shift
- **Door 4**: forklift inspection at 14:00, unload TR-1001 before then.
- **Door 7**: reefer trailer; keep the door closed between pallets.
- Yard jockey covers doors 9–12 until the second driver arrives.

## Carriers
| Carrier | Contact | Window |
|---|---|---|
| Northline | dispatch desk | 10:00–12:30 |
| Bayside Freight | on-site driver | 11:00–11:45 |
`;

/** Two stored files open in the artifacts panel, tabbed and stacked. */
async function shootArtifacts(browser, storageState, api) {
  const dir = await mkdtemp(join(tmpdir(), "waybill-shots-"));
  await writeFile(join(dir, "inbound-manifest.csv"), MANIFEST);
  await writeFile(join(dir, "dock-notes.md"), NOTES);
  const { context, page, chat } = await freshChat(browser, storageState, api, "en", { width: 1440, height: 900 });
  const panel = new ArtifactsPanel(page);
  try {
    await chat.attach([join(dir, "inbound-manifest.csv"), join(dir, "dock-notes.md")]);
    await chat.attachmentList.waitFor();
    await askAndWait(page, chat, "Show the file inbound-manifest.csv");
    await askAndWait(page, chat, "Show the file dock-notes.md");
    const cards = page.locator('[data-testid="tool-card"][data-tool="displayFileTool"]');
    await cards.nth(0).getByRole("button").first().click();
    await panel.root.getByText("TR-1003").waitFor();
    await cards.nth(1).getByRole("button").first().click();
    await panel.root.getByRole("heading", { name: "Carriers" }).waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}artifacts-tabbed.png` });
    await panel.showStacked();
    await panel.sections.nth(1).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}artifacts-stacked.png` });
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
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
    await shootCards(browser, storageState, api, "en");
    await shootCards(browser, storageState, api, "zh-CN");
    await shootArtifacts(browser, storageState, api);
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
