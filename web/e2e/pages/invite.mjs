/** /invite/:token: whom the link invites, and the form that sets their password. */
export class InvitePage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.firstName = page.getByRole("textbox", { name: "First name" });
    this.password = page.getByLabel("Password", { exact: true });
    this.confirm = page.getByLabel("Confirm password", { exact: true });
    this.showPasswords = page.getByRole("checkbox", { name: "Show passwords" });
    this.submitButton = page.getByRole("button", { name: "Set password and sign in", exact: true });
    this.invalid = page.getByRole("heading", { name: "This invitation link is no longer valid" });
  }

  /** @param {string} link the absolute invitation link */
  async goto(link) {
    await this.page.goto(link);
  }

  /** @param {string} tenant */
  async isShownFor(tenant) {
    await this.page.getByRole("heading", { level: 1, name: `Join ${tenant}` }).waitFor();
  }

  /** @param {string} password @param {string} [confirm] */
  async accept(password, confirm = password) {
    await this.password.fill(password);
    await this.confirm.fill(confirm);
    await this.submitButton.click();
  }
}
