import { vi } from "vitest";
import type { SocketLike } from "../liveAgent/socket";
import { type Call, json } from "./fetchMock";

/**
 * A fake of the live agent's messaging service for tests, speaking the contract's wire
 * format (docs/live-agent.md): the `/app-api` REST calls in their `{code, msg, data}`
 * envelope with the `accessToken` header, and the customer socket's `{cmd, data}` frames.
 * The test plays the agent's side: `claim()`, `agentSays()`, `closeSession()`,
 * `dropSockets()`. Hand `handle` to `mockFetch` (directly or from another fake's
 * `override`) and `createSocket` to the connection, or `install()` the socket globally.
 */

const CUSTOMER_ID = "im-customer-7";
const AGENT_ID = "im-agent-3";

type Session = { id: string; status: "queued" | "active" | "closed"; position: number; groupId: string; body: Record<string, unknown> };

const ok = (data: unknown) => json(200, { code: 0, msg: "success", data });
const refuse = (status: number, msg: string) => json(status, { code: status, msg });

export class FakeImSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** Every frame the client sent, parsed. */
  readonly frames: { cmd: number; data: unknown }[] = [];
  closedByClient = false;
  authenticated = false;
  readonly url: string;
  private readonly server: LiveAgentServer;

  constructor(url: string, server: LiveAgentServer) {
    this.url = url;
    this.server = server;
  }

  send(data: string): void {
    const frame = JSON.parse(data) as { cmd: number; data: unknown };
    this.frames.push(frame);
    this.server.receive(this, frame);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.closedByClient = true;
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code }));
  }

  /** The server accepts the connection. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }

  push(frame: unknown): void {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }

  /** The server's side closes it (a network drop by default). */
  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.(new CloseEvent("close", { code }));
  }

  fail(): void {
    this.onerror?.(new Event("error"));
  }
}

type Options = {
  site?: "primary" | "portal" | "third" | string;
  /** Where a new session starts in the queue; 0 with `agentAvailable` connects at once. */
  position?: number;
  agentAvailable?: boolean;
  /** The access token's life. */
  tokenSeconds?: number;
  /** Sockets open by themselves (false: the test calls `accept()`). */
  autoOpen?: boolean;
  /** The login names the customer's messaging id (false: the client learns it from its first send). */
  announceUserId?: boolean;
};

export type LiveAgentServer = ReturnType<typeof fakeLiveAgentServer>;

