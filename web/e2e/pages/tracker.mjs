/**
 * The built-in tracker's pages: the issue list (`/tracker`: JQL box, quick filters,
 * project filter, table, pager, Create issue) and one issue (`/tracker/browse/KEY`:
 * fields, transitions, comments). Names are the English ones.
 */
export class TrackerPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Issues", exact: true });
    this.jqlBox = page.getByRole("textbox", { name: "JQL query", exact: true });
    this.searchButton = page.getByRole("button", { name: "Search", exact: true });
    this.jqlError = page.getByTestId("jql-error");
    this.projectFilter = page.getByRole("combobox", { name: "Project", exact: true });
    this.table = page.getByTestId("issue-table");
    this.rows = page.getByTestId("issue-row");
    this.pager = page.getByTestId("issue-pager");
    this.empty = page.getByTestId("issues-empty");
    this.jiraNotice = page.getByTestId("tracker-jira-notice");
    this.createButton = page.getByTestId("create-issue");
    this.createDialog = page.getByTestId("create-issue-dialog");
  }

  /** @param {string} [search] e.g. "?jql=…" */
  async goto(search = "") {
    await this.page.goto(new URL(`/tracker${search}`, this.baseUrl).href);
  }

  /** The list is there, with its first page of issues. */
  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/tracker");
    await this.heading.waitFor();
    await this.settled();
    await this.rows.first().waitFor();
  }

  /**
   * Waits until the results' box shows the answer to `jql` (any query when not given):
   * it names the query it is for, and is busy while a search runs.
   * @param {string} [jql]
   */
  async settled(jql) {
    await this.page.waitForFunction((wanted) => {
      const box = document.querySelector('[data-testid="issue-results"]');
      return box !== null && box.getAttribute("aria-busy") !== "true" && (wanted === null || box.getAttribute("data-jql") === wanted);
    }, jql ?? null);
  }

  /** Types `jql` in the box, runs it, and waits for its answer. @param {string} jql */
  async search(jql) {
    await this.jqlBox.fill(jql);
    await this.jqlBox.press("Enter");
    await this.page.waitForURL((url) => url.pathname === "/tracker" && url.searchParams.get("jql") === jql);
    await this.settled(jql);
  }

  /** @param {"My open issues" | "Open" | "Recently updated" | "All issues"} name */
  async quickFilter(name) {
    await this.page.getByRole("button", { name, exact: true }).click();
    await this.page.getByRole("button", { name, exact: true, pressed: true }).waitFor();
    await this.settled(await this.jqlBox.inputValue());
  }

  /** Limits the list to a project (its key), or to none with "". @param {string} key */
  async showProject(key) {
    await this.projectFilter.selectOption(key);
    await this.page.waitForFunction((wanted) => document.querySelector('[data-testid="issue-results"]')?.getAttribute("data-project") === wanted, key);
    await this.settled();
  }

  /** The keys of the issues shown, in order. */
  keys() {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-key")));
  }

  /** The status categories (new, indeterminate, done) of the issues shown, in order. */
  categories() {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.querySelector('[data-testid="issue-status"]')?.getAttribute("data-category")));
  }

  /** The row of the issue `key`. @param {string} key */
  row(key) {
    return this.page.locator(`[data-testid="issue-row"][data-key="${key}"]`);
  }

  /** Opens the issue `key` from its row. @param {string} key */
  async open(key) {
    await this.row(key).getByRole("link", { name: key, exact: true }).click();
  }

  /**
   * Fills the Create issue dialog and submits it; the page then opens the new issue.
   * @param {{ project: string, type: string, summary: string, description?: string, priority?: string, labels?: string, facility?: string }} issue
   *   `project` is the project's key, `type`, `priority` and `facility` as listed.
   */
  async create({ project, type, summary, description, priority, labels, facility }) {
    await this.createButton.click();
    const dialog = this.createDialog;
    await dialog.getByRole("combobox", { name: "Project", exact: true }).selectOption(project);
    // Enabled once the project's issue types are in; the type's fields follow.
    await dialog.getByRole("combobox", { name: "Type", exact: true }).selectOption({ label: type });
    const summaryBox = dialog.getByRole("textbox", { name: "Summary", exact: true });
    await summaryBox.fill(summary);
    if (description) await dialog.getByRole("textbox", { name: "Description", exact: true }).fill(description);
    if (priority) await dialog.getByRole("combobox", { name: "Priority", exact: true }).selectOption({ label: priority });
    if (labels) await dialog.getByRole("textbox", { name: "Labels", exact: true }).fill(labels);
    if (facility) await dialog.getByRole("combobox", { name: "Facility", exact: true }).selectOption({ label: facility });
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
  }
}

export class IssuePage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.key = page.getByTestId("issue-key");
    this.heading = page.getByTestId("issue-heading");
    this.status = page.getByTestId("issue-status");
    this.resolution = page.getByTestId("issue-resolution");
    this.description = page.getByTestId("issue-description");
    this.transitions = page.getByTestId("issue-transitions");
    this.transitionRefused = page.getByTestId("transition-refused");
    this.resolutionDialog = page.getByTestId("resolution-dialog");
    this.comments = page.getByTestId("issue-comment");
    this.commentBox = page.getByRole("textbox", { name: "Comment", exact: true });
    this.addCommentButton = page.getByRole("button", { name: "Add comment", exact: true });
    this.commentRefused = page.getByTestId("comment-refused");
    this.notFound = page.getByTestId("issue-not-found");
    this.backToList = page.getByRole("link", { name: "Back to issues", exact: true }).first();
  }

  /** @param {string} key */
  async goto(key) {
    await this.page.goto(new URL(`/tracker/browse/${encodeURIComponent(key)}`, this.baseUrl).href);
  }

  /** The issue `key` (any, when not given) is shown; answers its key. @param {string} [key] */
  async isShown(key) {
    await this.page.waitForURL((url) => (key ? url.pathname === `/tracker/browse/${key}` : /^\/tracker\/browse\/[^/]+$/.test(url.pathname)));
    await this.heading.waitFor();
    return (await this.key.innerText()).trim();
  }

  /** The transition button named `name` (as the server names it). @param {string} name */
  transition(name) {
    return this.transitions.getByRole("button", { name, exact: true });
  }

  /** The transitions offered, by name, once they are in. */
  async transitionNames() {
    await this.transitions.getByRole("button").first().waitFor();
    return this.transitions.getByRole("button").allInnerTexts();
  }

  /**
   * Presses a transition; one that asks for a resolution gets `resolution` (as listed)
   * and `comment`, then is confirmed. Waits until the status is `to` when given.
   * @param {string} name @param {{ resolution?: string, comment?: string, to?: string }} [options]
   */
  async move(name, { resolution, comment, to } = {}) {
    await this.transition(name).click();
    if (resolution || comment) {
      const dialog = this.resolutionDialog;
      if (resolution) await dialog.getByRole("combobox", { name: "Resolution", exact: true }).selectOption({ label: resolution });
      if (comment) await dialog.getByRole("textbox", { name: /^Comment/ }).fill(comment);
      await dialog.getByRole("button", { name, exact: true }).click();
      await dialog.waitFor({ state: "detached" });
    }
    if (to) await this.status.filter({ hasText: new RegExp(`^${escape(to)}$`) }).waitFor();
  }

  /** Adds a comment and waits for it in the list. @param {string} text */
  async addComment(text) {
    await this.commentBox.fill(text);
    await this.addCommentButton.click();
    await this.comments.filter({ hasText: text }).waitFor();
  }
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
