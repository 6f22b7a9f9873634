// Forms and delegation in Chromium against a real `waybill serve` and its demo facility:
// the offline model asks for a receipt form; the user fills it (selectors searched, an
// item added and another removed, a date picked), submits, and the assistant goes on with
// the answers; the same form canceled; the spec's validation messages; a question handed
// to the WMS agent, its card following the delegation to the end. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ChatPage } from "./pages/chat.mjs";
import { ToolCards } from "./pages/toolCards.mjs";
import { baseUrl, failWithScreenshot, launchBrowser, newPage, screenshots, signedInState, skip } from "./support.mjs";

const RECEIPT = "create an inbound receipt for customer Pacific Outdoor Supply";

/**
 * Picks the option holding `text` in the selector of the form field `field`, after
 * searching for `search` (nothing: the first page).
 * @param {import('playwright-core').Locator} form @param {string} field @param {string} search @param {string | RegExp} text
 */
async function pick(form, field, search, text) {
  const page = form.page();
  await form.getByTestId(`form-field-${field}`).getByRole("combobox").first().click();
  const box = page.getByTestId("selector-search");
  if (search) await box.fill(search);
  const option = page.getByTestId("selector-option").filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

describe("forms and delegation", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    storageState = await signedInState(browser, ChatPage);
  });

  after(async () => {
    await browser?.close();
  });

  test("the assistant asks for a receipt form, the user fills and submits it, and the answer goes on", { skip }, async () => {
    const { context, page } = await newPage(browser, { storageState, width: 1360, height: 1000 });
    const chat = new ChatPage(page, baseUrl);
    const cards = new ToolCards(page, chat);
    try {
      await chat.goto();
      await chat.send(RECEIPT);
      const card = cards.card("requestUserInput");
      await cards.waitForPhase(card, "executing");
      const form = card.getByTestId("dynamic-form");
      await form.waitFor();
      assert.match(await card.innerText(), /New inbound receipt/);

      // Submitting it empty: the spec's messages, nothing sent.
      await form.getByTestId("form-submit").click();
      await form.getByText("Customer is required").waitFor();
      await form.getByText("Please add at least one Items").waitFor();
      assert.equal(await form.getByText("Expected date is required").count(), 1);

      await pick(form, "customerId", "pacific", "Pacific Outdoor Supply");
      assert.equal(await form.getByText("Customer is required").count(), 0, "an error clears when the field gets a value");
      await pick(form, "carrierId", "", /./);

      // Two items, the second removed; the first picks an item of the customer and a unit.
      await form.getByTestId("array-add-items").click();
      await form.getByTestId("array-add-items").click();
      await form.getByTestId("array-item-items-1").waitFor();
      await form.getByTestId("array-remove-items-1").click();
      assert.equal(await form.getByTestId("array-item-items-1").count(), 0);
      await pick(form, "items.0.itemId", "", /./);
      await pick(form, "items.0.uom", "", "EA");
      await form.getByTestId("form-field-items.0.quantity").getByRole("spinbutton").fill("12");

      // A date picked from the calendar: the 15th of next month.
      await form.getByTestId("form-field-expectedDate").getByRole("combobox").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Next month" }).click();
      await dialog.getByRole("gridcell").getByRole("button", { name: /15/ }).first().click();
      await dialog.getByRole("button", { name: "OK", exact: true }).click();
      const shown = await form.getByTestId("form-field-expectedDate").getByRole("combobox").inputValue();
      assert.match(shown, /^[A-Z][a-z]{2} 15, \d{4}$/, shown);

      await form.getByTestId("form-field-notes").getByRole("textbox").fill("Trailer TR-4411, seal 99812");
      await page.screenshot({ path: `${screenshots}form-filled.png` });
      await form.getByTestId("form-submit").click();

      await cards.waitForPhase(card, "completed");
      await chat.waitUntilIdle();
      const answer = await chat.lastAnswer().innerText();
      assert.match(answer, /customerId: Pacific Outdoor Supply/, "the assistant goes on with the submitted values");
      assert.match(answer, /items: 1/);
      assert.match(answer, /expectedDate: \d{4}-\d{2}-15/);
      await card.getByTestId("form-summary").waitFor();
      assert.match(await card.getByTestId("form-summary").innerText(), /Pacific Outdoor Supply/, "a read-only summary of the answers");
      assert.equal(await card.getByTestId("form-submit").count(), 0);
    } catch (error) {
      await failWithScreenshot(page, "form submit", error);
    } finally {
      await context.close();
    }
  });

  test("a canceled form says so and the assistant does nothing with it", { skip }, async () => {
    const { context, page } = await newPage(browser, { storageState });
    const chat = new ChatPage(page, baseUrl);
    const cards = new ToolCards(page, chat);
    try {
      await chat.goto();
      await chat.send(RECEIPT);
      const card = cards.card("requestUserInput");
      await card.getByTestId("form-cancel").click();
      await card.getByText("User canceled this input request").waitFor();
      assert.match(await card.innerText(), /Canceled/);
      await chat.waitUntilIdle();
      assert.match(await chat.lastAnswer().innerText(), /You canceled the form/);
    } catch (error) {
      await failWithScreenshot(page, "form cancel", error);
    } finally {
      await context.close();
    }
  });

  test("a question handed to the WMS agent: the card follows the delegation to its answer", { skip }, async () => {
    const { context, page } = await newPage(browser, { storageState });
    const chat = new ChatPage(page, baseUrl);
    const cards = new ToolCards(page, chat);
    try {
      await chat.goto();
      await chat.send("ask the WMS agent how many open outbound orders does customer Pacific Outdoor Supply have");
      const card = cards.card("delegateToAgent");
      await cards.waitForPhase(card, "completed", 30_000);
      const text = await card.innerText();
      assert.match(text, /Completed/);
      assert.match(text, /WMS Agent/);
      assert.match(text, /wms-agent/);
      assert.match(text, /Generated \d+ characters of content/);
      await chat.waitUntilIdle();
      assert.match(await chat.lastAnswer().innerText(), /WMS Agent answered: Demo WMS answered listOrders/);
      await page.screenshot({ path: `${screenshots}delegation.png` });
    } catch (error) {
      await failWithScreenshot(page, "delegation", error);
    } finally {
      await context.close();
    }
  });
});
