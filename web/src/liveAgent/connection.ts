import type { ChatMessage } from "../chat/types";
import { type Clock, systemClock } from "./clock";
import {
  EARLY_MESSAGE_DELAY_MS,
  MESSAGE_TYPE,
  QUEUE_POLL_MS,
  SOCKET_ERROR_LIMIT,
  STABILITY_CHECK_MS,
  STABILITY_MAX_FAILURES,
  STATUS_UPDATE_DELAY_MS,
  TEMP_SESSION_CHANNEL,
  TOKEN_CHECK_MS,
  TOKEN_REFRESH_MARGIN_MS,
} from "./constants";
import { type FetchFn, ImClient, type WaybillCredentials } from "./imClient";
import { fromWire, ownMessage } from "./messages";
import { ImSocket, type SocketLike } from "./socket";
import { type LiveAgentAction, type LiveAgentState, agentReady, assertCanConnect, initialState, liveAgentReducer } from "./state";
import type { UserInfo } from "./userInfo";
import { type SiteVariant, needsUserInfo } from "./variants";
import { parseWireMessage } from "./wire";

/** The notices the connection adds to the chat as system messages (spec 002 §8). */
export type SystemNotice = "connectionFailed" | "disconnected";

export type ConnectionEvents = {
  /** A message from the agent, the system, or the customer elsewhere, in chat form. */
  onMessage: (message: ChatMessage) => void;
  onSystem: (notice: SystemNotice, groupId: string | null) => void;
};

export type ConnectionOptions = {
  serviceUrl: string;
  wsUrl: string;
  variant: SiteVariant;
  credentials: () => Promise<WaybillCredentials>;
  /** The chat and facility the conversation starts from (the desk shows the chat). */
  chatId?: string;
  facilityId?: string;
  /** The third variant's details; null when the user cancelled (nothing is said then). */
  userInfo?: () => Promise<UserInfo | null>;
  events: ConnectionEvents;
  clock?: Clock;
  fetch?: FetchFn;
  createSocket?: (url: string) => SocketLike;
};

type Listener = (state: LiveAgentState) => void;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One customer's connection to a live agent (spec 002 §4): the messaging login, the
 * session and its queue (polled every 5 s), the socket once an agent can take it (its
 * stability checked every 10 s), the token kept fresh, and the way out. Its state is
 * `liveAgentReducer`'s; `subscribe` tells React.
 */
export class LiveAgentConnection {
  private readonly options: ConnectionOptions;
  private readonly clock: Clock;
  readonly client: ImClient;
  private state: LiveAgentState = initialState;
  private readonly listeners = new Set<Listener>();
  private socket: ImSocket | null = null;
  /** Bumped by every connect and disconnect: an older attempt's late answers are ignored. */
  private attempt = 0;
  private timers: { poll: unknown; tokens: unknown; stability: unknown } = { poll: null, tokens: null, stability: null };
  private readonly delayed = new Set<unknown>();
  private drops = 0;
  private socketErrors = 0;
  /** The customer's own `sendId`, once a send (or the login) said it. */
  private ownSendId: string | undefined;

  constructor(options: ConnectionOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.client = new ImClient({ serviceUrl: options.serviceUrl, credentials: options.credentials, fetch: options.fetch, now: () => this.clock.now() });
  }

  getState = (): LiveAgentState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(action: LiveAgentAction): void {
    const next = liveAgentReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }

  private get ownId(): string | undefined {
    return this.ownSendId ?? this.client.userId;
  }

  /**
   * Connects: allowed from idle, disconnected or error only ('Cannot connect while in
   * state: {state}'). Resolves once connected or queued; rejects when it failed (the
   * state is `error` then, and the chat has a system message). `question` is what the
   * customer said they need, handed over with the request.
   */
  async connect({ question }: { question?: string } = {}): Promise<void> {
    assertCanConnect(this.state.status);
    this.stopAll();
    const attempt = ++this.attempt;
    const current = () => attempt === this.attempt;
    let info: UserInfo | null = null;
    if (needsUserInfo(this.options.variant)) {
      try {
        info = (await this.options.userInfo?.()) ?? null;
      } catch (error) {
        if (current()) this.fail(message(error));
        throw error;
      }
      if (info === null || !current()) return;
    }
    this.dispatch({ type: "connect" });
    try {
      await this.client.login();
      if (!current()) return;
      this.dispatch({ type: "authenticated" });
      const session = info
        ? (
            await this.client.createTempSession({
              ...info,
              title: `Conversation with ${info.firstName} ${info.lastName}`,
              channel: TEMP_SESSION_CHANNEL,
              ...(this.options.chatId ? { chatId: this.options.chatId } : {}),
            })
          ).session
        : await this.client.createSession({ chatId: this.options.chatId, facilityId: this.options.facilityId, ...(question ? { question } : {}) });
      if (!session?.sessionId) throw new Error("Failed to create live agent session");
      if (!current()) {
        void this.client.close(session.sessionId).catch(() => undefined);
        return;
      }
      this.dispatch({
        type: "sessionCreated",
        sessionId: session.sessionId,
        groupId: session.groupId ?? null,
        position: session.position,
        agentAvailable: session.agentAvailable,
      });
      this.startTokenChecks();
      if (this.state.status === "queued") this.startPolling();
      else await this.openSocket(attempt);
    } catch (error) {
      if (current()) this.fail(message(error));
      throw error;
    }
  }