export function fakeLiveAgentServer({ site = "primary", position = 2, agentAvailable = false, tokenSeconds = 1800, autoOpen = true, announceUserId = true }: Options = {}) {
  let tokenSerial = 0;
  let messageSerial = 100;
  const valid = new Set<string>();
  const refreshTokens = new Set<string>();
  const sessions = new Map<string, Session>();
  const sockets: FakeImSocket[] = [];
  const counts = { login: 0, refresh: 0, polls: 0, lookups: 0 };
  const sent: { sessionId: string; content: string; type: number }[] = [];

  const issue = () => {
    tokenSerial += 1;
    const tokens = {
      accessToken: `im-access-${tokenSerial}`,
      refreshToken: `im-refresh-${tokenSerial}`,
      accessTokenExpiresIn: tokenSeconds,
      refreshTokenExpiresIn: 86_400,
      ...(announceUserId ? { userId: CUSTOMER_ID } : {}),
      nickName: "Grace",
    };
    valid.add(tokens.accessToken);
    refreshTokens.add(tokens.refreshToken);
    return tokens;
  };

  const current = () => [...sessions.values()].find((s) => s.status !== "closed");

  const sessionData = (s: Session) => ({
    sessionId: s.id,
    position: s.position,
    waitTime: 12,
    agentAvailable: s.status === "active",
    status: s.status,
    groupId: s.groupId,
  });

  const create = (body: Record<string, unknown>) => {
    const existing = current();
    if (existing) return existing;
    const id = `s-${sessions.size + 1}`;
    const session: Session = { id, status: agentAvailable ? "active" : "queued", position: agentAvailable ? 0 : position, groupId: `g-${id}`, body };
    sessions.set(id, session);
    return session;
  };

  const pushAll = (frame: unknown) => {
    for (const socket of sockets) if (socket.authenticated && socket.readyState === 1) socket.push(frame);
  };

  const wire = (fields: { content: string; type?: number; sender?: string; sendId?: string; nick?: string }) => {
    const session = current() ?? [...sessions.values()].at(-1);
    messageSerial += 1;
    return {
      id: messageSerial,
      content: fields.content,
      sender: fields.sender ?? AGENT_ID,
      sendId: fields.sendId ?? AGENT_ID,
      timestamp: Date.now(),
      type: fields.type ?? 0,
      groupId: session?.groupId ?? "",
      sendNickName: fields.nick ?? "Sam (Support)",
      userAvatar: "",
    };
  };

  const server = {
    counts,
    sent,
    sockets,
    sessions,
    customerId: CUSTOMER_ID,
    agentId: AGENT_ID,
    /** Every `/app-api` call and the config route; anything else is not this fake's (undefined). */
    handle(call: Call): Response | undefined {
      const url = new URL(call.path, "http://waybill.test");
      const path = url.pathname;
      if (path === "/api/live-agent/config") return json(200, { serviceUrl: "", wsUrl: "ws://localhost/app-api/im/ws", site });
      if (!path.startsWith("/app-api/")) return undefined;
      if (path === "/app-api/iam/login/0" && call.method === "POST") {
        counts.login += 1;
        if (!call.headers.get("Authorization")?.startsWith("Bearer ")) return refuse(401, "Sign in first");
        return ok(issue());
      }
      if (path === "/app-api/refreshToken" && call.method === "PUT") {
        counts.refresh += 1;
        const token = (call.body as { refreshToken?: string } | undefined)?.refreshToken ?? "";
        if (!refreshTokens.delete(token)) return refuse(401, "The refresh token is not valid");
        return ok(issue());
      }
      const opening = /^\/app-api\/customer\/server\/open\/(.+)$/.exec(path)?.[1];
      if (opening && call.method === "GET") {
        counts.lookups += 1;
        if (!call.headers.get("Authorization")?.startsWith("Bearer ")) return refuse(401, "Sign in first");
        const open = current();
        return ok({ data: open && open.body.chatId === decodeURIComponent(opening) ? sessionData(open) : null });
      }
      if (!valid.has(call.headers.get("accessToken") ?? "")) return refuse(401, "The access token is missing, expired or revoked");
      const body = (call.body ?? {}) as Record<string, unknown>;
      if (path === "/app-api/customer/server/pool" && body.status === "1") return ok({ data: sessionData(create(body)) });
      if (path === "/app-api/customer/server/pool" && body.status === "2") {
        counts.polls += 1;
        const session = sessions.get(String(body.sessionId));
        if (!session) return refuse(404, "No such session");
        const { sessionId: _, groupId: __, ...poll } = sessionData(session);
        return ok(poll);
      }
      if (path === "/app-api/customer/server/temp") {
        const session = create(body);
        return ok({
          userSessionInfo: { userId: CUSTOMER_ID, email: body.email, firstName: body.firstName, lastName: body.lastName },
          data: sessionData(session),
        });
      }
      if (path === "/app-api/customer/server/message") {
        const session = sessions.get(String(body.sessionId));
        if (!session) return refuse(404, "No such session");
        if (session.status !== "active") return refuse(409, `Cannot send message while in state: ${session.status}`);
        if (body.type !== 0 && body.type !== 1) return refuse(400, "Unknown message type");
        const message = wire({ content: String(body.content), type: Number(body.type), sender: CUSTOMER_ID, sendId: CUSTOMER_ID, nick: "Grace" });
        sent.push({ sessionId: session.id, content: String(body.content), type: Number(body.type) });
        // The customer's own message comes back on the socket too.
        pushAll({ cmd: 3, data: message });
        return ok({ sendId: CUSTOMER_ID, id: message.id, timestamp: message.timestamp });
      }
      const closing = /^\/app-api\/customer\/server\/close\/(.+)$/.exec(path)?.[1];
      if (closing) {
        const session = sessions.get(decodeURIComponent(closing));
        if (!session) return refuse(404, "No such session");
        session.status = "closed";
        return ok({});
      }
      const group = /^\/app-api\/group\/members\/(.+)$/.exec(path)?.[1];
      if (group) return ok([{ userId: CUSTOMER_ID, nickName: "Grace", headImage: "" }, { userId: AGENT_ID, nickName: "Sam", headImage: "" }]);
      return refuse(404, `no route ${call.method} ${path}`);
    },
    /** A `fetch` that only this fake answers (for a connection built in a test). */
    fetch: async (input: string, init: RequestInit): Promise<Response> => {
      const call: Call = {
        path: input,
        method: init.method ?? "GET",
        headers: new Headers(init.headers),
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      server.calls.push(call);
      return server.handle(call) ?? json(404, { code: "not_found", message: "not the messaging service" });
    },
    /** The calls made through `fetch`. */
    calls: [] as Call[],
    createSocket(url: string): FakeImSocket {
      const socket = new FakeImSocket(url, server);
      sockets.push(socket);
      if (autoOpen) void Promise.resolve().then(() => socket.accept());
      return socket;
    },
    /** A frame from a client socket. */
    receive(socket: FakeImSocket, frame: { cmd: number; data: unknown }) {
      if (frame.cmd === 0) {
        const token = (frame.data as { accessToken?: string } | null)?.accessToken ?? "";
        if (!valid.has(token)) {
          socket.drop(4401);
          return;
        }
        socket.authenticated = true;
        socket.push({ cmd: 0, data: { userId: CUSTOMER_ID } });
      } else if (frame.cmd === 1) {
        socket.push({ cmd: 1, data: {} });
      }
    },
    /** The newest socket the client opened. */
    lastSocket: () => sockets.at(-1),
    /** Moves the current session in the queue. */
    setPosition(next: number) {
      const session = current();
      if (session) session.position = next;
    },
    /** An agent claims the current session. */
    claim() {
      const session = current();
      if (session) Object.assign(session, { status: "active", position: 0 });
    },
    /** The agent writes (type 0 text, 1 image link). */
    agentSays(content: string, type = 0) {
      const message = wire({ content, type });
      pushAll({ cmd: 3, data: message });
      return message;
    },
    /** A message pushed as-is (the customer's own, system notices). */
    push(frame: unknown) {
      pushAll(frame);
    },
    wire,
    /** The agent closes the session. */
    closeSession(reason = "resolved") {
      const session = current();
      if (!session) return;
      session.status = "closed";
      pushAll({ cmd: 2, data: { sessionId: session.id, reason } });
    },
    /** Every access token stops working (expired or revoked). */
    expireAccessTokens() {
      valid.clear();
    },
    dropSockets(code = 1006) {
      for (const socket of sockets) socket.drop(code);
    },
    /** Installs the fake as the page's WebSocket (component tests); vi.unstubAllGlobals undoes it. */
    install() {
      vi.stubGlobal(
        "WebSocket",
        class {
          constructor(url: string) {
            return server.createSocket(url);
          }
        },
      );
    },
  };
  return server;
}
