// Tool cards and the artifacts panel in Chromium against a real `waybill serve` on the
// offline model, its weather tool on the fake Open-Meteo (fakes/open-meteo.mjs, started by
// scripts/e2e.sh): the weather and time cards in English and Chinese, the weather error
// card, the families' strings in Japanese then German, and stored files opened in the side
// panel, tabbed and stacked, resized and kept per chat. Run like auth.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ArtifactsPanel } from "./pages/artifacts.mjs";
import { launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";


const MANIFEST = "door,trailer,carrier,eta\n4,TR-1001,Northline,10:30\n7,TR-1002,Bayside Freight,11:15\n9,TR-1003,Northline,12:00\n";
const NOTES = "# Dock notes\n\n- Door 4: forklift inspection at **14:00**\n- Door 7: reefer trailer, keep closed\n";

describe("tool cards and the artifacts panel", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  let files;

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    files = await mkdtemp(join(tmpdir(), "waybill-cards-"));
    await writeFile(join(files, "manifest.csv"), MANIFEST);
    await writeFile(join(files, "dock-notes.md"), NOTES);
    browser = await launchBrowser();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  /** Runs `steps` on a signed-in chat page in a fresh profile, in `language` (`withSession`). */
  function inChat(name, { language = "en", ...options }, steps) {
    return withSession(browser, { ...options, storageState, language, name }, async (session) => {
      await session.chat.goto();
      await session.page.getByTestId("input-bar").waitFor();
      return steps(session);
    });
  }


  /** Sends `text` (in any interface language) and returns the answer's finished card of `tool`. */
  async function ask(chat, text, tool, phase = "completed") {
    const before = await chat.assistantMessages.count();
    const box = chat.page.getByTestId("input-bar").getByRole("textbox");
    await box.fill(text);
    await box.press("Enter");
    const answer = chat.assistantMessages.nth(before);
    const card = answer.locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
    await card.and(chat.page.locator(`[data-phase="${phase}"]`)).waitFor({ timeout: 30_000 });
    await chat.page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
    return card;
  }

  test("shows the weather and the time as cards", { skip }, (t) =>
    inChat(t.name, {}, async ({ page, chat, pageErrors }) => {
      const weather = await ask(chat, "What's the weather in Savannah?", "weatherTool");
      const text = await weather.innerText();
      assert.match(text, /Weather in Savannah, Georgia, United States/);
      assert.match(text, /\d+(\.\d)? °C/);
      assert.match(text, /Humidity\s+\d+ %/);
      assert.match(text, /Wind\s+\d+(\.\d)? km\/h/);
      assert.match(text, /Updated \d{4}-\d\d-\d\d \d\d:\d\d · America\/New_York/);
      assert.match(text, /Data for reference only/);

      const time = await ask(chat, "What time is it in Tokyo?", "timeTool");
      assert.match(await time.innerText(), /Time in Asia\/Tokyo/);
      assert.match(await time.getByTestId("time-12h").innerText(), /^\d{1,2}:\d\d:\d\d (AM|PM)$/);
      const world = await time.getByTestId("world-time").allInnerTexts();
      assert.deepEqual(
        world.map((w) => w.split("\n")[0].replace(/\s*UTC[+-]\d+$/, "")),
        ["UTC", "New York", "London", "Beijing", "Tokyo", "Sydney"],
      );

      // A card collapses and expands on click.
      const header = weather.getByRole("button").first();
      await header.click();
      assert.equal(await weather.getByTestId("weather-report").count(), 0);
      await header.click();
      await weather.getByTestId("weather-report").waitFor();
      await page.screenshot({ path: `${screenshots}cards-weather-time.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("shows an error card when the weather service knows no such place", { skip }, (t) =>
    inChat(t.name, {}, async ({ chat, pageErrors }) => {
      const card = await ask(chat, "What's the weather in Nowhereville?", "weatherTool", "failed");
      // The weather card keeps its own title when the call fails; the error says why.
      assert.match(await card.getByTestId("tool-title").innerText(), /Nowhereville/);
      assert.doesNotMatch(await card.getByTestId("tool-title").innerText(), /Tool Call Failed/);
      assert.match(await card.getByRole("alert").innerText(), /Nowhereville/);
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("renders the cards in Chinese", { skip }, (t) =>
    inChat(t.name, { language: "zh-CN" }, async ({ page, chat, pageErrors }) => {
      const weather = await ask(chat, "What's the weather in Savannah?", "weatherTool");
      const text = await weather.innerText();
      assert.match(text, /Savannah, Georgia, United States的天气/);
      assert.match(text, /湿度/);
      assert.match(text, /公里\/时/);
      assert.match(text, /数据仅供参考/);
      const time = await ask(chat, "What time is it in Tokyo?", "timeTool");
      assert.match(await time.innerText(), /世界时间/);
      assert.match(await time.getByTestId("time-12h").innerText(), /^(上午|下午) \d{1,2}:\d\d:\d\d$/);
      assert.match(await time.innerText(), /北京/);
      await page.screenshot({ path: `${screenshots}cards-zh-CN.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("reads the tool families' strings in the language chosen, switched without a reload", { skip }, (t) =>
    // Each family's strings live in its folder and come with its language's catalogue.
    inChat(t.name, { language: "ja" }, async ({ page, chat, pageErrors }) => {
      const weather = await ask(chat, "What's the weather in Savannah?", "weatherTool");
      assert.match(await weather.innerText(), /Savannah, Georgia, United Statesの天気/);
      assert.match(await weather.getByTestId("weather-note").innerText(), /データは参考値です/);
      const task = await ask(chat, "Mark the task completed: moved 12 pallets to door 4", "taskCompleted");
      assert.match(await task.getByTestId("tool-status").innerText(), /タスク完了/);

      await chat.chooseLanguage("de", "言語");
      await weather.getByText("Wetter in Savannah, Georgia, United States").waitFor();
      assert.match(await weather.getByTestId("weather-note").innerText(), /Daten nur zur Orientierung/);
      assert.match(await task.getByTestId("tool-status").innerText(), /Aufgabe erledigt/);
      await page.screenshot({ path: `${screenshots}cards-ja-de.png` });
      assert.deepEqual(pageErrors, []);
    }),
  );

  test("opens files in the artifacts panel, tabbed and stacked, resizable, kept per chat", { skip }, (t) =>
    inChat(t.name, { width: 1400, height: 860 }, async ({ page, chat, pageErrors }) => {
      const panel = new ArtifactsPanel(page);
      await chat.attach([join(files, "manifest.csv"), join(files, "dock-notes.md")]);
      await chat.attachmentList.getByText("2 file(s) selected").waitFor();
      const manifest = await ask(chat, "Show the file manifest.csv", "displayFileTool");
      const notes = await ask(chat, "Show the file dock-notes.md", "displayFileTool");
      assert.equal(await panel.root.count(), 0, "nothing opens by itself");

      // A card whose result carries an artifact opens it on click: tabbed, 50 % wide.
      await manifest.getByRole("button").first().click();
      await panel.root.waitFor();
      assert.equal(await panel.mode(), "tabbed");
      assert.deepEqual(await panel.tabs.allInnerTexts(), ["manifest.csv"]);
      assert.equal(await panel.footer.innerText(), "Tab 1 of 1");
      assert.equal(await panel.modeToggle.count(), 0, "no toggle with one artifact");
      assert.ok(Math.abs((await panel.widthPercent()) - 50) < 1.5, `50 % wide (${await panel.widthPercent()})`);
      await panel.root.getByText("TR-1002").waitFor();

      // The newer one becomes the active tab; the toggle appears.
      await notes.getByRole("button").first().click();
      await panel.tabs.nth(1).and(page.locator('[aria-selected="true"]')).waitFor();
      assert.deepEqual(await panel.tabs.allInnerTexts(), ["manifest.csv", "dock-notes.md"]);
      assert.equal(await panel.footer.innerText(), "Tab 2 of 2");
      await panel.modeToggle.waitFor();
      await panel.root.getByText("Dock notes").first().waitFor();
      await page.screenshot({ path: `${screenshots}artifacts-tabbed.png` });

      await panel.showStacked();
      assert.equal(await panel.mode(), "stacked");
      assert.equal(await panel.sections.count(), 2);
      const [a, b] = [await panel.sections.nth(0).boundingBox(), await panel.sections.nth(1).boundingBox()];
      assert.ok(a && b && Math.abs(a.height - b.height) <= 2, `equal heights (${a?.height} and ${b?.height})`);
      await page.screenshot({ path: `${screenshots}artifacts-stacked.png` });

      // The divider resizes the panel, between 25 and 75 % of the space beside the sidebar,
      // stopping where the chat would get narrower than 360 px (e2e/layout.test.mjs measures more).
      await panel.dragDividerToShare(60);
      assert.ok(Math.abs((await panel.widthPercent()) - 60) < 1.5, `dragged to 60 % (${await panel.widthPercent()})`);
      await panel.dragDividerTo(20);
      const chatWidth = await page.locator("main#main").evaluate((el) => el.getBoundingClientRect().width);
      assert.ok(Math.abs(chatWidth - 360) < 2, `stopped where the chat keeps 360 px (${chatWidth})`);
      await panel.dragDividerTo(1390);
      assert.ok(Math.abs((await panel.widthPercent()) - 25) < 1, `clamped at 25 % (${await panel.widthPercent()})`);

      // Another chat has its own (empty) panel; coming back brings this one back.
      await chat.newChatButton.click();
      await chat.welcome.waitFor();
      assert.equal(await panel.root.count(), 0);
      await chat.openChat("Show the file manifest.csv");
      await panel.root.waitFor();
      assert.equal(await panel.sections.count(), 2);

      await panel.close("dock-notes.md");
      assert.equal(await panel.mode(), "tabbed");
      assert.equal(await panel.modeToggle.count(), 0);
      await panel.close("manifest.csv");
      await panel.root.waitFor({ state: "detached" });
      assert.deepEqual(pageErrors, []);
    }),
  );
});