  /**
   * On load: a session this chat handed over and that is still open on the service is
   * taken up again — queued (polling) or with the agent (the socket, which replays what
   * was said meanwhile). Resolves true when there was one; false when there was none,
   * the service could not say, or the page started something itself meanwhile. A
   * failure after the session was found ends in `error` with the system message.
   */
  async resume(): Promise<boolean> {
    const { chatId } = this.options;
    if (!chatId || this.state.status !== "idle") return false;
    const attempt = ++this.attempt;
    const current = () => attempt === this.attempt;
    let found;
    try {
      found = await this.client.openSession(chatId);
    } catch {
      return false;
    }
    if (!found?.sessionId || !current() || this.state.status !== "idle") return false;
    this.dispatch({ type: "resumed", sessionId: found.sessionId, groupId: found.groupId ?? null, position: found.position, agentAvailable: found.agentAvailable });
    try {
      await this.client.login();
      if (!current()) return true;
      this.startTokenChecks();
      if (this.getState().status === "queued") this.startPolling();
      else await this.openSocket(attempt);
    } catch (error) {
      if (current()) this.fail(message(error));
    }
    return true;
  }

  private fail(error: string): void {
    const groupId = this.state.groupId;
    // Whatever is still on its way for this attempt is over: it must not fail twice.
    this.attempt += 1;
    this.stopAll();
    this.client.clear();
    this.dispatch({ type: "failed", error });
    this.options.events.onSystem("connectionFailed", groupId);
  }

  private startPolling(): void {
    this.timers.poll = this.clock.setInterval(() => void this.pollOnce(), QUEUE_POLL_MS);
  }

  private stopPolling(): void {
    if (this.timers.poll !== null) this.clock.clearInterval(this.timers.poll);
    this.timers.poll = null;
  }

  private async pollOnce(): Promise<void> {
    const { sessionId } = this.state;
    const attempt = this.attempt;
    if (!sessionId || this.state.status !== "queued") return;
    let update;
    try {
      update = await this.client.poll(sessionId);
    } catch {
      // A missed poll is asked again in 5 s.
      return;
    }
    if (attempt !== this.attempt || this.state.status !== "queued") return;
    if (update.status === "closed") {
      this.ended();
      return;
    }
    this.dispatch({ type: "queueUpdate", position: update.position, agentAvailable: update.agentAvailable });
    if (agentReady(update.position, update.agentAvailable) || update.status === "active") {
      this.stopPolling();
      try {
        await this.openSocket(attempt);
      } catch (error) {
        if (attempt === this.attempt) this.fail(message(error));
      }
    }
  }

  private startTokenChecks(): void {
    this.timers.tokens = this.clock.setInterval(() => {
      if (this.client.expiresWithin(TOKEN_REFRESH_MARGIN_MS)) void this.client.refresh().catch(() => undefined);
    }, TOKEN_CHECK_MS);
  }

