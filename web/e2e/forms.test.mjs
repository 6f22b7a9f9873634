// Forms and delegation in Chromium against a real `waybill serve` and its demo facility:
// the offline model asks for a receipt form; the user fills it (selectors searched, an
// item added and another removed, a date picked), submits, and the assistant goes on with
// the answers; the same form canceled; the spec's validation messages; a question handed
// to the WMS agent, its card following the delegation to the end; a carrier pickup form
// with every other field type, filled, checked against the real server and booked. Run like
// auth.test.mjs.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

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

/** What the last answer says in words, its tool cards left out. @param {import('./pages/chat.mjs').ChatPage} chat */
function answerWords(chat) {
  return chat.lastAnswer().evaluate((message) => {
    const copy = /** @type {HTMLElement} */ (message.cloneNode(true));
    for (const card of copy.querySelectorAll('[data-testid="tool-card"]')) card.remove();
    return copy.textContent ?? "";
  });
}

describe("forms and delegation", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let storageState;
  /** Where the pickup form's bill of lading is written before it is uploaded. */
  let folder;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    storageState = await signedInState(browser);
    folder = await mkdtemp(join(tmpdir(), "waybill-forms-"));
  });

  after(async () => {
    await browser?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test("a form opened for a named customer starts with it; filled, submitted and approved, the receipt is created and the answer gives its id", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 1000, name: "form submit" }, async ({ page, chat, cards }) => {
      await chat.goto();
      await chat.send(RECEIPT);
      const card = cards.card("requestUserInput");
      await cards.waitForPhase(card, "executing");
      const form = card.getByTestId("dynamic-form");
      await form.waitFor();
      assert.match(await card.innerText(), /New inbound receipt/);
      // The customer the user named is picked: the form looked the words up.
      await form.getByTestId("form-field-customerId").getByText("Pacific Outdoor Supply").waitFor();
      await page.screenshot({ path: `${screenshots}form-prefilled.png` });

      // The PO is a required text box: the browser's own check stops the submit there
      // first, then the spec's rules run on the rest.
      const po = form.getByTestId("form-field-poNumber").getByRole("textbox");
      await form.getByTestId("form-submit").click();
      assert.equal(await po.evaluate((input) => input.matches(":focus")), true, "the empty PO is focused");
      await po.fill("PO-77001");
      // Submitting the rest empty: the spec's messages, nothing sent; the customer is given.
      await form.getByTestId("form-submit").click();
      await form.getByText("Carrier is required").waitFor();
      await form.getByText(/Please add at least one (Items|item)/).waitFor();
      assert.equal(await form.getByText("Expected date is required").count(), 1);
      assert.equal(await form.getByText("Customer is required").count(), 0, "the customer named is filled in");

      await pick(form, "carrierId", "", /./);
      assert.equal(await form.getByText("Carrier is required").count(), 0, "an error clears when the field gets a value");

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
      // A day clicked is the date: the popover closes without OK.
      await dialog.getByRole("gridcell").getByRole("button", { name: /15/ }).first().click();
      await dialog.waitFor({ state: "hidden" });
      const shown = await form.getByTestId("form-field-expectedDate").getByRole("combobox").inputValue();
      assert.match(shown, /^[A-Z][a-z]{2} 15, \d{4}$/, shown);

      await page.screenshot({ path: `${screenshots}form-filled.png` });
      await form.getByTestId("form-submit").click();

      await cards.waitForPhase(card, "completed");
      await card.getByTestId("form-summary").waitFor();
      assert.match(await card.getByTestId("form-summary").innerText(), /Pacific Outdoor Supply/, "a read-only summary of the answers");
      assert.equal(await card.getByTestId("form-submit").count(), 0);

      // The answers in the form's words, then the receipt's creation asked for approval.
      const create = cards.card("apiCall");
      await cards.waitForPhase(create, "approval", 30_000);
      const thanks = await answerWords(chat);
      assert.match(thanks, /Customer: Pacific Outdoor Supply; PO number: PO-77001; Carrier: .+; Items: 1; Expected date: \d{4}-\d{2}-15/);
      assert.doesNotMatch(thanks, /customerId|carrierId|taskCmd|CUS-0001/, "the user's words, not the field names");
      await cards.approve(create);
      await cards.waitForPhase(create, "completed", 30_000);
      await chat.waitUntilIdle();
      const answer = await answerWords(chat);
      const id = answer.match(/saved (RCV-\d+)/)?.[1];
      assert.ok(id, `the answer names the created receipt: ${answer}`);
      assert.doesNotMatch(answer, /customerId|carrierId|taskCmd/);
      await chat.lastAnswer().getByText(id).last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}form-receipt-created.png` });
    }),
  );

  test("a form opened with no customer named says the customer is required when submitted empty", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 1000, name: "form required customer" }, async ({ chat, cards }) => {
      await chat.goto();
      await chat.send("create an inbound receipt");
      const card = cards.card("requestUserInput");
      await cards.waitForPhase(card, "executing");
      const form = card.getByTestId("dynamic-form");
      await form.getByTestId("form-field-poNumber").getByRole("textbox").fill("PO-77002");
      await form.getByTestId("form-submit").click();
      await form.getByText("Customer is required").waitFor();
      await pick(form, "customerId", "pacific", "Pacific Outdoor Supply");
      assert.equal(await form.getByText("Customer is required").count(), 0, "an error clears when the field gets a value");
    }),
  );

  for (const [size, viewport] of [
    ["1360×860", { width: 1360, height: 860 }],
    ["a phone", { width: 390, height: 844 }],
  ]) {
    test(`the date picker stays in sight above the composer at ${size}, and a day clicked is the date`, { skip }, () =>
      withSession(browser, { storageState, ...viewport, name: `date picker ${viewport.width}` }, async ({ page, chat, cards }) => {
        await chat.goto();
        await chat.send(RECEIPT);
        const card = cards.card("requestUserInput");
        await cards.waitForPhase(card, "executing");
        const field = card.getByTestId("form-field-expectedDate").getByRole("combobox");
        // The field low in the conversation, just above the composer, as a user scrolls to it.
        await field.evaluate((el) => el.scrollIntoView({ block: "end" }));
        await field.click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        const composerTop = (await chat.input.boundingBox()).y;
        for (const name of ["OK", "Cancel"]) {
          const box = await dialog.getByRole("button", { name, exact: true }).boundingBox();
          assert.ok(box && box.y >= 0 && box.y + box.height <= composerTop, `${name} is in sight above the composer (${JSON.stringify(box)}, composer at ${composerTop})`);
          assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${name} is within the screen's width`);
        }
        const days = dialog.getByRole("gridcell").getByRole("button");
        const lastDay = await days.last().boundingBox();
        assert.ok(lastDay && lastDay.y + lastDay.height <= composerTop, "the calendar's last row is in sight");
        await page.screenshot({ path: `${screenshots}form-date-picker-${viewport.width}.png` });

        await days.filter({ hasText: /^15$/ }).first().click();
        await dialog.waitFor({ state: "hidden" });
        assert.match(await field.inputValue(), /^[A-Z][a-z]{2} 15, \d{4}$/);
      }),
    );
  }

  test("a canceled form says so and the assistant does nothing with it", { skip }, () =>
    withSession(browser, { storageState, name: "form cancel" }, async ({ chat, cards }) => {
      await chat.goto();
      await chat.send(RECEIPT);
      const card = cards.card("requestUserInput");
      await card.getByTestId("form-cancel").click();
      await card.getByText("User canceled this input request").waitFor();
      assert.match(await card.innerText(), /Canceled/);
      await chat.waitUntilIdle();
      assert.match(await chat.lastAnswer().innerText(), /You canceled the form/);
    }),
  );

  test("a question handed to the WMS agent: the card follows the delegation to its answer", { skip }, () =>
    withSession(browser, { storageState, name: "delegation" }, async ({ page, chat, cards }) => {
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
    }),
  );

  test("every other field type against the real server: a carrier pickup form filled, checked and submitted", { skip }, () =>
    withSession(browser, { storageState, width: 1360, height: 1000, name: "pickup form" }, async ({ page, chat, cards }) => {
      await chat.goto();
      await chat.send("book a carrier pickup for tomorrow at 2 pm");
      const card = cards.card("requestUserInput");
      await cards.waitForPhase(card, "executing");
      const form = card.getByTestId("dynamic-form");
      await form.waitFor();
      const field = (name) => form.getByTestId(`form-field-${name}`);

      // Native required first: the browser stops the submit at the empty reference.
      await form.getByTestId("form-submit").click();
      assert.equal(await field("reference").getByRole("textbox").evaluate((input) => input.matches(":focus")), true, "the first invalid control is focused");
      assert.equal(await form.getByText("Customer is required").count(), 0, "the spec's rules run after the browser's check");
      await field("reference").getByRole("textbox").fill("PO-48213");
      await field("pallets").getByRole("spinbutton").fill("6");

      // The customer is mirrored into taskCmd.customerId; the project depends on that path.
      await pick(form, "customerId", "pacific", "Pacific Outdoor Supply");
      await pick(form, "projectId", "", /./);
      const project = await field("projectId").getByRole("combobox").first().innerText();
      await pick(form, "customerId", "", /^(?!Pacific Outdoor Supply)/);
      assert.notEqual(await field("projectId").getByRole("combobox").first().innerText(), project, "changing the customer clears the project");
      await pick(form, "customerId", "pacific", "Pacific Outdoor Supply");

      // A delivery service needs its carrier first.
      assert.equal(await field("serviceId").getByRole("combobox").first().isDisabled(), true);
      await pick(form, "carrierId", "", /./);
      await pick(form, "serviceId", "", /./);

      // The window starts with the day and time said, two hours long; the time picker: Now, then OK.
      assert.match(await field("windowStart").getByRole("combobox").inputValue(), /^[A-Z][a-z]{2} \d{2}, \d{4} 14:00:00$/);
      assert.match(await field("windowEnd").getByRole("combobox").inputValue(), /^[A-Z][a-z]{2} \d{2}, \d{4} 16:00:00$/);
      for (const name of ["dockClosesAt"]) {
        await field(name).getByRole("combobox").click();
        const dialog = page.getByRole("dialog");
        await dialog.getByRole("button", { name: "Now", exact: true }).click();
        await dialog.getByRole("button", { name: "OK", exact: true }).click();
      }
      assert.match(await field("dockClosesAt").getByRole("combobox").inputValue(), /^\d{2}:\d{2}:\d{2}$/);

      // An address left incomplete: the spec's message names what is missing.
      await field("shipFrom.name").getByRole("textbox").fill("Pacific Outdoor Supply DC");
      await field("shipFrom.street").getByRole("textbox").fill("1200 Harbor Blvd");
      await form.getByRole("checkbox", { name: "Dry van" }).check();
      await form.getByRole("checkbox", { name: "The freight is ready to ship" }).check();
      await form.getByTestId("form-submit").click();
      await form.getByText("Please complete all required fields in Ship from: City, State, Zip").waitFor();
      await field("shipFrom.city").getByRole("textbox").fill("Long Beach");
      await pick(form, "shipFrom.state", "calif", "California");
      await field("shipFrom.zip").getByRole("textbox").fill("90802");

      await form.getByRole("radio", { name: "Expedited" }).check();
      await form.getByRole("checkbox", { name: "Liftgate" }).check();
      await field("freightClass").getByRole("combobox").selectOption("85");
      await pick(form, "accessorials", "", /./);
      await page.keyboard.press("Escape");
      await form.getByText("Hazardous materials", { exact: true }).click();
      assert.equal(await form.getByRole("switch").isChecked(), true);
      await pick(form, "handledBy", "", /./);
      await pick(form, "notify", "", /./);
      await page.keyboard.press("Escape");
      const bol = join(folder, "bol-48213.txt");
      await writeFile(bol, "BILL OF LADING 48213\n6 pallets, class 85\n");
      await field("billOfLading").locator('input[type="file"]').setInputFiles(bol);
      await field("billOfLading").getByTestId("file-uploaded").waitFor();
      await page.screenshot({ path: `${screenshots}form-pickup.png`, fullPage: true });

      await form.getByTestId("form-submit").click();
      await cards.waitForPhase(card, "completed");
      // The answers in the form's words, then the pickup's booking asked for approval.
      const book = cards.card("apiCall");
      await cards.waitForPhase(book, "approval", 30_000);
      const thanks = await answerWords(chat);
      for (const expected of [/Customer: Pacific Outdoor Supply/, /Service level: Expedited/, /Hazardous materials: yes/, /The freight is ready to ship: yes/, /Freight class: 85/, /Bill of lading: \S+/, /Ship from: .*Long Beach/, /Pickup from: \d{4}-\d{2}-\d{2} 14:00:00/]) {
        assert.match(thanks, expected);
      }
      assert.doesNotMatch(thanks, /customerId|serviceLevel|taskCmd|windowStart/, "the user's words, not the field names");
      await cards.approve(book);
      await cards.waitForPhase(book, "completed", 30_000);
      await chat.waitUntilIdle();
      const answer = await answerWords(chat);
      assert.match(answer, /Demo YMS saved APT-\d+/, `the answer names the booked appointment: ${answer}`);
      await page.screenshot({ path: `${screenshots}form-pickup-booked.png` });
    }),
  );
});
