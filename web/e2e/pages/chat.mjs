/**
 * The signed-in root: the chat page. Steps a person takes there — send, stop, open,
 * rename and delete chats, pick a model, attach files, switch language, log out.
 * Names are the English ones unless a step takes the label to look for.
 */
export class ChatPage {
  /** @param {import('playwright-core').Page} page @param {string} [baseUrl] */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.newChatButton = page.getByRole("button", { name: "New Connection", exact: true });
    this.input = page.getByRole("textbox", { name: "Message", exact: true });
    this.sendButton = page.getByRole("button", { name: "Send message", exact: true });
    this.stopButton = page.getByRole("button", { name: "Stop generating", exact: true });
    this.welcome = page.getByTestId("welcome");
    this.modelPicker = page.getByTestId("model-picker");
    this.modelOptions = page.getByTestId("model-options");
    this.fileInput = page.getByTestId("file-input");
    this.attachmentList = page.getByTestId("attachment-list");
    this.messages = page.getByTestId("message");
    this.userMessages = page.locator('[data-testid="message"][data-role="user"]');
    this.assistantMessages = page.locator('[data-testid="message"][data-role="assistant"]');
    this.chatEntries = page.getByTestId("chat-entry");
    this.userMenuButton = page.getByRole("button", { name: /^User menu for / });
    this.chatError = page.getByTestId("chat-error");
    this.notices = page.getByTestId("notice");
    this.scroller = page.getByTestId("message-scroller");
    this.olderLoading = page.getByTestId("older-loading");
  }

  /** @param {string} [search] e.g. "?chat=…" */
  async goto(search = "") {
    await this.page.goto(new URL(`/${search}`, this.baseUrl).href);
  }

  /** Opens the chat page and waits until it is shown. @param {string} [search] e.g. "?chat=…" */
  async open(search = "") {
    await this.goto(search);
    await this.isShown();
  }

  async isShown() {
    await this.page.waitForURL((url) => url.pathname === "/");
    await this.newChatButton.waitFor();
    await this.input.waitFor();
  }

  /** @param {string} text */
  async send(text) {
    await this.input.fill(text);
    await this.input.press("Enter");
  }

  lastAnswer() {
    return this.assistantMessages.last();
  }

  /** The message whose text contains `text`. @param {string} text */
  message(text) {
    return this.messages.filter({ hasText: text });
  }

  /** Scrolls the conversation to the top of what is loaded, as a reader going back would. */
  async scrollToTop() {
    await this.scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  }

  /** Whether the message with `text` is within the visible part of the conversation. @param {string} text */
  async isInView(text) {
    const [box, view] = await Promise.all([this.message(text).boundingBox(), this.scroller.boundingBox()]);
    return Boolean(box && view && box.y + box.height > view.y && box.y < view.y + view.height);
  }

  /** Waits until no answer is running (the Send button is back). */
  async waitUntilIdle() {
    await this.sendButton.waitFor();
  }

  /** The sidebar entry with this exact title. @param {string} title */
  entry(title) {
    return this.chatEntries.filter({ has: this.page.getByTestId("chat-title").getByText(title, { exact: true }) });
  }

  /** @param {string} title */
  async openChat(title) {
    await this.entry(title).getByRole("button", { name: new RegExp(`^${escape(title)}`) }).click();
  }

  /** @param {string} title */
  async openChatActions(title) {
    await this.page.getByRole("button", { name: `Actions for ${title}`, exact: true }).click();
  }

  /** @param {string} title @param {string} newTitle */
  async rename(title, newTitle) {
    await this.openChatActions(title);
    await this.page.getByRole("menuitem", { name: "Rename" }).click();
    const dialog = this.page.getByTestId("rename-dialog");
    await dialog.getByRole("textbox", { name: "Title" }).fill(newTitle);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
  }

  /** Opens the delete confirmation for a chat and returns the dialog. @param {string} title */
  async askToDelete(title) {
    await this.openChatActions(title);
    await this.page.getByRole("menuitem", { name: "Delete" }).click();
    return this.page.getByTestId("delete-dialog");
  }

  async askToDeleteAll() {
    await this.page.getByRole("button", { name: "Delete all", exact: true }).click();
    return this.page.getByTestId("delete-all-dialog");
  }

  async openModelPicker() {
    await this.modelPicker.click();
    return this.page.getByRole("menu").first();
  }

  /** @param {string} name the model's name as listed */
  async chooseModel(name) {
    const menu = await this.openModelPicker();
    await menu.getByRole("menuitem", { name, exact: true }).click();
  }

  /** @param {string[]} paths */
  async attach(paths) {
    await this.fileInput.setInputFiles(paths);
  }

  /** @param {string} code e.g. "ja" @param {string} currentLabel the select's label in the current language */
  async chooseLanguage(code, currentLabel = "Language") {
    await this.page.getByLabel(currentLabel, { exact: true }).selectOption(code);
  }

  async openUserMenu() {
    await this.userMenuButton.click();
    await this.page.getByRole("menu").waitFor();
  }

  async logout() {
    await this.page.getByRole("menuitem", { name: "Logout" }).click();
  }

  /** Opens user administration from the user menu (administrators only). */
  async openUsers() {
    await this.openUserMenu();
    await this.page.getByRole("menuitem", { name: "Users" }).click();
  }
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
