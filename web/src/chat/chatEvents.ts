import type { ChatEvent } from "../generated/ChatEvent";
import { isRecord } from "./types";

/**
 * The chat list's live changes (`GET /api/events/ws?tenant=…`): the server pushes a
 * `ChatEvent` whenever one of the user's chats is created, changed or deleted — in this
 * tab, another, or on another device. Browsers cannot set headers on a WebSocket, so the
 * access token goes as a subprotocol next to the protocol's name.
 */
export const EVENTS_PROTOCOL = "waybill.events.v1";

/** The first reconnect waits about this long; each failure doubles it, up to the maximum. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 first): exponential, capped,
 * with jitter (half to all of it), so tabs that lost the server together do not all come
 * back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The socket's address on this page's origin (the dev server proxies it like the API). */
export function eventsUrl(tenantId: string, origin: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = origin.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${origin.host}/api/events/ws?tenant=${encodeURIComponent(tenantId)}`;
}

/** A message from the socket as a `ChatEvent`; null for anything else (a newer server's kinds included). */
export function parseChatEvent(text: unknown): ChatEvent | null {
  if (typeof text !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
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
 * Keeps the events socket open until the returned function is called: on a close it
 * reconnects after `reconnectDelay` (reset once a connection opens), each time with the
 * token current then — so a token refreshed meanwhile is the one sent. Without a token
 * (signed out) it stops trying.
 */
export function connectChatEvents({ tenantId, token, onEvent, onReconnected, random }: Options): () => void {
  let closed = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(() => void open(), reconnectDelay(attempt, random));
    attempt += 1;
  };

  const open = async () => {
    let current: string | null;
    try {
      current = await token();
    } catch {
      // The refresh failed for now (the server is down): try again later.
      retry();
      return;
    }
    if (closed || !current) return;
    const ws = new WebSocket(eventsUrl(tenantId), [EVENTS_PROTOCOL, `bearer.${current}`]);
    socket = ws;
    ws.onopen = () => {
      // Any attempt before this one means the socket was down (or never up) for a while.
      if (attempt > 0) onReconnected?.();
      attempt = 0;
    };
    ws.onmessage = (message: MessageEvent) => {
      const event = parseChatEvent(message.data);
      if (event) onEvent(event);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      retry();
    };
  };

  void open();
  return () => {
    closed = true;
    clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  };
}
