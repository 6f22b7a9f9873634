import type { CannedReply, DeskSession, DeskStatus, LiveMessage, QueueEntry, SenderKind, SessionDetail } from "../api/deskTypes";
import type { UploadResponse } from "../../../generated/UploadResponse";
import { FakeWebSocket } from "../../../test/fakeWebSocket";
import { type Call, json } from "../../../test/fetchMock";

/** Where the fake file service keeps what is uploaded, as the real one does. */
export const VIEW_PREFIX = "/api/file-app/v1/file/view/";

/** The desk's socket as the app opened it (the newest one on `/api/desk/ws`). */
export function deskSocket(): FakeWebSocket | undefined {
  return FakeWebSocket.sockets.filter((s) => new URL(s.url).pathname === "/api/desk/ws").at(-1);
}

/** A stored session: the session, its messages, the AI conversation before it, and when it was queued. */
export type FakeSession = SessionDetail & { queuedAt: number; agent: string | null };

type SessionSeed = {
  name: string;
  email?: string;
  facilityId?: string | null;
  preview?: string;
  /** Seconds it has waited already. */
  waited?: number;
  status?: DeskSession["status"];
  /** The agent who claimed it: `me` (the signed-in agent) or another's id. */
  agent?: string | null;
  conversation?: unknown[];
  messages?: LiveMessage[];
};

/** A session as the fake stores it; `waited` seconds before now. */
export function deskSession(id: string, seed: SessionSeed): FakeSession {
  const queuedAt = Date.now() - (seed.waited ?? 0) * 1000;
  const status = seed.status ?? "queued";
  return {
    session: {
      id,
      status,
      customer: { name: seed.name, email: seed.email ?? `${seed.name.split(" ")[0]!.toLowerCase()}@carrier.test` },
      facilityId: seed.facilityId === undefined ? "dc-ontario" : seed.facilityId,
      groupId: `group-${id}`,
      preview: seed.preview ?? "",
      createdAt: new Date(queuedAt).toISOString(),
      claimedAt: status === "queued" ? null : new Date().toISOString(),
      closedAt: status === "closed" ? new Date().toISOString() : null,
      resolution: null,
    },
    messages: seed.messages ?? [],
    conversation: seed.conversation ?? [],
    queuedAt,
    agent: status === "queued" ? null : (seed.agent ?? "me"),
  };
}

/** A message of a session in the wire form. */
export function liveMessage(id: string, senderKind: SenderKind, content: string, extra: Partial<LiveMessage> = {}): LiveMessage {
  return {
    id,
    content,
    sender: senderKind === "system" ? "system" : `${senderKind}-user`,
    senderKind,
    sendId: `${senderKind}-im`,
    timestamp: Date.now(),
    type: 0,
    groupId: "group",
    sendNickName: senderKind === "agent" ? "Grace" : "",
    userAvatar: "",
    ...extra,
  };
}

type Options = {
  sessions?: FakeSession[];
  canned?: CannedReply[];
  status?: DeskStatus;
  /** Who is asking: an agent, an administrator who is not one, or a member who is neither. */
  role?: "agent" | "admin" | "member";
  /** Agents online besides the signed-in one. */
  otherAgentsOnline?: number;
};

const refused = (status: number, code: string, message: string) => json(status, { code, message });

/**
 * The desk API (`/api/desk`, docs/live-agent.md "The desk") in memory, for component
 * tests, with the file upload the desk sends images through. It answers in the
 * contract's JSON and, like the server, pushes the desk socket's events to every open
 * desk socket: the queue when it changes, messages and session changes of the signed-in
 * agent's sessions. `handler` returns undefined for other paths, so it can be a
 * `fakeServer` override. Helpers act for the other side: a customer joining the queue or
 * writing, another agent claiming first.
 */