  private wsUrl(): string {
    if (this.options.wsUrl) return this.options.wsUrl;
    const base = this.options.serviceUrl ? new URL(this.options.serviceUrl) : new URL(window.location.href);
    const scheme = base.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${base.host}/app-api/im/ws`;
  }

  private async openSocket(attempt: number): Promise<void> {
    this.socket?.disconnect();
    this.drops = 0;
    this.socketErrors = 0;
    const socket = new ImSocket({
      url: this.wsUrl(),
      token: () => this.client.accessToken,
      clock: this.clock,
      createSocket: this.options.createSocket,
      events: {
        onState: (state) => {
          // A reconnect that authenticated again brings the conversation back.
          if (state === "connected" && this.socket === socket) this.dispatch({ type: "socketAuthenticated" });
        },
        onMessage: (data) => this.receive(data),
        onSessionClosed: () => this.ended(),
        onDrop: () => this.dropped(),
        onSocketError: () => {
          this.socketErrors += 1;
          if (this.socketErrors > SOCKET_ERROR_LIMIT) this.fail("Failed to connect to agent");
        },
        onGiveUp: (reason) => {
          if (this.socket === socket) this.fail(reason);
        },
      },
    });
    this.socket = socket;
    await socket.connect();
    if (attempt !== this.attempt || this.socket !== socket) return;
    this.dispatch({ type: "socketAuthenticated" });
    this.startStabilityCheck();
  }

  /** The socket closed by itself: disconnected until it reconnects; the state is read again after 1 s. */
  private dropped(): void {
    this.drops += 1;
    if (this.state.status !== "connected") return;
    this.dispatch({ type: "socketDropped" });
    const attempt = this.attempt;
    this.later(async () => {
      const { sessionId } = this.state;
      if (attempt !== this.attempt || !sessionId) return;
      try {
        if (this.client.expiresWithin(0)) await this.client.refresh();
        const update = await this.client.poll(sessionId);
        if (attempt === this.attempt && update.status === "closed") this.ended();
      } catch {
        // The socket's own reconnects go on; the stability check decides if they fail.
      }
    }, STATUS_UPDATE_DELAY_MS);
  }

  private startStabilityCheck(): void {
    if (this.timers.stability !== null) this.clock.clearInterval(this.timers.stability);
    this.timers.stability = this.clock.setInterval(() => {
      if (this.drops <= STABILITY_MAX_FAILURES) return;
      // Too unstable: start the socket afresh rather than wait out its retries.
      this.drops = 0;
      this.dispatch({ type: "socketDropped" });
      const attempt = this.attempt;
      this.openSocket(attempt).catch((error: unknown) => {
        if (attempt === this.attempt) this.fail(message(error));
      });
    }, STABILITY_CHECK_MS);
  }

  private later(fn: () => void | Promise<void>, ms: number): void {
    const handle = this.clock.setTimeout(() => {
      this.delayed.delete(handle);
      void fn();
    }, ms);
    this.delayed.add(handle);
  }

  private receive(data: unknown): void {
    const wire = parseWireMessage(data, this.clock.now());
    if (!wire) return;
    // The customer's own messages come back too; until their id is known they wait.
    if (this.ownId === undefined) this.later(() => this.deliver(wire), EARLY_MESSAGE_DELAY_MS);
    else this.deliver(wire);
  }

  private deliver(wire: NonNullable<ReturnType<typeof parseWireMessage>>): void {
    if (wire.sendId && wire.sendId === this.ownId) return;
    this.options.events.onMessage(fromWire(wire, false));
  }

  /** The session ended on the service's side (the agent closed it, or it left for good). */
  private ended(): void {
    const wasConnected = this.state.status === "connected" || this.state.status === "disconnected";
    const groupId = this.state.groupId;
    this.attempt += 1;
    this.stopAll();
    this.client.clear();
    this.dispatch({ type: "disconnected" });
    if (wasConnected) this.options.events.onSystem("disconnected", groupId);
  }

  private requireSession(): string {
    if (this.state.status !== "connected") throw new Error(`Cannot send message while in state: ${this.state.status}`);
    if (!this.state.sessionId) throw new Error("No active session");
    return this.state.sessionId;
  }

  /** Sends text; resolves with the message as the chat keeps it. */
  sendText(text: string): Promise<ChatMessage> {
    return this.send(MESSAGE_TYPE.text, text);
  }

  /** Sends an image by its Waybill file link (type 1). */
  sendImage(url: string, filename: string): Promise<ChatMessage> {
    return this.send(MESSAGE_TYPE.image, url, filename);
  }

  private async send(type: number, content: string, filename?: string): Promise<ChatMessage> {
    const sessionId = this.requireSession();
    const sent = await this.client.sendMessage({ sessionId, content, type });
    if (sent.sendId) this.ownSendId = sent.sendId;
    const now = this.clock.now();
    return ownMessage({
      id: sent.id ?? `${sessionId}-${now}`,
      sendId: sent.sendId ?? this.ownId ?? "",
      groupId: this.state.groupId ?? "",
      type,
      content,
      timestamp: sent.timestamp ?? now,
      ...(filename ? { filename } : {}),
    });
  }

  /**
   * Leaves: the socket closed, the session closed on the service, tokens and session
   * forgotten, then `disconnected` (with a system message if it was connected). From the
   * page (`fromUi`) it ends in `idle`.
   */
  async disconnect({ fromUi = false }: { fromUi?: boolean } = {}): Promise<void> {
    const { status, sessionId, groupId } = this.state;
    const wasConnected = status === "connected";
    this.attempt += 1;
    this.stopAll();
    // A dropped socket still holds its session: that is closed too.
    if (status !== "idle" && status !== "error" && (status !== "disconnected" || sessionId)) {
      this.dispatch({ type: "disconnect" });
      if (sessionId) await this.client.close(sessionId).catch(() => undefined);
      this.client.clear();
      this.dispatch({ type: "disconnected" });
    } else {
      this.client.clear();
    }
    if (wasConnected) this.options.events.onSystem("disconnected", groupId);
    if (fromUi) this.dispatch({ type: "reset" });
  }

  private stopAll(): void {
    this.stopPolling();
    for (const name of ["tokens", "stability"] as const) {
      if (this.timers[name] !== null) this.clock.clearInterval(this.timers[name]);
      this.timers[name] = null;
    }
    for (const handle of this.delayed) this.clock.clearTimeout(handle);
    this.delayed.clear();
    this.socket?.disconnect();
    this.socket = null;
  }

  /** Stops every timer and the socket, without telling the service (the page went away). */
  dispose(): void {
    this.attempt += 1;
    this.stopAll();
    this.listeners.clear();
  }
}
