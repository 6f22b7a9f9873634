/** The signed-in root page: header with tenant/facility and user menu, and the welcome placeholder. */
export class HomePage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.welcome = page.getByRole("heading", { level: 1, name: /^Welcome, / });
    this.userMenuButton = page.getByRole("button", { name: /^User menu for / });
    this.menu = page.getByRole("menu");
    this.memoryItem = page.getByRole("menuitem", { name: "Memory" });
    this.logoutItem = page.getByRole("menuitem", { name: "Logout" });
  }

  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/");
    await this.userMenuButton.waitFor();
    await this.welcome.waitFor();
  }

  async openUserMenu() {
    await this.userMenuButton.click();
    await this.menu.waitFor();
  }

  async logout() {
    await this.logoutItem.click();
  }
}
