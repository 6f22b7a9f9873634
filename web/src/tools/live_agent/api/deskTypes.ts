/**
 * The desk's wire types (`/api/desk`, docs/live-agent.md, "The desk"), in one file: the
 * generated types replace these once the server exports them, and nothing else changes.
 */

/** An agent's availability: online agents are told when someone joins the queue. */
export type DeskStatus = "online" | "away";

/** A reply an agent inserts and edits before sending; the tenant's agents share them. */
export type CannedReply = { id: string; title: string; text: string };

/** `GET /api/desk/me`. */
export type DeskMe = { status: DeskStatus; canned: CannedReply[] };

/** `PUT /api/desk/me`. */
export type DeskPresence = { status: DeskStatus };

/** Who is waiting, as the customer gave it when they asked for a person. */
export type DeskCustomer = { name: string; email: string };

/** One waiting customer, `GET /api/desk/queue` (oldest first). */
export type QueueEntry = {
  id: string;
  customer: DeskCustomer;
  facilityId: string | null;
  /** Seconds in the queue when the server answered. */
  waitingSeconds: number;
  /** The first words of the customer's question. */
  preview: string;
};

/** A session's state (docs/live-agent.md, "A session's status"). */
export type SessionStatus = "queued" | "active" | "closed";

/** A session as the desk lists it (`GET /api/desk/sessions?mine=true`) and pushes it. */
export type DeskSession = {
  id: string;
  status: SessionStatus;
  customer: DeskCustomer;
  facilityId: string | null;
  groupId: string;
  /** The first words of the customer's question. */
  preview: string;
  /** RFC 3339. */
  createdAt: string;
  claimedAt: string | null;
  closedAt: string | null;
  resolution: string | null;
};

/** Who wrote a message (`live_messages.sender_kind`). */
export type SenderKind = "customer" | "agent" | "system";

/** Message types: 0 text, 1 image (its `content` is the image's Waybill file link), 2 file. */
export type MessageType = 0 | 1 | 2;

/** A message of a session, in the wire form of spec 002 §3 with who wrote it. */
export type LiveMessage = {
  id: string;
  content: string;
  /** The sender's user id, or "system". */
  sender: string;
  senderKind: SenderKind;
  sendId: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  type: MessageType;
  groupId: string;
  sendNickName: string;
  userAvatar: string;
};

/** `GET /api/desk/sessions/{id}`: the session, its messages, and the AI conversation before the hand-over. */
export type SessionDetail = {
  session: DeskSession;
  messages: LiveMessage[];
  /** The chat's UI messages (`{id, role, parts, metadata}`), read only; empty when the chat is gone. */
  conversation: unknown[];
};

/** `POST /api/desk/sessions/{id}/messages`. */
export type NewDeskMessage = { content: string; type: 0 | 1 };

/** `POST /api/desk/sessions/{id}/close`. */
export type CloseSession = { resolution: string };

/** `POST /api/desk/canned`. */
export type NewCannedReply = { title: string; text: string };

/** `GET /api/desk/stats`: today's figures for the tenant. */
export type DeskStats = {
  queueLength: number;
  averageWaitSeconds: number;
  longestWaitSeconds: number;
  activeSessions: number;
  agentsOnline: number;
};

/** What the desk socket pushes. */
export type DeskEvent =
  | { type: "queue"; queue: QueueEntry[] }
  | { type: "message"; sessionId: string; message: LiveMessage }
  | { type: "session"; session: DeskSession };
