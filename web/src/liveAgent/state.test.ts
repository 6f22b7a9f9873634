import { describe, expect, it } from "vitest";
import { type LiveAgentAction, type LiveAgentState, type LiveAgentStatus, assertCanConnect, canConnect, initialState, liveAgentReducer } from "./state";

const at = (status: LiveAgentStatus, extra: Partial<LiveAgentState> = {}): LiveAgentState => ({ ...initialState, status, ...extra });
const run = (state: LiveAgentState, ...actions: LiveAgentAction[]) => actions.reduce(liveAgentReducer, state);

const ALL: LiveAgentStatus[] = ["idle", "disconnected", "error", "authenticating", "connecting", "queued", "connected", "disconnecting"];

describe("the live agent's states (spec 002 §4)", () => {
  it("connects only from idle, disconnected or error", () => {
    expect(ALL.filter(canConnect)).toEqual(["idle", "disconnected", "error"]);
    for (const status of ["authenticating", "connecting", "queued", "connected", "disconnecting"] as const) {
      expect(() => assertCanConnect(status)).toThrow(`Cannot connect while in state: ${status}`);
      expect(liveAgentReducer(at(status), { type: "connect" })).toEqual(at(status));
    }
    expect(() => assertCanConnect("error")).not.toThrow();
  });

  it("goes authenticating, connecting, then queued when no agent is free and the position is above 0", () => {
    const queued = run(at("idle"), { type: "connect" }, { type: "authenticated" }, { type: "sessionCreated", sessionId: "s1", groupId: "g1", position: 3, agentAvailable: false });
    expect(queued).toEqual({ status: "queued", position: 3, sessionId: "s1", groupId: "g1", error: null });
    expect(run(at("idle"), { type: "connect" }).status).toBe("authenticating");
    expect(run(at("idle"), { type: "connect" }, { type: "authenticated" }).status).toBe("connecting");
  });

  it("stays connecting (the socket opens) when an agent is available or the position is 0 or less", () => {
    const start = run(at("idle"), { type: "connect" }, { type: "authenticated" });
    expect(liveAgentReducer(start, { type: "sessionCreated", sessionId: "s1", groupId: null, position: 4, agentAvailable: true }).status).toBe("connecting");
    expect(liveAgentReducer(start, { type: "sessionCreated", sessionId: "s1", groupId: null, position: 0, agentAvailable: false }).status).toBe("connecting");
    expect(liveAgentReducer(start, { type: "sessionCreated", sessionId: "s1", groupId: null, position: -1, agentAvailable: false }).status).toBe("connecting");
  });

  it("follows the queue's position, and connects once the socket authenticates", () => {
    const queued = at("queued", { position: 3, sessionId: "s1" });
    expect(liveAgentReducer(queued, { type: "queueUpdate", position: 1, agentAvailable: false })).toMatchObject({ status: "queued", position: 1 });
    expect(liveAgentReducer(queued, { type: "queueUpdate", position: 2, agentAvailable: true })).toMatchObject({ status: "queued", position: 0 });
    expect(run(queued, { type: "socketAuthenticated" })).toMatchObject({ status: "connected", position: 0, sessionId: "s1" });
  });

  it("drops to disconnected and comes back on the socket's reconnect, keeping the session", () => {
    const dropped = liveAgentReducer(at("connected", { sessionId: "s1" }), { type: "socketDropped" });
    expect(dropped).toMatchObject({ status: "disconnected", sessionId: "s1" });
    expect(liveAgentReducer(dropped, { type: "socketAuthenticated" }).status).toBe("connected");
    // A session already left does not come back by a stray socket.
    expect(liveAgentReducer(at("disconnected"), { type: "socketAuthenticated" }).status).toBe("disconnected");
  });

  it("disconnects through disconnecting, clears the session, and goes idle from the page", () => {
    const leaving = liveAgentReducer(at("connected", { sessionId: "s1", groupId: "g1" }), { type: "disconnect" });
    expect(leaving.status).toBe("disconnecting");
    const gone = liveAgentReducer(leaving, { type: "disconnected" });
    expect(gone).toEqual(at("disconnected"));
    expect(liveAgentReducer(gone, { type: "reset" })).toEqual(initialState);
  });

  it("fails from anywhere into error, with the reason", () => {
    for (const status of ALL) expect(liveAgentReducer(at(status, { sessionId: "s1" }), { type: "failed", error: "Failed to connect to agent" })).toEqual(at("error", { error: "Failed to connect to agent" }));
  });

  it("on load, resumes a session still open: queued at its place, or connecting when an agent has it", () => {
    const resumed = (position: number, agentAvailable: boolean): LiveAgentAction => ({ type: "resumed", sessionId: "s1", groupId: "g1", position, agentAvailable });
    expect(liveAgentReducer(initialState, resumed(4, false))).toEqual({ status: "queued", position: 4, sessionId: "s1", groupId: "g1", error: null });
    expect(liveAgentReducer(initialState, resumed(0, true))).toEqual({ status: "connecting", position: 0, sessionId: "s1", groupId: "g1", error: null });
    expect(run(initialState, resumed(0, true), { type: "socketAuthenticated" })).toMatchObject({ status: "connected", sessionId: "s1" });
    // What the page started itself is not replaced.
    for (const status of ALL.filter((s) => s !== "idle")) expect(liveAgentReducer(at(status), resumed(1, false))).toEqual(at(status));
  });
});
