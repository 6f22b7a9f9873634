/**
 * /admin/memories: what the assistant remembers, for any member — the type filter
 * (All, Personal, Company), the search box (typing filters by text, Rank by relevance
 * ranks by the words shared), the list and its pager, Add memory, and each row's Edit (in place) and Delete
 * (confirmed). Names are the English ones.
 */
export class MemoriesPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Memory", exact: true });
    this.addButton = page.getByTestId("memory-add");
    this.searchBox = page.getByRole("searchbox", { name: "Search memories", exact: true });
    this.rankButton = page.getByRole("button", { name: "Rank by relevance", exact: true });
    this.results = page.getByTestId("memory-results");
    this.rows = page.getByTestId("memory-row");
    this.empty = page.getByTestId("memories-empty");
    this.noMatch = page.getByTestId("memories-no-match");
    this.ranked = page.getByTestId("memories-ranked");
    this.pager = page.getByTestId("memory-pager");
    this.notice = page.getByTestId("action-notice");
    this.addDialog = page.getByTestId("add-memory-dialog");
    this.deleteDialog = page.getByTestId("delete-memory-dialog");
  }

  async goto() {
    await this.page.goto(new URL("/admin/memories", this.baseUrl).href);
  }

  /** The page is there with its first answer (a list, or the empty state). */
  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/admin/memories");
    await this.heading.waitFor();
    await this.settled();
    await this.rows.first().or(this.empty).or(this.noMatch).first().waitFor();
  }

  /** Waits until the list is not loading (its box is busy while a request runs). */
  async settled() {
    await this.page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="memory-results"]');
      return box !== null && box.getAttribute("aria-busy") !== "true" && !box.querySelector('[role="status"]');
    });
  }

  /** The row whose memory reads exactly `text`. @param {string} text */
  row(text) {
    return this.rows.filter({ has: this.page.locator('[data-testid="memory-text"]', { hasText: new RegExp(`^${escape(text)}$`) }) });
  }

  /** Types `text` in the box and waits for the list filtered by it. @param {string} text */
  async filter(text) {
    const answered = this.page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === "/api/memories" && (url.searchParams.get("q") ?? "") === text.trim();
    });
    await this.searchBox.fill(text);
    await answered;
    await this.settled();
  }

  /** Ranks the memories by the words they share with `text` and waits for the ranking. @param {string} text */
  async rank(text) {
    await this.searchBox.fill(text);
    const answered = this.page.waitForResponse((res) => new URL(res.url()).pathname === "/api/memories/search");
    await this.rankButton.click();
    await answered;
    await this.ranked.waitFor();
    await this.settled();
  }

  /** @param {"All" | "Personal" | "Company"} type */
  async showOnly(type) {
    await this.page.locator("label").filter({ has: this.page.getByRole("radio", { name: type, exact: true }) }).click();
    await this.settled();
  }

  /**
   * Adds a memory through the dialog and waits for it to close.
   * @param {{ text: string, importance?: "low" | "medium" | "high", type?: "Personal" | "Company" }} memory
   */
  async add({ text, importance, type }) {
    await this.addButton.click();
    const dialog = this.addDialog;
    await dialog.getByRole("textbox", { name: "Memory", exact: true }).fill(text);
    if (importance) await dialog.getByRole("combobox", { name: "Importance", exact: true }).selectOption(importance);
    if (type) await dialog.getByRole("radio", { name: type, exact: true }).check();
    const added = this.page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/api/memories");
    await dialog.getByRole("button", { name: "Add memory", exact: true }).click();
    await added;
    await dialog.waitFor({ state: "hidden" });
    await this.settled();
  }

  /**
   * Changes a memory in place: its text, its importance, or both; waits for the row to
   * read as saved.
   * @param {import('playwright-core').Locator} row
   * @param {{ text?: string, importance?: "low" | "medium" | "high" }} change
   */
  async edit(row, { text, importance }) {
    await row.getByRole("button", { name: "Edit", exact: true }).click();
    const form = this.page.getByTestId("memory-edit-form");
    if (text !== undefined) await form.getByRole("textbox", { name: "Memory", exact: true }).fill(text);
    if (importance) await form.getByRole("combobox", { name: "Importance", exact: true }).selectOption(importance);
    const saved = this.page.waitForResponse((res) => res.request().method() === "PATCH" && new URL(res.url()).pathname.startsWith("/api/memories/"));
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await saved;
    await form.waitFor({ state: "hidden" });
    await this.settled();
  }

  /** Deletes the memory of `row`, confirming, and waits until the list no longer shows it. @param {import('playwright-core').Locator} row */
  async delete(row) {
    await row.getByRole("button", { name: "Delete", exact: true }).click();
    const deleted = this.page.waitForResponse((res) => res.request().method() === "DELETE" && new URL(res.url()).pathname.startsWith("/api/memories/"));
    await this.deleteDialog.getByRole("button", { name: "Delete", exact: true }).click();
    await this.deleteDialog.waitFor({ state: "hidden" });
    await deleted;
    await row.waitFor({ state: "detached" });
    await this.settled();
  }
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
