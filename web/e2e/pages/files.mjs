/**
 * Files in the chat: asking the assistant to show one, its card, and the file viewer it
 * opens in the side panel.
 */
export class FilesPage {
  /** @param {import('./chat.mjs').ChatPage} chat */
  constructor(chat) {
    this.chat = chat;
    this.page = chat.page;
  }

  /** The persisted-file card in the last answer. */
  lastCard() {
    return this.chat.lastAnswer().locator('[data-testid="tool-card"][data-tool="displayFileTool"]');
  }

  /** The viewer showing a file, by the viewer it got (csv, pdf, markdown, html, image, …). */
  viewer(kind) {
    return this.page.locator(`[data-testid="file-viewer"][data-kind="${kind}"]`);
  }

  /** A message's attachment (its chip, or its image's thumbnail), by the file's name. @param {string} fileName */
  attachment(fileName) {
    return this.page.getByRole("button", { name: `Open ${fileName}`, exact: true });
  }

  /**
   * Opens a message's attachment in the side panel by clicking it; returns the viewer.
   * @param {string} fileName @param {string} kind
   */
  async openAttachment(fileName, kind) {
    await this.attachment(fileName).click();
    const viewer = this.viewer(kind);
    await viewer.waitFor();
    return viewer;
  }

  /**
   * Asks the assistant to show a stored file (the offline model calls displayFileTool
   * for "show file {name}"), then opens the card in the side panel; returns the viewer.
   * @param {string} fileName @param {string} kind
   */
  async open(fileName, kind) {
    // A message sent before the model list arrives goes to the default model, which an
    // offline server does not have.
    await this.chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
    await this.chat.send(`show file ${fileName}`);
    const card = this.lastCard();
    await card.getByTestId("tool-title").getByText(fileName, { exact: true }).waitFor({ timeout: 30_000 });
    await this.chat.waitUntilIdle();
    await card.getByRole("button", { name: `Open ${fileName} in the file viewer` }).click();
    const viewer = this.viewer(kind);
    await viewer.waitFor();
    return viewer;
  }
}
