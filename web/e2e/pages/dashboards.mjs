/**
 * BI dashboards: the Dashboards page (`/dashboards`: open, copy, revoke, renew, delete),
 * and a dashboard page itself (`/d/{token}`), on its own or inside the side panel's
 * frame. Names are the English ones.
 */
export class DashboardsPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Dashboards" });
    this.rows = page.getByTestId("dashboard-row");
    this.notice = page.getByTestId("action-notice");
  }

  async goto() {
    await this.page.goto(new URL("/dashboards", this.baseUrl).href);
    await this.heading.waitFor();
  }

  /** The row of the dashboard named `name` (the newest, when several have that name). @param {string} name */
  row(name) {
    return this.rows.filter({ has: this.page.getByText(name, { exact: true }) }).first();
  }

  /** The dashboard's link as the page's Open link has it, without the reader's language. @param {string} name */
  async link(name) {
    const href = await this.row(name).getByRole("link", { name: `Open ${name} in a new tab`, exact: true }).getAttribute("href");
    if (!href) throw new Error(`${name} has no link`);
    const url = new URL(href, this.baseUrl);
    url.searchParams.delete("lang");
    return url.href;
  }

  /** @param {string} name @param {"New link" | "Revoke link" | "Delete"} item */
  async menu(name, item) {
    await this.page.getByRole("button", { name: `Actions for ${name}`, exact: true }).first().click();
    await this.page.getByRole("menuitem", { name: item, exact: true }).click();
  }

  /** Revokes the dashboard's link, confirming. @param {string} name */
  async revoke(name) {
    await this.menu(name, "Revoke link");
    await this.page.getByRole("alertdialog").getByRole("button", { name: "Revoke", exact: true }).click();
    await this.row(name).getByTestId("dashboard-no-link").waitFor();
  }

  /** Makes a new link for the dashboard. @param {string} name */
  async renew(name) {
    await this.menu(name, "New link");
    await this.row(name).getByRole("link", { name: `Open ${name} in a new tab`, exact: true }).waitFor();
  }
}

/**
 * A dashboard page: its tiles, charts and each tile's provenance. `root` is the page, or
 * the side panel's frame (`page.frameLocator(…)`).
 */
export class DashboardView {
  /** @param {import('playwright-core').Page | import('playwright-core').FrameLocator} root */
  constructor(root) {
    this.root = root;
    this.rendered = root.locator('html[data-rendered="true"]');
    this.name = root.getByTestId("dashboard-name");
    this.tiles = root.getByTestId("dashboard-tile");
    this.charts = root.locator('[data-testid="tile-chart"] canvas');
  }

  /** Waits until every tile is drawn (the page sets `html[data-rendered]`). */
  async isRendered(timeout = 15_000) {
    await this.rendered.waitFor({ state: "attached", timeout });
  }

  /** Opens a tile's 'Where this comes from' with the keyboard, as its folded details are reached. @param {import('playwright-core').Locator} tile */
  async openProvenance(tile) {
    const summary = tile.locator('[data-testid="tile-provenance"] > summary');
    await summary.focus();
    await summary.press("Enter");
    return tile.getByTestId("tile-provenance");
  }
}
