import { DESK_PROTOCOL, deskSocketUrl, parseDeskEvent } from "../api/desk";
import type { DeskEvent } from "../api/deskTypes";
import { reconnectDelay } from "../chat/chatEvents";

type Options = {
  tenantId: string;
  /** The access token to open with, read (and refreshed when stale) at every attempt. */
  token: () => Promise<string | null>;
  onEvent: (event: DeskEvent) => void;
  /** The socket opened (`true`) or went down (`false`): while it is down, the desk polls. */
  onLive: (live: boolean) => void;
  random?: () => number;
};

/**
 * Keeps the desk socket (`/api/desk/ws`) open until the returned function is called, the
 * way the chat list's events socket is kept: on a close it reconnects after
 * `reconnectDelay` (reset once a connection opens), each time with the token current then.
 * Without a token (signed out) it stops trying.
 */
export function connectDesk({ tenantId, token, onEvent, onLive, random }: Options): () => void {
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
      retry();
      return;
    }
    if (closed || !current) return;
    const ws = new WebSocket(deskSocketUrl(tenantId), [DESK_PROTOCOL, `bearer.${current}`]);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onLive(true);
    };
    ws.onmessage = (message: MessageEvent) => {
      const event = parseDeskEvent(message.data);
      if (event) onEvent(event);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      onLive(false);
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
