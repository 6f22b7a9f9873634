import { loadChat } from "../api/chats";
import type { ChatHistory } from "../generated/ChatHistory";
import { MESSAGE_PAGE_SIZE } from "./paging";

const early = new Map<string, Promise<ChatHistory>>();

/** Starts loading a chat before the page that shows it has loaded. */
export function prefetchChat(id: string): void {
  if (early.has(id)) return;
  const pending = loadChat(id, MESSAGE_PAGE_SIZE);
  pending.catch(() => undefined); // Reported when taken; never an unhandled rejection.
  early.set(id, pending);
}

/**
 * The chat's newest page of history: the early load if one was started (used once), else
 * a fresh one.
 */
export function takeChat(id: string, signal?: AbortSignal): Promise<ChatHistory> {
  const pending = early.get(id);
  early.delete(id);
  return pending ?? loadChat(id, MESSAGE_PAGE_SIZE, signal);
}
