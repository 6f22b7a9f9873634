import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test/fakeWebSocket";
import { EVENTS_PROTOCOL, RECONNECT_MAX_MS, connectChatEvents, eventsUrl, parseChatEvent, reconnectDelay } from "./chatEvents";

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("chat-list events", () => {
  it("reads the server's events and nothing else", () => {
    expect(parseChatEvent('{"kind":"updated","chatId":"c1"}')).toEqual({ kind: "updated", chatId: "c1" });
    expect(parseChatEvent('{"kind":"cleared"}')).toEqual({ kind: "cleared" });
    expect(parseChatEvent('{"kind":"deleted"}')).toBeNull();
    expect(parseChatEvent('{"kind":"renamedLater","chatId":"c1"}')).toBeNull();
    expect(parseChatEvent("not json")).toBeNull();
    expect(parseChatEvent(new ArrayBuffer(2))).toBeNull();
  });

  it("connects on the page's origin, ws or wss, naming the tenant", () => {
    expect(eventsUrl("demo", { protocol: "http:", host: "127.0.0.1:5112" })).toBe("ws://127.0.0.1:5112/api/events/ws?tenant=demo");
    expect(eventsUrl("a b", { protocol: "https:", host: "waybill.example" })).toBe("wss://waybill.example/api/events/ws?tenant=a%20b");
  });

  it("waits longer after each failure, up to a cap, with jitter", () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});

describe("the events socket", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("opens with the access token as a subprotocol and passes events on", async () => {
    const onEvent = vi.fn();
    const close = connectChatEvents({ tenantId: "t1", token: async () => "tok-1", onEvent });
    await flush();
    const socket = FakeWebSocket.last()!;
    expect(socket.protocols).toEqual([EVENTS_PROTOCOL, "bearer.tok-1"]);
    expect(socket.url).toMatch(/\/api\/events\/ws\?tenant=t1$/);
    socket.accept();
    socket.push({ kind: "created", chatId: "c9" });
    expect(onEvent).toHaveBeenCalledWith({ kind: "created", chatId: "c9" });
    close();
    expect(socket.closedByClient).toBe(true);
  });

  it("reconnects after a drop with backoff, with the token current then, and says it reconnected", async () => {
    let token = "tok-1";
    const onReconnected = vi.fn();
    const close = connectChatEvents({ tenantId: "t1", token: async () => token, onEvent: vi.fn(), onReconnected, random: () => 1 });
    await flush();
    FakeWebSocket.last()!.accept();
    expect(onReconnected).not.toHaveBeenCalled();

    token = "tok-2";
    FakeWebSocket.last()!.drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.sockets).toHaveLength(2);
    expect(FakeWebSocket.last()!.protocols).toContain("bearer.tok-2");

    // Refused again: the next wait is twice as long.
    FakeWebSocket.last()!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.sockets).toHaveLength(3);
    FakeWebSocket.last()!.accept();
    expect(onReconnected).toHaveBeenCalledOnce();

    // Once open, the backoff starts over.
    FakeWebSocket.last()!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.sockets).toHaveLength(4);
    close();
  });

  it("stops trying when signed out, and after being closed", async () => {
    const signedOut = connectChatEvents({ tenantId: "t1", token: async () => null, onEvent: vi.fn() });
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(0);
    signedOut();

    const close = connectChatEvents({ tenantId: "t1", token: async () => "tok", onEvent: vi.fn() });
    await flush();
    FakeWebSocket.last()!.drop();
    close();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(FakeWebSocket.sockets).toHaveLength(1);
  });

  it("tries again later when the token cannot be refreshed now", async () => {
    let fail = true;
    const close = connectChatEvents({
      tenantId: "t1",
      token: async () => {
        if (fail) throw new Error("server down");
        return "tok";
      },
      onEvent: vi.fn(),
      random: () => 1,
    });
    await flush();
    expect(FakeWebSocket.sockets).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.sockets).toHaveLength(1);
    close();
  });
});
