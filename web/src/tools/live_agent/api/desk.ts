import { jsonObject, socketUrl } from "../../../lib/keptSocket";
import { isRecord } from "../../../lib/values";
import { api } from "../../../api/client";
import type {
  CannedReply,
  CloseSession,
  DeskEvent,
  DeskMe,
  DeskPresence,
  DeskSession,
  DeskStats,
  DeskStatus,
  LiveMessage,
  NewCannedReply,
  NewDeskMessage,
  QueueEntry,
  SessionDetail,
} from "./deskTypes";

/**
 * The agents' desk (`/api/desk`, docs/live-agent.md "The desk"): members with the `agent`
 * role take the tenant's queue; administrators read the statistics. Another tenant's
 * session answers 404, exactly like one that does not exist.
 */
const session = (id: string) => `/api/desk/sessions/${encodeURIComponent(id)}`;

/** The most characters a resolution note holds (the server refuses more with 400). */
export const RESOLUTION_MAX_CHARS = 2_000;
/** The most characters a message holds (the server refuses more with 400). */
export const MESSAGE_MAX_CHARS = 4_000;

/** What a send answers, as the customer's send does. */
export type SentMessage = { sendId: string; id: string; timestamp: number };

export function getDeskMe(signal?: AbortSignal): Promise<DeskMe> {
  return api.get<DeskMe>("/api/desk/me", { signal });
}

export function setDeskStatus(status: DeskStatus): Promise<DeskMe | undefined> {
  const body: DeskPresence = { status };
  return api.put<DeskMe | undefined>("/api/desk/me", body);
}

/** The waiting sessions, oldest first. */
export function getQueue(signal?: AbortSignal): Promise<QueueEntry[]> {
  return api.get<QueueEntry[]>("/api/desk/queue", { signal });
}

/** The caller's active sessions. */
export function getMySessions(signal?: AbortSignal): Promise<DeskSession[]> {
  return api.get<DeskSession[]>("/api/desk/sessions?mine=true", { signal });
}

export function getSession(id: string, signal?: AbortSignal): Promise<SessionDetail> {
  return api.get<SessionDetail>(session(id), { signal });
}

/** Takes a waiting session; 409 with the server's sentence when another agent took it first. */
export function claimSession(id: string): Promise<DeskSession | undefined> {
  return api.post<DeskSession | undefined>(`${session(id)}/claim`);
}

export function sendDeskMessage(id: string, body: NewDeskMessage): Promise<SentMessage> {
  return api.post<SentMessage>(`${session(id)}/messages`, body);
}

/** Ends a session with what was done about it. */
export function closeSession(id: string, resolution: string): Promise<unknown> {
  const body: CloseSession = { resolution };
  return api.post<unknown>(`${session(id)}/close`, body);
}

export function listCanned(signal?: AbortSignal): Promise<CannedReply[]> {
  return api.get<CannedReply[]>("/api/desk/canned", { signal });
}

export function addCanned(body: NewCannedReply): Promise<CannedReply> {
  return api.post<CannedReply>("/api/desk/canned", body);
}

export function deleteCanned(id: string): Promise<void> {
  return api.delete<void>(`/api/desk/canned/${encodeURIComponent(id)}`);
}

export function getDeskStats(signal?: AbortSignal): Promise<DeskStats> {
  return api.get<DeskStats>("/api/desk/stats", { signal });
}

// ---- the desk socket ---------------------------------------------------------

/**
 * The subprotocol named next to `bearer.<token>`: browsers cannot set headers on a
 * WebSocket, so the token travels as a subprotocol, as on `/api/events/ws`.
 */
export const DESK_PROTOCOL = "waybill.desk.v1";

/** The desk socket's address on this page's origin (the dev server proxies it like the API). */
export function deskSocketUrl(tenantId: string, origin: Pick<Location, "protocol" | "host"> = window.location): string {
  return socketUrl("/api/desk/ws", tenantId, origin);
}

/** A socket message as a `DeskEvent`; null for anything else (a newer server's kinds included). */
export function parseDeskEvent(text: unknown): DeskEvent | null {
  const value = jsonObject(text);
  if (!value) return null;
  switch (value.type) {
    case "queue":
      return Array.isArray(value.queue) ? { type: "queue", queue: value.queue.filter(isRecord) as QueueEntry[] } : null;
    case "message":
      return typeof value.sessionId === "string" && isRecord(value.message) && typeof value.message.id === "string"
        ? { type: "message", sessionId: value.sessionId, message: value.message as LiveMessage }
        : null;
    case "session":
      return isRecord(value.session) && typeof value.session.id === "string" ? { type: "session", session: value.session as DeskSession } : null;
    default:
      return null;
  }
}
