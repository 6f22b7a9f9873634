import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { freshAccessToken } from "../../../api/client";
import type { DeskSession, LiveMessage, QueueEntry, SessionDetail } from "../api/deskTypes";
import { useAuthStore } from "../../../auth/store";
import { applyMessage, deskKeys, useDeskOwner } from "./queries";
import { connectDesk } from "./socket";

type Options = {
  /** Only agents open the socket. */
  enabled: boolean;
  /** A message of one of the agent's sessions arrived. */
  onMessage?: (sessionId: string, message: LiveMessage) => void;
  /** A session was claimed, closed or sent back to the queue. */
  onSession?: (session: DeskSession) => void;
};

/**
 * Keeps the desk current from its socket: the queue replaced as pushed, messages added
 * to their session, a session's change applied and the agent's list read again. Answers
 * whether the socket is up; while it is down the queries poll (`POLL_MS`), and when it
 * comes back everything is read again, since pushes may have been missed meanwhile.
 */
export function useDeskLive({ enabled, onMessage, onSession }: Options): boolean {
  const client = useQueryClient();
  const { tenantId, userId } = useDeskOwner();
  const signedIn = useAuthStore((s) => s.refreshToken !== null);
  const [live, setLive] = useState(false);
  const handlers = useRef({ onMessage, onSession });
  useEffect(() => {
    handlers.current = { onMessage, onSession };
  });

  useEffect(() => {
    if (!enabled || !signedIn || !tenantId) return;
    let wasDown = false;
    const stop = connectDesk({
      tenantId,
      token: freshAccessToken,
      onLive: (up) => {
        setLive(up);
        if (!up) wasDown = true;
        else if (wasDown) void client.invalidateQueries({ queryKey: deskKeys.all(tenantId, userId) });
      },
      onEvent: (event) => {
        switch (event.type) {
          case "queue":
            client.setQueryData<QueueEntry[]>(deskKeys.queue(tenantId, userId), event.queue);
            void client.invalidateQueries({ queryKey: deskKeys.stats(tenantId, userId) });
            break;
          case "message":
            applyMessage(client, deskKeys.session(tenantId, userId, event.sessionId), event.message);
            handlers.current.onMessage?.(event.sessionId, event.message);
            break;
          case "session":
            client.setQueryData<SessionDetail>(deskKeys.session(tenantId, userId, event.session.id), (detail) =>
              detail ? { ...detail, session: { ...detail.session, ...event.session } } : detail,
            );
            void client.invalidateQueries({ queryKey: deskKeys.mine(tenantId, userId) });
            handlers.current.onSession?.(event.session);
            break;
        }
      },
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [enabled, signedIn, tenantId, userId, client]);

  return live;
}
