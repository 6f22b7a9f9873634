/**
 * Tool cards in the chat, as a person uses them: find a tool's card in the last answer,
 * approve or deny a call that asks first, answer a card that asks a question, read what
 * a card shows. Names are the English ones.
 */
export class ToolCards {
  /** @param {import('playwright-core').Page} page @param {import('./chat.mjs').ChatPage} chat */
  constructor(page, chat) {
    this.page = page;
    this.chat = chat;
  }

  /** The card of `tool` in the last answer. @param {string} tool */
  card(tool) {
    return this.chat.lastAnswer().locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
  }

  /** Waits until `card` is in `phase` (preparing, approval, executing, completed, failed, denied, stopped). */
  async waitForPhase(card, phase, timeout = 15_000) {
    await card.and(this.page.locator(`[data-phase="${phase}"]`)).waitFor({ timeout });
  }

  /** @param {import('playwright-core').Locator} card */
  async approve(card) {
    await card.getByRole("button", { name: "Approve", exact: true }).click();
  }

  /** Denies, giving `reason` when there is one. @param {import('playwright-core').Locator} card @param {string} [reason] */
  async deny(card, reason) {
    if (reason) await card.getByRole("textbox", { name: "Reason (optional)" }).fill(reason);
    await card.getByRole("button", { name: "Deny", exact: true }).click();
  }

  /** Types an answer into a card that asks and sends it. @param {import('playwright-core').Locator} card @param {string} text */
  async answer(card, text) {
    await card.getByRole("textbox").fill(text);
    await card.getByRole("button", { name: "Send", exact: true }).click();
  }

  /** The card's status line. @param {import('playwright-core').Locator} card */
  async status(card) {
    return card.getByTestId("tool-status").innerText();
  }
}