export function fakeDeskServer({ sessions = [], canned = [], status = "online", role = "agent", otherAgentsOnline = 0 }: Options = {}) {
  const store = new Map(sessions.map((s) => [s.session.id, s]));
  const replies = new Map(canned.map((c) => [c.id, { ...c }]));
  let presence: DeskStatus = status;
  let counter = 0;
  let uploads = 0;
  const nextId = (prefix: string) => `${prefix}-${++counter}`;

  const queue = (): QueueEntry[] =>
    [...store.values()]
      .filter((s) => s.session.status === "queued")
      .sort((a, b) => a.queuedAt - b.queuedAt)
      .map((s) => ({
        id: s.session.id,
        customer: s.session.customer,
        facilityId: s.session.facilityId,
        waitingSeconds: Math.floor((Date.now() - s.queuedAt) / 1000),
        preview: s.session.preview,
      }));
  const mine = () => [...store.values()].filter((s) => s.agent === "me" && s.session.status === "active").map((s) => s.session);

  /** Sends an event to every open desk socket, as the server's registry does. */
  const push = (event: unknown) => {
    for (const socket of FakeWebSocket.sockets) {
      if (new URL(socket.url).pathname === "/api/desk/ws" && socket.readyState === FakeWebSocket.OPEN) socket.push(event);
    }
  };
  const pushQueue = () => push({ type: "queue", queue: queue() });

  const stats = () => {
    const today = [...store.values()];
    const waits = today.map((s) => Math.floor(((s.session.claimedAt ? Date.parse(s.session.claimedAt) : Date.now()) - s.queuedAt) / 1000));
    return {
      queueLength: queue().length,
      averageWaitSeconds: waits.length ? Math.round(waits.reduce((a, b) => a + b, 0) / waits.length) : 0,
      longestWaitSeconds: waits.length ? Math.max(...waits) : 0,
      activeSessions: today.filter((s) => s.session.status === "active").length,
      agentsOnline: otherAgentsOnline + (role === "agent" && presence === "online" ? 1 : 0),
    };
  };

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    if (url.pathname === "/api/file-app/v1/file/upload" && call.method === "POST") {
      const filename = url.searchParams.get("filename") ?? "file";
      const answer: UploadResponse = {
        success: true,
        msg: "success",
        data: { id: `file-${++uploads}`, filename, non_expire_view_url: `${VIEW_PREFIX}tok-${uploads}/${encodeURIComponent(filename)}`, mime_type: "image/png", size: 68, watermarked: false },
      };
      return json(200, answer);
    }
    if (!url.pathname.startsWith("/api/desk/")) return undefined;
    const path = url.pathname.slice("/api/desk".length);
    if (role === "member") return refused(403, "forbidden", "Only agents of this tenant can do this");
    if (path === "/stats") return json(200, stats());
    if (path === "/canned" && call.method === "GET") return json(200, [...replies.values()]);
    if (path === "/canned" && call.method === "POST") {
      const body = call.body as { title?: string; text?: string };
      if (!body.title?.trim() || !body.text?.trim()) return refused(400, "invalid_body", "A canned reply needs a title and a text");
      const reply = { id: nextId("canned"), title: body.title, text: body.text };
      replies.set(reply.id, reply);
      return json(201, reply);
    }
    const cannedId = /^\/canned\/([^/]+)$/.exec(path)?.[1];
    if (cannedId && call.method === "DELETE") {
      return replies.delete(decodeURIComponent(cannedId)) ? new Response(null, { status: 204 }) : refused(404, "not_found", "Canned reply not found");
    }
    if (role !== "agent") return refused(403, "forbidden", "Only agents of this tenant can do this");
    if (path === "/me" && call.method === "GET") return json(200, { status: presence, canned: [...replies.values()] });
    if (path === "/me" && call.method === "PUT") {
      const wanted = (call.body as { status?: string }).status;
      if (wanted !== "online" && wanted !== "away") return refused(400, "invalid_body", "status must be online or away");
      presence = wanted;
      return json(200, { status: presence, canned: [...replies.values()] });
    }
    if (path === "/queue") return json(200, queue());
    if (path === "/sessions" && url.searchParams.get("mine") === "true") return json(200, mine());

    const match = /^\/sessions\/([^/]+)(?:\/(claim|messages|close))?$/.exec(path);
    const stored = match ? store.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !stored) return refused(404, "not_found", "Session not found");
    const { session } = stored;
    const action = match[2];
    if (!action && call.method === "GET") {
      if (stored.agent !== null && stored.agent !== "me") return refused(404, "not_found", "Session not found");
      return json(200, { session, messages: stored.messages, conversation: stored.conversation });
    }
    if (action === "claim" && call.method === "POST") {
      if (session.status !== "queued") return refused(409, "conflict", "This session was claimed by another agent");
      session.status = "active";
      session.claimedAt = new Date().toISOString();
      stored.agent = "me";
      pushQueue();
      push({ type: "session", session });
      return json(200, session);
    }
    if (action === "messages" && call.method === "POST") {
      const body = call.body as { content?: string; type?: number };
      if (body.type !== 0 && body.type !== 1) return refused(400, "invalid_body", "type must be 0 (text) or 1 (image)");
      if (session.status !== "active" || stored.agent !== "me") return refused(409, "conflict", `Cannot send message while in state: ${session.status}`);
      const content = body.content ?? "";
      if (body.type === 1 && !content.startsWith(VIEW_PREFIX)) return refused(400, "invalid_body", "An image must be a link to a Waybill file");
      if (body.type === 0 && (!content.trim() || content.length > 4000)) return refused(400, "invalid_body", "content must be 1 to 4000 characters");
      const message = liveMessage(nextId("msg"), "agent", content, { type: body.type, groupId: session.groupId });
      stored.messages.push(message);
      push({ type: "message", sessionId: session.id, message });
      return json(200, { sendId: message.sendId, id: message.id, timestamp: message.timestamp });
    }
    if (action === "close" && call.method === "POST") {
      const resolution = (call.body as { resolution?: string }).resolution ?? "";
      if (!resolution.trim()) return refused(400, "invalid_body", "resolution is required");
      if (Array.from(resolution).length > 2000) return refused(400, "invalid_body", "resolution must be at most 2000 characters");
      if (session.status !== "active" || stored.agent !== "me") return refused(409, "conflict", `Cannot close while in state: ${session.status}`);
      session.status = "closed";
      session.closedAt = new Date().toISOString();
      session.resolution = resolution;
      push({ type: "session", session });
      return json(200, {});
    }
    return refused(405, "method_not_allowed", "Method not allowed");
  };

  return {
    handler,
    store,
    replies,
    queue,
    presence: () => presence,
    /** A customer asks for a person: they join the queue, and open desks are told. */
    enqueue(session: FakeSession) {
      store.set(session.session.id, session);
      pushQueue();
    },
    /** Another agent claims first; `tell` false leaves this desk to find out when it tries. */
    claimByOther(id: string, tell = true) {
      const stored = store.get(id)!;
      stored.session.status = "active";
      stored.session.claimedAt = new Date().toISOString();
      stored.agent = "agent-2";
      if (tell) pushQueue();
    },
    /**
     * This agent claims in another tab: the queue is pushed first, the session change
     * after it (as the server's events may arrive).
     */
    claimInAnotherTab(id: string) {
      const stored = store.get(id)!;
      stored.session.status = "active";
      stored.session.claimedAt = new Date().toISOString();
      stored.agent = "me";
      pushQueue();
      push({ type: "session", session: stored.session });
    },
    /** The customer writes in one of the agent's sessions. */
    customerSays(id: string, content: string, extra: Partial<LiveMessage> = {}) {
      const stored = store.get(id)!;
      const message = liveMessage(nextId("msg"), "customer", content, { groupId: stored.session.groupId, ...extra });
      stored.messages.push(message);
      push({ type: "message", sessionId: id, message });
      return message;
    },
  };
}
