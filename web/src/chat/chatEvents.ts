import type { ChatEvent } from "../generated/ChatEvent";
import { jsonObject, keepSocketOpen, socketUrl } from "../lib/keptSocket";

/**
 * The chat list's live changes (`GET /api/events/ws?tenant=…`): the server pushes a
 * `ChatEvent` whenever one of the user's chats is created, changed or deleted — in this
 * tab, another, or on another device. Browsers cannot set headers on a WebSocket, so the
 * access token goes as a subprotocol next to the protocol's name.
 */
export const EVENTS_PROTOCOL = "waybill.events.v1";

export { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from "../lib/keptSocket";

/** The socket's address on this page's origin (the dev server proxies it like the API). */
export function eventsUrl(tenantId: string, origin: Pick<Location, "protocol" | "host"> = window.location): string {
  return socketUrl("/api/events/ws", tenantId, origin);
}

/** A message from the socket as a `ChatEvent`; null for anything else (a newer server's kinds included). */
export function parseChatEvent(text: unknown): ChatEvent | null {
  const value = jsonObject(text);
  if (!value) return null;
  const { kind, chatId } = value;
  if (kind === "cleared") return { kind };
  if ((kind === "created" || kind === "updated" || kind === "deleted") && typeof chatId === "string") return { kind, chatId };
  return null;
}

type Options = {
  tenantId: string;
  /** The access token to open with, read (and refreshed when stale) at every attempt. */
  token: () => Promise<string | null>;
  onEvent: (event: ChatEvent) => void;
  /** The socket is open again after being down: events may have been missed meanwhile. */
  onReconnected?: () => void;
  random?: () => number;
};

/**
 * Keeps the events socket open until the returned function is called (`keepSocketOpen`):
 * after a time down, `onReconnected` says events may have been missed meanwhile.
 */
export function connectChatEvents({ tenantId, token, onEvent, onReconnected, random }: Options): () => void {
  return keepSocketOpen({
    url: eventsUrl(tenantId),
    protocol: EVENTS_PROTOCOL,
    token,
    random,
    onMessage: (data) => {
      const event = parseChatEvent(data);
      if (event) onEvent(event);
    },
    onOpen: (afterDown) => {
      if (afterDown) onReconnected?.();
    },
  });
}
