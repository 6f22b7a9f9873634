import { crc32, deflateSync } from "node:zlib";

/**
 * The chat page's live-agent side (spec 002 §2): the connect button under the assistant's
 * offer, the banner above the input, the images-only attach button and its alert, and the
 * live agent's messages in the conversation. Names are the English ones.
 */
export class LiveAgentChat {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.offerCard = page.locator('[data-testid="tool-card"][data-tool="connectLiveAgent"]');
    this.connectButton = page.getByTestId("connect-live-agent");
    this.banner = page.getByTestId("live-agent-banner");
    this.waitingHint = page.getByTestId("live-agent-waiting");
    this.attachButton = page.getByRole("button", { name: "Attach images", exact: true });
    this.imagesOnlyAlert = page.getByTestId("images-only-alert");
    this.agentMessages = page.locator('[data-testid="message"][data-role="assistant"]').filter({ has: page.getByTestId("sender").getByText("Live Agent", { exact: true }) });
  }

  /** Picks `paths` through the attach button's file chooser. @param {string[]} paths */
  async pickFiles(paths) {
    const [chooser] = await Promise.all([this.page.waitForEvent("filechooser"), this.attachButton.click()]);
    await chooser.setFiles(paths);
  }
}

/** A `width`×`height` PNG: a gradient from `from` to `to` (RGB), with a band across the middle. */
export function png(width = 240, height = 150, from = [20, 184, 166], to = [30, 34, 66]) {
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
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x++) {
      const f = x / width;
      row.set(band ? [251, 191, 36] : from.map((c, i) => Math.round(c + (to[i] - c) * f)), 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
