import { isRecord, num } from "../lib/values";
import type { Clock } from "./clock";
import { CMD, HEARTBEAT_MS, RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS } from "./constants";

/**
 * The customer's socket to the messaging service (`/app-api/im/ws`, spec 002 §4): JSON
 * frames `{cmd, data}` — 0 authenticates, 1 is the heartbeat every 10 s, 2 says the
 * session was closed, 3 and 4 carry messages, 6 is ignored. A socket that drops is opened
 * again up to 5 times, 15 s apart.
 */

export type SocketState = "disconnected" | "connecting" | "connected" | "reconnecting" | "error";

/** What the client needs of a WebSocket (the browser's, or a test's fake). */
export type SocketLike = {
  readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

const OPEN = 1;
/** The server refused the token (4401) or the account (4403): opening again cannot help. */
const REFUSED = new Set([4401, 4403]);

export type SocketEvents = {
  onState: (state: SocketState) => void;
  /** A message of the session (cmd 3) or of its group (cmd 4), still in wire form. */
  onMessage: (data: unknown) => void;
  /** The session was closed by the agent's side (cmd 2). */
  onSessionClosed: (data: unknown) => void;
  /** The socket closed without being asked to (counted by the connection's stability check). */
  onDrop: () => void;
  onSocketError: () => void;
  /** Opening again was given up ('Maximum reconnection attempts reached') or refused. */
  onGiveUp: (reason: string) => void;
};

export type ImSocketOptions = {
  url: string;
  /** The messaging access token, read at each (re)authentication. */
  token: () => string | null;
  clock: Clock;
  events: SocketEvents;
  createSocket?: (url: string) => SocketLike;
};

/** Logs the spec's warning for a socket in the clear to another machine. */
export function warnIfInsecure(url: string): void {
  try {
    const { protocol, hostname } = new URL(url);
    const local = hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname.endsWith(".localhost");
    if (protocol === "ws:" && !local) console.warn(`Security warning: the live agent socket to ${hostname} is not encrypted`);
  } catch {
    // Not a URL: the socket itself will fail to open.
  }
}

export class ImSocket {
  private readonly options: ImSocketOptions;
  private socket: SocketLike | null = null;
  private state: SocketState = "disconnected";
  private heartbeat: unknown = null;
  private retryTimer: unknown = null;
  private attempts = 0;
  private closing = false;
  private pending: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(options: ImSocketOptions) {
    this.options = options;
  }

  get current(): SocketState {
    return this.state;
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.events.onState(state);
  }

  /** Opens the socket and authenticates; resolves once the server accepted the token. */
  connect(): Promise<void> {
    if (this.state === "connecting") return Promise.reject(new Error("Already connecting"));
    if (!this.options.token()) return Promise.reject(new Error("No access token"));
    this.closing = false;
    this.attempts = 0;
    return new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.open("connecting");
    });
  }

  private open(state: "connecting" | "reconnecting"): void {
    this.setState(state);
    warnIfInsecure(this.options.url);
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as SocketLike))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const accessToken = this.options.token();
      if (!accessToken) {
        this.fail("No access token");
        return;
      }
      socket.send(JSON.stringify({ cmd: CMD.auth, data: { accessToken } }));
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => {
      if (this.socket === socket) this.options.events.onSocketError();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (this.closing) return;
      if (REFUSED.has(event.code)) {
        this.fail("Failed to update authentication");
        return;
      }
      this.options.events.onDrop();
      this.scheduleReconnect();
    };
  }

  private receive(raw: unknown): void {
    let frame: unknown;
    try {
      frame = JSON.parse(String(raw));
    } catch {
      console.warn("Failed to parse WebSocket message");
      return;
    }
    if (!isRecord(frame)) return;
    switch (num(frame.cmd)) {
      case CMD.auth:
        this.attempts = 0;
        this.setState("connected");
        this.startHeartbeat();
        this.pending?.resolve();
        this.pending = null;
        return;
      case CMD.close:
        this.options.events.onSessionClosed(frame.data);
        return;
      case CMD.message:
      case CMD.groupMessage:
        this.options.events.onMessage(frame.data);
        return;
      default:
        // 1: the server's echo of the heartbeat; 6: presence and read notices.
        return;
    }
  }

  private scheduleReconnect(): void {
    if (this.attempts >= RECONNECT_ATTEMPTS) {
      this.fail("Maximum reconnection attempts reached");
      return;
    }
    this.attempts += 1;
    this.setState("reconnecting");
    this.retryTimer = this.options.clock.setTimeout(() => {
      this.retryTimer = null;
      if (!this.closing) this.open("reconnecting");
    }, RECONNECT_DELAY_MS);
  }

  private fail(reason: string): void {
    this.setState("error");
    this.pending?.reject(new Error(reason));
    this.pending = null;
    this.options.events.onGiveUp(reason);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = this.options.clock.setInterval(() => {
      if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ cmd: CMD.heartbeat, data: {} }));
    }, HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) this.options.clock.clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Closes the socket on purpose: no reconnecting. */
  disconnect(): void {
    this.closing = true;
    this.stopHeartbeat();
    if (this.retryTimer !== null) this.options.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.pending?.reject(new Error("WebSocket is not connected"));
    this.pending = null;
    socket?.close(1000);
    this.setState("disconnected");
  }
}
