import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeLiveAgentServer } from "../test/liveAgentServer";
import { systemClock } from "./clock";
import { ImSocket, type SocketEvents, warnIfInsecure } from "./socket";

function events(): SocketEvents & { states: string[]; gaveUp: string[] } {
  const states: string[] = [];
  const gaveUp: string[] = [];
  return {
    states,
    gaveUp,
    onState: (s) => states.push(s),
    onMessage: vi.fn(),
    onSessionClosed: vi.fn(),
    onDrop: vi.fn(),
    onSocketError: vi.fn(),
    onGiveUp: (reason) => gaveUp.push(reason),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the customer socket's frames (docs/live-agent.md)", () => {
  it("closes a socket whose token is refused (4401) without reconnecting", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const seen = events();
    const socket = new ImSocket({ url: "ws://localhost/app-api/im/ws", token: () => "nope", clock: systemClock, events: seen, createSocket: (url) => server.createSocket(url) });
    // An unknown token is refused with 4401: no reconnecting helps.
    const refused = socket.connect().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(0);
    expect(await refused).toBe("Failed to update authentication");
    expect(seen.states.at(-1)).toBe("error");
    expect(server.sockets).toHaveLength(1);
  });

  it("says 'No access token' and 'Already connecting'", async () => {
    const server = fakeLiveAgentServer();
    const none = new ImSocket({ url: "ws://localhost/x", token: () => null, clock: systemClock, events: events(), createSocket: (url) => server.createSocket(url) });
    await expect(none.connect()).rejects.toThrow("No access token");
    const twice = new ImSocket({ url: "ws://localhost/x", token: () => "t", clock: systemClock, events: events(), createSocket: (url) => server.createSocket(url) });
    void twice.connect().catch(() => undefined);
    await expect(twice.connect()).rejects.toThrow("Already connecting");
    twice.disconnect();
  });

  it("hands on messages (cmd 3, 4) and the session's close (2), ignores 6, and logs a frame it cannot read", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const server = fakeLiveAgentServer({ agentAvailable: true });
    await server.fetch("/app-api/iam/login/0", { method: "POST", headers: { Authorization: "Bearer waybill" } });
    const seen = events();
    const socket = new ImSocket({ url: "ws://localhost/x", token: () => "im-access-1", clock: systemClock, events: seen, createSocket: (url) => server.createSocket(url) });
    await vi.advanceTimersByTimeAsync(0);
    const connected = socket.connect();
    await vi.advanceTimersByTimeAsync(0);
    await connected;
    expect(seen.states).toEqual(["connecting", "connected"]);
    server.lastSocket()!.onmessage?.(new MessageEvent("message", { data: "not json" }));
    expect(warn).toHaveBeenCalledWith("Failed to parse WebSocket message");
    server.lastSocket()!.push({ cmd: 3, data: { id: 1 } });
    server.lastSocket()!.push({ cmd: 4, data: { id: 2 } });
    server.lastSocket()!.push({ cmd: 6, data: { online: true } });
    server.lastSocket()!.push({ cmd: 2, data: { sessionId: "s-1", reason: "resolved" } });
    expect(seen.onMessage).toHaveBeenCalledTimes(2);
    expect(seen.onSessionClosed).toHaveBeenCalledWith({ sessionId: "s-1", reason: "resolved" });
    socket.disconnect();
  });

  it("warns about an unencrypted socket to another machine", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    warnIfInsecure("ws://localhost:8080/app-api/im/ws");
    warnIfInsecure("wss://im.example.com/app-api/im/ws");
    expect(warn).not.toHaveBeenCalled();
    warnIfInsecure("ws://im.example.com/app-api/im/ws");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
