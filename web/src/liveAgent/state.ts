/**
 * The live-agent connection as a reducer (spec 002 §4; docs/live-agent.md, "States").
 * The connection (connection.ts) does the calls and dispatches what happened; this says
 * which state follows.
 */

export type LiveAgentStatus = "idle" | "disconnected" | "error" | "authenticating" | "connecting" | "queued" | "connected" | "disconnecting";

export type LiveAgentState = {
  status: LiveAgentStatus;
  /** Place in the queue (1 is next); 0 when not queued. */
  position: number;
  sessionId: string | null;
  groupId: string | null;
  /** Why the last attempt failed (the service's words, for the log and tests). */
  error: string | null;
};

export const initialState: LiveAgentState = { status: "idle", position: 0, sessionId: null, groupId: null, error: null };

export type LiveAgentAction =
  | { type: "connect" }
  | { type: "authenticated" }
  | { type: "sessionCreated"; sessionId: string; groupId: string | null; position: number; agentAvailable: boolean }
  /** On load, the chat's session still open on the service: back in the queue, or to the socket. */
  | { type: "resumed"; sessionId: string; groupId: string | null; position: number; agentAvailable: boolean }
  | { type: "queueUpdate"; position: number; agentAvailable: boolean }
  | { type: "socketAuthenticated" }
  | { type: "socketDropped" }
  | { type: "failed"; error: string }
  | { type: "disconnect" }
  | { type: "disconnected" }
  | { type: "reset" };

/** Connecting starts only from these. */
const CAN_CONNECT: ReadonlySet<LiveAgentStatus> = new Set(["idle", "disconnected", "error"]);

export function canConnect(status: LiveAgentStatus): boolean {
  return CAN_CONNECT.has(status);
}

/** Throws 'Cannot connect while in state: {state}' unless connecting may start. */
export function assertCanConnect(status: LiveAgentStatus): void {
  if (!canConnect(status)) throw new Error(`Cannot connect while in state: ${status}`);
}

/** An agent can take the conversation now: the socket opens instead of waiting in the queue. */
export function agentReady(position: number, agentAvailable: boolean): boolean {
  return agentAvailable || position <= 0;
}

export function liveAgentReducer(state: LiveAgentState, action: LiveAgentAction): LiveAgentState {
  switch (action.type) {
    case "connect":
      return canConnect(state.status) ? { ...initialState, status: "authenticating" } : state;
    case "authenticated":
      return state.status === "authenticating" ? { ...state, status: "connecting" } : state;
    case "sessionCreated": {
      if (state.status !== "connecting") return state;
      const ready = agentReady(action.position, action.agentAvailable);
      return {
        ...state,
        status: ready ? "connecting" : "queued",
        position: ready ? 0 : action.position,
        sessionId: action.sessionId,
        groupId: action.groupId,
      };
    }
    case "resumed": {
      // Only a page that has not started anything itself takes a session up again.
      if (state.status !== "idle") return state;
      const ready = agentReady(action.position, action.agentAvailable);
      return {
        ...initialState,
        status: ready ? "connecting" : "queued",
        position: ready ? 0 : action.position,
        sessionId: action.sessionId,
        groupId: action.groupId,
      };
    }
    case "queueUpdate":
      if (state.status !== "queued") return state;
      return { ...state, position: agentReady(action.position, action.agentAvailable) ? 0 : action.position };
    case "socketAuthenticated":
      // From `disconnected` only when the socket came back for a session still held (a drop).
      return state.status === "connecting" || state.status === "queued" || (state.status === "disconnected" && state.sessionId !== null)
        ? { ...state, status: "connected", position: 0, error: null }
        : state;
    case "socketDropped":
      return state.status === "connected" ? { ...state, status: "disconnected" } : state;
    case "failed":
      return { ...initialState, status: "error", error: action.error };
    case "disconnect":
      return { ...state, status: "disconnecting" };
    case "disconnected":
      return { ...initialState, status: "disconnected" };
    case "reset":
      return initialState;
  }
}
