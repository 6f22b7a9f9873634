import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DESK_PROTOCOL, deskSocketUrl, parseDeskEvent } from "../api/desk";
import { FakeWebSocket } from "../../../test/fakeWebSocket";
import { transcriptOf } from "./conversation";
import { isWaybillFileLink } from "./fileLinks";
import { senderKindOf } from "./messages";
import { connectDesk } from "./socket";
import { formatClock, waitedSeconds } from "./time";
import { liveMessage } from "../test/deskServer";

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("waits", () => {
  it("read as a clock", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(5.9)).toBe("0:05");
    expect(formatClock(725)).toBe("12:05");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(-4)).toBe("0:00");
  });

  it("tick on from when the server answered", () => {
    const answeredAt = 1_000_000;
    expect(waitedSeconds(40, answeredAt, answeredAt)).toBe(40);
    expect(formatClock(waitedSeconds(40, answeredAt, answeredAt + 21_000))).toBe("1:01");
    // A clock running behind the answer never makes the wait shrink.
    expect(waitedSeconds(40, answeredAt, answeredAt - 5_000)).toBe(40);
  });
});

describe("what the desk shows", () => {
  it("takes images only from Waybill file links on this site", () => {
    const origin = "https://waybill.example";
    expect(isWaybillFileLink("/api/file-app/v1/file/view/tok/dock.png", origin)).toBe(true);
    expect(isWaybillFileLink("https://waybill.example/api/file-app/v1/file/view/tok/dock.png", origin)).toBe(true);
    expect(isWaybillFileLink("https://evil.test/api/file-app/v1/file/view/tok/dock.png", origin)).toBe(false);
    expect(isWaybillFileLink("//evil.test/api/file-app/v1/file/view/tok/dock.png", origin)).toBe(false);
    expect(isWaybillFileLink("javascript:alert(1)", origin)).toBe(false);
    expect(isWaybillFileLink("data:image/png;base64,AAAA", origin)).toBe(false);
    expect(isWaybillFileLink("/api/chat-history", origin)).toBe(false);
  });

  it("reduces the stored AI conversation to words, files and tools, whatever its shape", () => {
    const transcript = transcriptOf([
      { id: "1", role: "user", parts: [{ type: "text", text: "Hi" }, { type: "file", url: "/api/file-app/v1/file/view/t/a.png", mediaType: "image/png", filename: "a.png" }] },
      { id: "2", role: "assistant", parts: [{ type: "reasoning", text: "thinking" }, { type: "tool-weather" }, { type: "dynamic-tool", toolName: "lookup" }, { type: "text", text: "  " }] },
      { id: "3", role: "system", parts: [{ type: "text", text: "You are…" }] },
      { role: "assistant", parts: [{ type: "text", text: "Done" }] },
      "junk",
      { id: "5", role: "user", parts: "not a list" },
    ]);
    expect(transcript).toEqual([
      { id: "1", role: "user", parts: [{ kind: "text", text: "Hi" }, { kind: "file", url: "/api/file-app/v1/file/view/t/a.png", mediaType: "image/png", filename: "a.png" }] },
      { id: "2", role: "assistant", parts: [{ kind: "tool", name: "weather" }, { kind: "tool", name: "lookup" }] },
      { id: "message-3", role: "assistant", parts: [{ kind: "text", text: "Done" }] },
    ]);
  });

  it("tells who wrote a message, also from a server that does not say", () => {
    expect(senderKindOf(liveMessage("1", "agent", "hi"))).toBe("agent");
    const { senderKind: _omitted, ...bare } = liveMessage("2", "system", "An agent joined");
    expect(senderKindOf(bare as never)).toBe("system");
    expect(senderKindOf({ ...bare, sender: "u-7" } as never)).toBe("customer");
  });
});

describe("the desk socket", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads the three kinds of event and nothing else", () => {
    const queue = [{ id: "s1", customer: { name: "Dana", email: "d@x" }, facilityId: null, waitingSeconds: 3, preview: "" }];
    expect(parseDeskEvent(JSON.stringify({ type: "queue", queue }))).toEqual({ type: "queue", queue });
    const message = liveMessage("m1", "customer", "hi");
    expect(parseDeskEvent(JSON.stringify({ type: "message", sessionId: "s1", message }))).toEqual({ type: "message", sessionId: "s1", message });
    expect(parseDeskEvent(JSON.stringify({ type: "session", session: { id: "s1", status: "closed" } }))).toMatchObject({ type: "session", session: { id: "s1" } });
    expect(parseDeskEvent(JSON.stringify({ type: "message", sessionId: "s1" }))).toBeNull();
    expect(parseDeskEvent(JSON.stringify({ type: "typing" }))).toBeNull();
    expect(parseDeskEvent("not json")).toBeNull();
  });

  it("opens on the page's origin with the access token as a subprotocol, and reconnects with the token current then", async () => {
    expect(deskSocketUrl("a b", { protocol: "https:", host: "waybill.example" })).toBe("wss://waybill.example/api/desk/ws?tenant=a%20b");
    let token = "tok-1";
    const onEvent = vi.fn();
    const onLive = vi.fn();
    const close = connectDesk({ tenantId: "demo", token: async () => token, onEvent, onLive, random: () => 1 });
    await flush();
    const first = FakeWebSocket.last()!;
    expect(first.protocols).toEqual([DESK_PROTOCOL, "bearer.tok-1"]);
    expect(DESK_PROTOCOL).toBe("waybill.desk.v1");
    first.accept();
    expect(onLive).toHaveBeenLastCalledWith(true);
    first.push({ type: "queue", queue: [] });
    expect(onEvent).toHaveBeenCalledWith({ type: "queue", queue: [] });

    token = "tok-2";
    first.drop();
    expect(onLive).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.last()!.protocols).toEqual([DESK_PROTOCOL, "bearer.tok-2"]);
    close();
    expect(FakeWebSocket.last()!.closedByClient).toBe(true);
  });
});
