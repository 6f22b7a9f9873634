/** The anonymous root view: the product pitch and a Login button. */
export class LandingPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.headline = page.getByRole("heading", { level: 1, name: "Run your logistics operations in one conversation" });
    this.loginButton = page.getByRole("button", { name: "Login", exact: true });
  }

  async goto() {
    await this.page.goto(new URL("/", this.baseUrl).href);
  }

  async isShown() {
    await this.headline.waitFor();
    await this.loginButton.waitFor();
  }

  async clickLogin() {
    await this.loginButton.click();
  }
}
