/**
 * /admin/knowledge: the knowledge bases the assistant searches, for any member — the
 * list (each one's name is the button that shows it), New knowledge base, the one shown
 * with Add documents (a file input and drop zone), its documents and their status, Edit,
 * Delete and Remove (confirmed), and Try a question. Names are the English ones.
 */
export class KnowledgePage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Knowledge bases", exact: true });
    this.createButton = page.getByTestId("kb-create");
    this.list = page.getByRole("list", { name: "Knowledge bases", exact: true });
    this.items = page.getByTestId("kb-list-item");
    this.empty = page.getByTestId("kb-empty");
    this.detail = page.getByTestId("kb-detail");
    this.documents = page.getByTestId("kb-document-row");
    this.addInput = this.detail.getByLabel("Add documents", { exact: true });
    this.uploads = page.getByTestId("kb-upload");
    this.notice = page.getByTestId("action-notice");
    this.newDialog = page.getByTestId("new-kb-dialog");
    this.deleteDialog = page.getByTestId("delete-kb-dialog");
    this.removeDialog = page.getByTestId("remove-document-dialog");
    this.tryBox = page.getByRole("search", { name: "Try a question", exact: true });
    this.passages = page.getByTestId("kb-try-passage");
  }

  async goto(search = "") {
    await this.page.goto(new URL(`/admin/knowledge${search}`, this.baseUrl).href);
  }

  /** The page is there with its list, or the empty state. */
  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/admin/knowledge");
    await this.heading.waitFor();
    await this.items.first().or(this.empty).waitFor();
  }

  /** The list's entry of the knowledge base named `name`. @param {string} name */
  item(name) {
    return this.items.filter({ has: this.page.getByTestId("kb-list-name").getByText(name, { exact: true }) });
  }

  /** Shows the knowledge base named `name` and waits for its documents (or that it has none). @param {string} name */
  async select(name) {
    await this.item(name).getByRole("button", { name, exact: true }).click();
    await this.detail.getByRole("heading", { level: 2, name, exact: true }).waitFor();
    await this.documents.first().or(this.page.getByTestId("kb-no-documents")).waitFor();
  }

  /** The row of the document whose file is named `filename`. @param {string} filename */
  document(filename) {
    return this.documents.filter({ has: this.page.getByTestId("kb-document-name").getByText(filename, { exact: true }) });
  }

  /** Waits until `count` documents are shown and every one is ready. @param {number} count @param {number} [timeout] */
  async waitUntilReady(count, timeout = 60_000) {
    await this.page.waitForFunction(
      (n) => {
        const rows = [...document.querySelectorAll('[data-testid="kb-document-row"]')];
        return rows.length === n && rows.every((row) => row.getAttribute("data-status") === "ready");
      },
      count,
      { timeout },
    );
  }

  /**
   * Creates a knowledge base through the dialog and waits until it is the one shown.
   * @param {{ name: string, description?: string, scope?: "Personal" | "Company" }} kb
   */
  async create({ name, description, scope }) {
    await this.createButton.click();
    const dialog = this.newDialog;
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    if (description) await dialog.getByRole("textbox", { name: "Description", exact: true }).fill(description);
    if (scope) await dialog.getByRole("radio", { name: scope, exact: true }).check();
    const created = this.page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/api/knowledge-bases");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await created;
    await dialog.waitFor({ state: "hidden" });
    await this.detail.getByRole("heading", { level: 2, name, exact: true }).waitFor();
  }

  /** Picks files to add to the knowledge base shown, and waits until each is added or refused. @param {string[]} paths */
  async add(paths) {
    await this.addInput.setInputFiles(paths);
    await this.page.waitForFunction(
      (n) => {
        const rows = [...document.querySelectorAll('[data-testid="kb-upload"]')];
        return rows.length >= n && rows.every((row) => ["added", "refused"].includes(row.getAttribute("data-stage") ?? ""));
      },
      paths.length,
    );
  }

  /** Asks `question` of the knowledge base shown and waits for the answer. @param {string} question */
  async tryQuestion(question) {
    await this.tryBox.getByRole("searchbox", { name: "Question", exact: true }).fill(question);
    const answered = this.page.waitForResponse((res) => new URL(res.url()).pathname === "/api/knowledge-bases/search");
    await this.tryBox.getByRole("button", { name: "Search", exact: true }).click();
    await answered;
    await this.page.getByTestId("kb-try-summary").waitFor();
  }

  /** Deletes the knowledge base shown, confirming, and waits until the list no longer has it. @param {string} name */
  async deleteShown(name) {
    await this.detail.getByRole("button", { name: "Delete", exact: true }).click();
    const deleted = this.page.waitForResponse((res) => res.request().method() === "DELETE" && new URL(res.url()).pathname.startsWith("/api/knowledge-bases/"));
    await this.deleteDialog.getByRole("button", { name: "Delete", exact: true }).click();
    await deleted;
    await this.item(name).waitFor({ state: "detached" });
  }
}
