/**
 * The artifacts side panel beside the chat: its tabs, the tabbed/stacked toggle, the
 * footer, the divider. Names are the English ones.
 */
export class ArtifactsPanel {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.root = page.getByTestId("artifacts-panel");
    this.tabs = this.root.getByRole("tab");
    this.footer = page.getByTestId("artifacts-footer");
    this.modeToggle = page.getByTestId("artifacts-mode");
    this.sections = page.getByTestId("artifact-section");
    this.divider = page.getByRole("separator", { name: "Resize the artifacts panel" });
  }

  async mode() {
    return this.root.getAttribute("data-mode");
  }

  async showStacked() {
    await this.modeToggle.getByRole("button", { name: "Stacked" }).click();
  }

  async showTabbed() {
    await this.modeToggle.getByRole("button", { name: "Tabs" }).click();
  }

  /** @param {string} title the artifact's full title */
  async close(title) {
    await this.root.getByRole("button", { name: `Close ${title}`, exact: true }).click();
  }

  /** The panel's width as a share of the space beside the sidebar (chat, divider and panel), in percent. */
  async widthPercent() {
    return this.root.evaluate((panel) => (panel.getBoundingClientRect().width / panel.parentElement.getBoundingClientRect().width) * 100);
  }

  /** Drags the divider to where the panel would take `percent` of the space beside the sidebar. @param {number} percent */
  async dragDividerToShare(percent) {
    const space = await this.root.evaluate((panel) => panel.parentElement.getBoundingClientRect().toJSON());
    await this.dragDividerTo(space.right - (space.width * percent) / 100);
  }

  /** Drags the divider to `x` pixels from the page's left edge. @param {number} x */
  async dragDividerTo(x) {
    const box = await this.divider.boundingBox();
    if (!box) throw new Error("no divider");
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width / 2, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x, y, { steps: 8 });
    await this.page.mouse.up();
  }
}
