// A message's attachments in Chromium against a real `waybill serve`: upload a CSV and a
// PNG with a message, then click each one in the sent message and see it in the side
// panel's file viewer (the table, the image) — never a browser tab of its own, and by
// keyboard too. Run like auth.test.mjs (WAYBILL_URL, WAYBILL_E2E_EMAIL, WAYBILL_E2E_PASSWORD).
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { crc32, deflateSync } from "node:zlib";
import { FilesPage } from "./pages/files.mjs";
import { launchBrowser, screenshots, signedInState, skip, withSession } from "./support.mjs";

const CSV_ROWS = 60;
const CSV = ["trailer,door,carrier,pallets", ...Array.from({ length: CSV_ROWS }, (_, i) => `TR-${2001 + i},${(i % 12) + 1},Acme Freight,${(i * 5) % 26}`)].join("\n");

/** A 240×150 PNG (a teal-to-navy gradient with a stripe), big enough to look at. */
function png(width = 240, height = 150) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = y > 60 && y < 90;
      row.set(stripe ? [251, 191, 36] : [Math.round(20 + (x / width) * 10), Math.round(184 - (x / width) * 150), Math.round(166 - (x / width) * 100)], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

describe("attachments", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  let files;
  let storageState;

  before(async () => {
    if (skip) return;
    await mkdir(screenshots, { recursive: true });
    files = await mkdtemp(join(tmpdir(), "waybill-e2e-"));
    await writeFile(join(files, "manifest.csv"), CSV);
    await writeFile(join(files, "dock-door.png"), png());
    browser = await launchBrowser();
    storageState = await signedInState(browser);
  });

  after(async () => {
    await browser?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  test("opens a sent CSV and a sent image in the side panel's viewer", { skip }, (t) =>
    withSession(browser, { storageState, name: t.name }, async ({ context, page, chat, pageErrors }) => {
      const viewer = new FilesPage(chat);
      const tabs = [];
      context.on("page", (opened) => tabs.push(opened.url()));
      await chat.open();
      await chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
      await chat.attach([join(files, "manifest.csv"), join(files, "dock-door.png")]);
      await chat.attachmentList.getByText("2 file(s) selected").waitFor();
      // The composer counts in the cards' units, with one decimal (spec 002 §5).
      await chat.attachmentList.getByText(/^\d+\.\d KB$/).first().waitFor();
      await chat.send("Here are the manifest and the door");
      await chat.waitUntilIdle();

      const mine = chat.userMessages.last();
      const csvChip = mine.getByRole("button", { name: "Open manifest.csv", exact: true });
      await csvChip.waitFor();
      assert.match(await csvChip.innerText(), /CSV\s*· \d+\.\d\d KB/);
      await mine.getByTestId("attachment-image").waitFor();

      const table = (await viewer.openAttachment("manifest.csv", "csv")).getByRole("table");
      await table.getByText("TR-2001", { exact: true }).waitFor();
      assert.equal(await table.locator("tbody tr").count(), CSV_ROWS);
      await page.screenshot({ path: `${screenshots}attachments-csv.png` });

      // The image by keyboard: its thumbnail is a button.
      await viewer.attachment("dock-door.png").focus();
      await page.keyboard.press("Enter");
      const image = viewer.viewer("image").getByRole("img", { name: "dock-door.png" });
      await image.waitFor();
      assert.ok(await image.evaluate((img) => img.complete && img.naturalWidth === 240), "the image loaded in the viewer");
      await page.screenshot({ path: `${screenshots}attachments-image.png` });

      // Both stay open in the panel as tabs.
      assert.equal(await page.getByRole("tab").count(), 2);
      assert.deepEqual(tabs, [], "no browser tab was opened");
      assert.deepEqual(pageErrors, []);
    }),
  );
});
