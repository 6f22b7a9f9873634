/**
 * A new chat's id, chosen here so the chat can be shown (and sent to) before the server
 * has stored it: 32 random hex digits (URL-safe, as the server requires). Uses
 * `getRandomValues`, which unlike `randomUUID` also works on plain-http deployments.
 */
export function newChatId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
