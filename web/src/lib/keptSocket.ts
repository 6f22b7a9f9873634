/**
 * A WebSocket to one of the server's push channels (`/api/events/ws`, `/api/desk/ws`),
 * kept open until its owner lets go. Browsers cannot set headers on a WebSocket, so the
 * access token goes as a subprotocol (`bearer.<token>`) next to the channel's protocol.
 */

/** A push channel's address (`path`) on this page's origin, for `tenantId`. */
export function socketUrl(path: string, tenantId: string, origin: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = origin.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${origin.host}${path}?tenant=${encodeURIComponent(tenantId)}`;
}

/** A socket message's JSON object; null for anything else. */
export function jsonObject(data: unknown): Record<string, unknown> | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

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

export type KeptSocketOptions = {
  /** The socket's address. */
  url: string;
  /** The channel's protocol name, sent before the token. */
  protocol: string;
  /** The access token to open with, read (and refreshed when stale) at every attempt. */
  token: () => Promise<string | null>;
  /** Each message's data, as the socket delivered it. */
  onMessage: (data: unknown) => void;
  /** The socket opened; `afterDown` when an attempt before this one failed or closed. */
  onOpen?: (afterDown: boolean) => void;
  /** The socket went down (a reconnect follows). */
  onDown?: () => void;
  random?: () => number;
};

/**
 * Opens the socket and, on every close, reconnects after `reconnectDelay` (reset once a
 * connection opens), each time with the token current then — so a token refreshed
 * meanwhile is the one sent. Without a token (signed out) it stops trying. The returned
 * function closes it for good.
 */
export function keepSocketOpen({ url, protocol, token, onMessage, onOpen, onDown, random }: KeptSocketOptions): () => void {
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
    const ws = new WebSocket(url, [protocol, `bearer.${current}`]);
    socket = ws;
    ws.onopen = () => {
      onOpen?.(attempt > 0);
      attempt = 0;
    };
    ws.onmessage = (message: MessageEvent) => onMessage(message.data);
    ws.onclose = () => {
      if (socket === ws) socket = null;
      onDown?.();
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
