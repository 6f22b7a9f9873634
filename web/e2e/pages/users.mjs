/**
 * /admin/users: the tenant's members for an administrator — search, filter, page, add
 * (by invitation or with a password), and each row's menu. Names are the English ones.
 */
export class UsersPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Users" });
    this.onlyAdmins = page.getByRole("heading", { name: "Only administrators can manage users" });
    this.addButton = page.getByRole("button", { name: "Add member", exact: true });
    this.searchBox = page.getByRole("searchbox", { name: "Search members" });
    this.rows = page.getByTestId("member-row");
    this.notice = page.getByTestId("action-notice");
    this.addDialog = page.getByTestId("add-member-dialog");
    this.editDialog = page.getByTestId("edit-member-dialog");
    this.invitationDialog = page.getByTestId("invitation-dialog");
    this.removeDialog = page.getByTestId("remove-member-dialog");
  }

  async goto() {
    await this.page.goto(new URL("/admin/users", this.baseUrl).href);
  }

  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/admin/users");
    await this.heading.waitFor();
    await this.rows.first().waitFor();
  }

  /** The row of the member whose name or email contains `text`. @param {string} text */
  row(text) {
    return this.rows.filter({ hasText: text });
  }

  /** @param {string} text */
  async search(text) {
    await this.searchBox.fill(text);
  }

  /** @param {"All" | "Active" | "Suspended" | "Invited"} status */
  async showOnly(status) {
    await this.page.locator("label").filter({ has: this.page.getByRole("radio", { name: status, exact: true }) }).click();
  }

  /** Picks `item` in the row menu of the member shown as `name`. @param {string} name @param {string} item */
  async act(name, item) {
    await this.page.getByRole("button", { name: `Actions for ${name}`, exact: true }).click();
    await this.page.getByRole("menuitem", { name: item, exact: true }).click();
  }

  /** Picks `item` in the menu of `row`. @param {import('playwright-core').Locator} row @param {string} item */
  async actOn(row, item) {
    await row.getByRole("button", { name: /^Actions for / }).click();
    await this.page.getByRole("menuitem", { name: item, exact: true }).click();
  }

  /**
   * Fills the add-member dialog and submits it; without `password` the member is invited.
   * Leaves the dialog open on its result.
   * @param {{ email: string, firstName?: string, roles?: string[], facilities: string[], password?: string }} member
   */
  async add({ email, firstName, roles = [], facilities, password }) {
    await this.addButton.click();
    const dialog = this.addDialog;
    await dialog.getByRole("textbox", { name: "Email" }).fill(email);
    if (firstName) await dialog.getByRole("textbox", { name: /First name/ }).fill(firstName);
    for (const role of roles) await dialog.getByRole("checkbox", { name: new RegExp(`^${role}`) }).check();
    for (const facility of facilities) await dialog.getByRole("checkbox", { name: facility, exact: true }).check();
    if (password) {
      await dialog.getByRole("radio", { name: /Set a password now/ }).check();
      await dialog.getByLabel("Password", { exact: true }).fill(password);
    }
    await dialog.getByRole("button", { name: "Add member", exact: true }).click();
  }

  /** The invitation link shown in `dialog`, once it is there. */
  async invitationLink(dialog = this.addDialog) {
    const link = dialog.getByRole("textbox", { name: "Invitation link" });
    await link.waitFor();
    return link.inputValue();
  }

  /** @param {import('playwright-core').Locator} dialog */
  async close(dialog) {
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
  }
}
