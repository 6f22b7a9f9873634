import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { chatKeys } from "../../api/chats";
import { freshAccessToken } from "../../api/client";
import { useAuthStore } from "../../auth/store";
import type { ChatEvent } from "../../generated/ChatEvent";
import { useLatest } from "../../lib/useLatest";
import { connectChatEvents } from "../chatEvents";

type Options = {
  /** The chat on screen, and whether the server holds it yet. */
  openChat: { id: string; stored: boolean };
  /** The chat on screen was deleted elsewhere (alone, or with all the others). */
  onOpenChatDeleted: () => void;
};

/** Whether `event` takes the chat on screen away. */
export function deletesOpenChat(event: ChatEvent, openChat: { id: string; stored: boolean }): boolean {
  if (event.kind === "cleared") return openChat.stored;
  return event.kind === "deleted" && event.chatId === openChat.id;
}

/**
 * Keeps the sidebar's chat list live (`chatEvents.ts`): while signed in, the events
 * socket of the current tenant is open; each event — and each reconnect, which may have
 * missed some — refetches the list; a deletion of the chat on screen starts a new chat.
 * Signing out closes the socket; switching tenants opens the new tenant's.
 */
export function useChatEvents({ openChat, onOpenChatDeleted }: Options): void {
  const queryClient = useQueryClient();
  const tenantId = useAuthStore((s) => s.tenantId);
  const signedIn = useAuthStore((s) => s.refreshToken !== null);
  const latestRef = useLatest({ openChat, onOpenChatDeleted });

  useEffect(() => {
    if (!signedIn || !tenantId) return;
    // `exact`: the list only, not the open chat's history under the same prefix.
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list, exact: true });
    return connectChatEvents({
      tenantId,
      token: freshAccessToken,
      onEvent: (event) => {
        refreshList();
        if (deletesOpenChat(event, latestRef.current.openChat)) latestRef.current.onOpenChatDeleted();
      },
      onReconnected: refreshList,
    });
  }, [signedIn, tenantId, queryClient, latestRef]);
}
