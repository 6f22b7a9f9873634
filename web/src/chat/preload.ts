import { isSignedIn, useAuthStore } from "../auth/store";
import { prefetchChat } from "./historyCache";

/** The chat page's code: a chunk of its own, so visitors never download it. */
export const loadChatPage = () => import("./ChatPage");

/**
 * For a signed-in user, fetches the chat page's code and the open chat's history side
 * by side as the app starts, instead of one after the other.
 */
export function preloadChatPage(search: string): void {
  if (!isSignedIn(useAuthStore.getState())) return;
  void loadChatPage();
  const chatId = new URLSearchParams(search).get("chat");
  if (chatId) prefetchChat(chatId);
}
