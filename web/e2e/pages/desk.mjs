/**
 * /desk, the agents' desk: who waits in the queue, the selected customer's conversation
 * with the assistant, claiming, writing (text, images, canned replies) and closing.
 * Names are the English ones.
 */
export class DeskPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.heading = page.getByRole("heading", { level: 1, name: "Agent desk" });
    this.queueEntries = page.getByTestId("desk-queue-entry");
    this.mineEntries = page.getByTestId("desk-mine-entry");
    this.session = page.getByTestId("desk-session");
    this.aiConversation = page.getByTestId("desk-ai-conversation");
    this.aiMessages = page.getByTestId("desk-ai-message");
    this.messages = page.getByTestId("desk-message");
    this.claimButton = page.getByRole("button", { name: "Claim", exact: true });
    this.reply = page.getByRole("textbox", { name: "Reply", exact: true });
    this.sendButton = this.session.getByRole("button", { name: "Send", exact: true });
    this.imageInput = page.getByTestId("desk-image-input");
    this.closeButton = page.getByRole("button", { name: "Close conversation", exact: true });
    this.closeDialog = page.getByRole("dialog", { name: "Close the conversation" });
    this.notices = page.getByTestId("action-notice");
  }

  async goto() {
    await this.page.goto(new URL("/desk", this.baseUrl).href);
  }

  async isShown() {
    await this.heading.waitFor();
  }

  /** The queue's row for the customer named `name`. @param {string} name */
  queueEntry(name) {
    return this.queueEntries.filter({ hasText: name });
  }

  /** The live conversation's messages from `sender` (customer, agent or system). @param {"customer" | "agent" | "system"} sender */
  messagesFrom(sender) {
    return this.page.locator(`[data-testid="desk-message"][data-sender="${sender}"]`);
  }

  /** @param {string} text */
  async send(text) {
    await this.reply.fill(text);
    await this.reply.press("Enter");
  }

  /** @param {string} path an image on disk */
  async sendImage(path) {
    await this.imageInput.setInputFiles(path);
  }

  /** Closes the open conversation with `resolution` as its note. @param {string} resolution */
  async close(resolution) {
    await this.closeButton.click();
    await this.closeDialog.getByRole("textbox", { name: "Resolution note" }).fill(resolution);
    await this.closeDialog.getByRole("button", { name: "Close", exact: true }).click();
    await this.closeDialog.waitFor({ state: "hidden" });
  }
}
