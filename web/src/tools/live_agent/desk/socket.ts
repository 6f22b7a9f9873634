import { DESK_PROTOCOL, deskSocketUrl, parseDeskEvent } from "../api/desk";
import type { DeskEvent } from "../api/deskTypes";
import { keepSocketOpen } from "../../../lib/keptSocket";

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
 * way the chat list's events socket is kept (`keepSocketOpen`).
 */
export function connectDesk({ tenantId, token, onEvent, onLive, random }: Options): () => void {
  return keepSocketOpen({
    url: deskSocketUrl(tenantId),
    protocol: DESK_PROTOCOL,
    token,
    random,
    onMessage: (data) => {
      const event = parseDeskEvent(data);
      if (event) onEvent(event);
    },
    onOpen: () => onLive(true),
    onDown: () => onLive(false),
  });
}
