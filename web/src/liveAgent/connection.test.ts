import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../chat/types";
import { fakeLiveAgentServer } from "../test/liveAgentServer";
import { json } from "../test/fetchMock";
import { type ConnectionOptions, LiveAgentConnection, type SystemNotice } from "./connection";
import type { FetchFn } from "./imClient";
import type { UserInfo } from "./userInfo";

type Server = ReturnType<typeof fakeLiveAgentServer>;

function connectionTo(server: Server, options: Partial<ConnectionOptions> & { fetch?: FetchFn } = {}) {
  const messages: ChatMessage[] = [];
  const notices: SystemNotice[] = [];
  const connection = new LiveAgentConnection({
    serviceUrl: "",
    wsUrl: "ws://localhost/app-api/im/ws",
    variant: "primary",
    credentials: async () => ({ accessToken: "waybill-token", tenantId: "t1" }),
    chatId: "c1",
    facilityId: "f1",
    fetch: server.fetch,
    createSocket: (url) => server.createSocket(url),
    events: { onMessage: (m) => messages.push(m), onSystem: (n) => notices.push(n) },
    ...options,
  });
  return { connection, messages, notices };
}

const status = (c: LiveAgentConnection) => c.getState().status;
const texts = (messages: ChatMessage[]) => messages.map((m) => m.parts.map((p) => (p.type === "text" ? p.text : p.type)).join(""));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the live agent connection (spec 002 §4)", () => {
  it("queues when no agent is free, polls every 5 s, and connects the socket once one claims the session", async () => {
    const server = fakeLiveAgentServer({ position: 2 });
    const { connection } = connectionTo(server);
    const seen: string[] = [];
    connection.subscribe((s) => seen.push(s.status));
    await connection.connect();
    expect(seen).toEqual(["authenticating", "connecting", "queued"]);
    expect(connection.getState()).toMatchObject({ status: "queued", position: 2, sessionId: "s-1" });
    expect(server.calls.find((c) => c.path.endsWith("/pool"))!.body).toEqual({ chatId: "c1", facilityId: "f1", status: "1" });

    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.counts.polls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.counts.polls).toBe(1);
    server.setPosition(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connection.getState()).toMatchObject({ status: "queued", position: 1 });
    expect(server.sockets).toHaveLength(0);

    server.claim();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(status(connection)).toBe("connected");
    const socket = server.lastSocket()!;
    expect(socket.frames[0]).toEqual({ cmd: 0, data: { accessToken: "im-access-1" } });
    // No more polling once connected.
    const polls = server.counts.polls;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.counts.polls).toBe(polls);
    connection.dispose();
  });

  it("connects at once when an agent is available, and sends a heartbeat every 10 s", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection } = connectionTo(server);
    const done = connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(status(connection)).toBe("connected");
    const socket = server.lastSocket()!;
    expect(socket.url).toBe("ws://localhost/app-api/im/ws");
    await vi.advanceTimersByTimeAsync(9_999);
    expect(socket.frames.filter((f) => f.cmd === 1)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.frames.filter((f) => f.cmd === 1)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(socket.frames.filter((f) => f.cmd === 1)).toHaveLength(3);
    connection.dispose();
  });

  it("refuses to connect again while connecting, queued or connected", async () => {
    const server = fakeLiveAgentServer();
    const { connection } = connectionTo(server);
    await connection.connect();
    await expect(connection.connect()).rejects.toThrow("Cannot connect while in state: queued");
    connection.dispose();
  });

  it("turns the agent's messages into the chat's form and drops the customer's own by sendId", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection, messages } = connectionTo(server);
    await connection.connect();
    const sent = await connection.sendText("My pallet is stuck at door 4");
    expect(sent).toMatchObject({
      id: expect.stringMatching(/^live-agent-\d+$/),
      role: "user",
      parts: [{ type: "text", text: "My pallet is stuck at door 4" }],
      metadata: { source: "live_agent", sender: "user", sendId: server.customerId, groupId: "g-s-1" },
    });
    expect(server.sent).toEqual([{ sessionId: "s-1", content: "My pallet is stuck at door 4", type: 0 }]);

    const wire = server.agentSays("I see it, moving it now.");
    // The echo of the customer's own message was dropped; the agent's arrived.
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({
      id: `live-agent-${wire.id}`,
      role: "assistant",
      parts: [{ type: "text", text: "I see it, moving it now." }],
      metadata: {
        createdAt: wire.timestamp,
        source: "live_agent",
        sender: "agent",
        timestamp: wire.timestamp,
        groupId: "g-s-1",
        sendId: server.agentId,
        sendNickName: "Sam (Support)",
      },
    });
    server.push({ cmd: 4, data: server.wire({ content: "An agent joined", sender: "system", sendId: "system" }) });
    expect(messages[1]).toMatchObject({ role: "assistant", metadata: { sender: "system" } });
    server.push({ cmd: 6, data: { read: true } });
    expect(messages).toHaveLength(2);
    connection.dispose();
  });

  it("sends an image as type 1 with its Waybill file link", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection } = connectionTo(server);
    await connection.connect();
    const sent = await connection.sendImage("/api/files/f-9/view", "dock.png");
    expect(server.sent).toEqual([{ sessionId: "s-1", content: "/api/files/f-9/view", type: 1 }]);
    expect(sent.parts).toEqual([{ type: "file", url: "/api/files/f-9/view", mediaType: "image/png", filename: "dock.png" }]);
    connection.dispose();
  });

  it("holds messages for 300 ms while its own sendId is not known, then drops its own", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true, announceUserId: false });
    const { connection, messages } = connectionTo(server);
    await connection.connect();
    server.push({ cmd: 3, data: server.wire({ content: "echo of mine", sender: server.customerId, sendId: server.customerId }) });
    server.agentSays("Hello, Sam here.");
    expect(messages).toHaveLength(0);
    // The first send tells the client its own id before the held messages are looked at.
    await connection.sendText("hi");
    await vi.advanceTimersByTimeAsync(299);
    expect(messages).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(messages)).toEqual(["Hello, Sam here."]);
    connection.dispose();
  });

  it("refuses to send unless connected", async () => {
    const server = fakeLiveAgentServer();
    const { connection } = connectionTo(server);
    await expect(connection.sendText("hi")).rejects.toThrow("Cannot send message while in state: idle");
    await connection.connect();
    await expect(connection.sendText("hi")).rejects.toThrow("Cannot send message while in state: queued");
    connection.dispose();
  });

  it("goes disconnected when the socket drops, reads the state after 1 s, and reconnects 15 s later", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection } = connectionTo(server);
    await connection.connect();
    const polls = server.counts.polls;
    server.dropSockets();
    expect(connection.getState()).toMatchObject({ status: "disconnected", sessionId: "s-1" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.counts.polls).toBe(polls + 1);
    await vi.advanceTimersByTimeAsync(13_999);
    expect(server.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(status(connection)).toBe("connected");
    connection.dispose();
  });

  it("reconnects up to 5 times, 15 s apart, then gives up with a system message", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true, autoOpen: false });
    const { connection, notices } = connectionTo(server);
    const connecting = connection.connect().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(0);
    server.lastSocket()!.drop();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await vi.advanceTimersByTimeAsync(15_000);
      expect(server.sockets).toHaveLength(attempt + 1);
      server.lastSocket()!.drop();
    }
    expect(await connecting).toBe("Maximum reconnection attempts reached");
    expect(connection.getState()).toMatchObject({ status: "error", error: "Maximum reconnection attempts reached" });
    expect(notices).toEqual(["connectionFailed"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sockets).toHaveLength(6);
  });

  it("starts the socket afresh when the stability check counts more than 3 drops", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection } = connectionTo(server);
    await connection.connect();
    for (let drop = 1; drop <= 4; drop += 1) {
      server.lastSocket()!.drop();
      if (drop < 4) await vi.advanceTimersByTimeAsync(15_000);
    }
    expect(server.sockets).toHaveLength(4);
    expect(status(connection)).toBe("disconnected");
    // The next check (every 10 s) opens a new socket at once rather than wait out the retries.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sockets.length).toBeGreaterThanOrEqual(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(status(connection)).toBe("connected");
    connection.dispose();
  });

  it("ends in error with a system message after more than 3 socket errors", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection, notices } = connectionTo(server);
    await connection.connect();
    for (let i = 0; i < 3; i += 1) server.lastSocket()!.fail();
    expect(status(connection)).toBe("connected");
    server.lastSocket()!.fail();
    expect(status(connection)).toBe("error");
    expect(notices).toEqual(["connectionFailed"]);
  });

  it("fails with a system message when the messaging login fails", async () => {
    const server = fakeLiveAgentServer();
    const { connection, notices } = connectionTo(server, { fetch: async () => json(503, { code: 503, msg: "down" }) });
    await expect(connection.connect()).rejects.toThrow("Failed to authenticate with IM service");
    expect(connection.getState()).toMatchObject({ status: "error", error: "Failed to authenticate with IM service" });
    expect(notices).toEqual(["connectionFailed"]);
    // From error it may connect again.
    await expect(connectionTo(server).connection.connect()).resolves.toBeUndefined();
  });

  it("disconnects: the socket closed, the session closed on the service, a system message, then idle", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection, notices } = connectionTo(server);
    await connection.connect();
    const seen: string[] = [];
    connection.subscribe((s) => seen.push(s.status));
    await connection.disconnect({ fromUi: true });
    expect(seen).toEqual(["disconnecting", "disconnected", "idle"]);
    expect(server.lastSocket()!.closedByClient).toBe(true);
    expect(server.calls.at(-1)!.path).toBe("/app-api/customer/server/close/s-1");
    expect(server.sessions.get("s-1")!.status).toBe("closed");
    expect(notices).toEqual(["disconnected"]);
    expect(connection.client.accessToken).toBeNull();
  });

  it("leaves the queue without a system message (it was never connected)", async () => {
    const server = fakeLiveAgentServer();
    const { connection, notices } = connectionTo(server);
    await connection.connect();
    await connection.disconnect({ fromUi: true });
    expect(status(connection)).toBe("idle");
    expect(server.sessions.get("s-1")!.status).toBe("closed");
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.counts.polls).toBe(0);
  });

  it("ends when the agent closes the session (cmd 2), with a system message", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const { connection, notices } = connectionTo(server);
    await connection.connect();
    server.closeSession();
    expect(status(connection)).toBe("disconnected");
    expect(connection.getState().sessionId).toBeNull();
    expect(notices).toEqual(["disconnected"]);
  });

  it("refreshes the messaging token when less than 5 minutes remain, checking every 60 s", async () => {
    const server = fakeLiveAgentServer({ position: 3, tokenSeconds: 6 * 60 });
    const { connection } = connectionTo(server);
    await connection.connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.counts.refresh).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.counts.refresh).toBe(1);
    connection.dispose();
  });

  it("third variant: asks the user's details, then a temporary session in their name", async () => {
    const server = fakeLiveAgentServer({ site: "third", position: 1 });
    const info: UserInfo = { email: "grace@example.test", firstName: "Grace", lastName: "Hopper" };
    const { connection } = connectionTo(server, { variant: "third", userInfo: async () => info });
    await connection.connect();
    const temp = server.calls.find((c) => c.path === "/app-api/customer/server/temp")!;
    expect(temp.body).toEqual({ ...info, title: "Conversation with Grace Hopper", channel: "waybill-web", chatId: "c1", bizType: "UF", status: "1" });
    expect(connection.getState()).toMatchObject({ status: "queued", position: 1 });
    connection.dispose();
  });

  it("third variant: a cancelled form connects nothing and says nothing", async () => {
    const server = fakeLiveAgentServer({ site: "third" });
    const { connection, notices } = connectionTo(server, { variant: "third", userInfo: async () => null });
    await connection.connect();
    expect(status(connection)).toBe("idle");
    expect(server.calls).toEqual([]);
    expect(notices).toEqual([]);
  });

  describe("on load (a reload, another tab)", () => {
    /** A session this chat handed over, left open by a page that went away. */
    async function leftOpen(server: Server) {
      const { connection: before } = connectionTo(server);
      await before.connect();
      before.dispose();
      server.calls.length = 0;
    }

    it("takes a queued session up again without queuing twice, polls, and connects once an agent claims it", async () => {
      const server = fakeLiveAgentServer({ position: 3 });
      await leftOpen(server);
      const { connection } = connectionTo(server);
      const seen: string[] = [];
      connection.subscribe((s) => seen.push(s.status));
      expect(await connection.resume()).toBe(true);
      expect(seen).toEqual(["queued"]);
      expect(connection.getState()).toMatchObject({ status: "queued", position: 3, sessionId: "s-1", groupId: "g-s-1" });
      expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /app-api/customer/server/open/c1", "POST /app-api/iam/login/0"]);
      expect(server.calls[0]!.headers.get("Authorization")).toBe("Bearer waybill-token");
      expect(server.sessions.size).toBe(1);

      server.setPosition(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(connection.getState()).toMatchObject({ status: "queued", position: 1 });
      server.claim();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(status(connection)).toBe("connected");
      connection.dispose();
    });

    it("takes an active session up again: the socket, and messages both ways", async () => {
      const server = fakeLiveAgentServer({ agentAvailable: true });
      await leftOpen(server);
      const { connection, messages } = connectionTo(server);
      expect(await connection.resume()).toBe(true);
      expect(connection.getState()).toMatchObject({ status: "connected", sessionId: "s-1" });
      await connection.sendText("Still there?");
      expect(server.sent).toEqual([{ sessionId: "s-1", content: "Still there?", type: 0 }]);
      server.agentSays("Yes, the trailer is at door 9.");
      expect(texts(messages)).toEqual(["Yes, the trailer is at door 9."]);
      connection.dispose();
    });

    it("leaves a chat with no open session with the assistant, without a messaging login", async () => {
      const server = fakeLiveAgentServer({ position: 1 });
      await leftOpen(server);
      const { connection } = connectionTo(server, { chatId: "another-chat" });
      expect(await connection.resume()).toBe(false);
      expect(status(connection)).toBe("idle");
      expect(server.counts.login).toBe(1);
      expect(server.sessions.size).toBe(1);
      connection.dispose();
    });

    it("says nothing and stays idle when the service cannot tell", async () => {
      const server = fakeLiveAgentServer();
      const { connection, notices } = connectionTo(server, { fetch: async (input, init) => (input.includes("/open/") ? json(404, { code: 404, msg: "no route" }) : server.fetch(input, init)) });
      expect(await connection.resume()).toBe(false);
      expect(notices).toEqual([]);
      expect(status(connection)).toBe("idle");
      connection.dispose();
    });

    it("does not take over a connection the user started meanwhile", async () => {
      const server = fakeLiveAgentServer({ position: 2 });
      await leftOpen(server);
      const { connection } = connectionTo(server);
      const resuming = connection.resume();
      const connecting = connection.connect();
      expect(await resuming).toBe(false);
      await connecting;
      expect(connection.getState()).toMatchObject({ status: "queued", sessionId: "s-1" });
      expect(server.counts.login).toBe(2);
      connection.dispose();
    });
  });
});
