/** /login: the marketing message beside the sign-in form, with a language switcher. */
export class LoginPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Sign in to Waybill" });
    this.email = page.getByLabel("Email", { exact: true });
    this.password = page.getByLabel("Password", { exact: true });
    this.submitButton = page.getByRole("button", { name: "Sign in", exact: true });
    this.error = page.getByRole("alert");
  }

  async goto() {
    await this.page.goto(new URL("/login", this.baseUrl).href);
  }

  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/login");
    await this.heading.waitFor();
  }

  /** @param {string} email @param {string} password */
  async signIn(email, password) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submitButton.click();
  }

  /** The language select, found by its label in whichever language is showing. */
  languageSelect(label = "Language") {
    return this.page.getByLabel(label, { exact: true });
  }

  /** @param {string} code e.g. "ja" */
  async chooseLanguage(code, currentLabel = "Language") {
    await this.languageSelect(currentLabel).selectOption(code);
  }

  async htmlLang() {
    return this.page.evaluate(() => document.documentElement.lang);
  }
}
