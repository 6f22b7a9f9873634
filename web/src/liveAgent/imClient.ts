import { isRecord, num, str } from "../lib/values";
import { HTTP_TIMEOUT_MS } from "./constants";
import { type GroupMember, type ImTokens, type SentMessage, type SessionData, parseMembers, parseSent, parseSession, parseTokens } from "./wire";

/**
 * The messaging service's REST client (`/app-api`, docs/live-agent.md; spec 002 §7):
 * the messaging login from the Waybill session, the `accessToken` header, the
 * `{code, msg, data}` envelope, and one token refresh for a 401 that every request
 * refused meanwhile waits for.
 */

/** A refusal or failure of the messaging service; `status` 0 when it could not be reached. */
export class ImRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "ImRequestError";
    this.status = status;
  }
}

/** The Waybill session the messaging login is made from. */
export type WaybillCredentials = { accessToken: string | null; tenantId: string | null };

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export type ImClientOptions = {
  /** The service's base URL; "" is this origin. */
  serviceUrl: string;
  /** The Waybill access token and tenant, fresh (the site variant says where they come from). */
  credentials: () => Promise<WaybillCredentials>;
  fetch?: FetchFn;
  now?: () => number;
  timeoutMs?: number;
};

/** What the customer gives to be queued (the third variant adds name and email). */
/** `question`: what the customer said they need, shown to the agents with the request (the chat's last question when not given). */
export type SessionRequest = { chatId?: string; facilityId?: string; firstName?: string; lastName?: string; email?: string; question?: string };

export type TempSessionRequest = { email: string; firstName: string; lastName: string; title: string; channel: string; chatId?: string };

/** The third variant's answer: who the service knows the customer as, and the session. */
export type TempSession = { userId: string | undefined; session: SessionData | null };

type Tokens = ImTokens & { expiresAt: number };

type Envelope = { code: number | undefined; msg: string | undefined; data: unknown };

function envelopeOf(body: unknown): Envelope {
  if (!isRecord(body)) return { code: undefined, msg: undefined, data: undefined };
  return { code: num(body.code), msg: str(body.msg), data: body.data };
}

export class ImClient {
  private readonly options: ImClientOptions;
  private tokens: Tokens | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly members = new Map<string, Promise<GroupMember[]>>();

  constructor(options: ImClientOptions) {
    this.options = options;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The messaging user id of the login (the customer's own `sendId`). */
  get userId(): string | undefined {
    return this.tokens?.userId;
  }

  get accessToken(): string | null {
    return this.tokens?.accessToken ?? null;
  }

  /** Whether the access token ends within `ms` (or has ended, or there is none). */
  expiresWithin(ms: number): boolean {
    return !this.tokens || this.tokens.expiresAt - this.now() < ms;
  }

  /** Forgets the tokens (and the group members read with them). */
  clear(): void {
    this.tokens = null;
    this.members.clear();
  }

  private store(tokens: ImTokens): void {
    const userId = tokens.userId ?? this.tokens?.userId;
    this.tokens = { ...tokens, userId, expiresAt: this.now() + tokens.accessTokenExpiresIn * 1000 };
  }

  private async send(path: string, init: RequestInit & { headers: Headers }): Promise<{ status: number; envelope: Envelope }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs ?? HTTP_TIMEOUT_MS);
    init.headers.set("Accept", "application/json");
    if (init.body !== undefined) init.headers.set("Content-Type", "application/json");
    try {
      const res = await (this.options.fetch ?? ((input, i) => fetch(input, i)))(`${this.options.serviceUrl}${path}`, { ...init, signal: controller.signal });
      const body: unknown = await res.json().catch(() => null);
      return { status: res.status, envelope: envelopeOf(body) };
    } catch (cause) {
      throw new ImRequestError(0, cause instanceof Error ? cause.message : String(cause));
    } finally {
      clearTimeout(timer);
    }
  }

  private static check(status: number, envelope: Envelope): unknown {
    if (status < 200 || status >= 300 || (envelope.code !== undefined && envelope.code !== 0)) {
      throw new ImRequestError(status, envelope.msg ?? `HTTP ${status}`);
    }
    return envelope.data;
  }

  /** The Waybill session's headers, for the calls made before the messaging login. */
  private async waybillHeaders(): Promise<Headers> {
    const { accessToken, tenantId } = await this.options.credentials();
    if (!accessToken) throw new ImRequestError(401, "No authentication token available");
    const headers = new Headers({ Authorization: `Bearer ${accessToken}` });
    if (tenantId) headers.set("X-Tenant-Id", tenantId);
    return headers;
  }

  /**
   * The session still open for `chatId` (queued or active), or null:
   * `GET /app-api/customer/server/open/{chatId}` with the Waybill session, so a chat that
   * has none needs no messaging login. Rejects when the service could not say.
   */
  async openSession(chatId: string): Promise<SessionData | null> {
    const headers = await this.waybillHeaders();
    const { status, envelope } = await this.send(`/app-api/customer/server/open/${encodeURIComponent(chatId)}`, { method: "GET", headers });
    const data = ImClient.check(status, envelope);
    const session = parseSession(isRecord(data) ? data.data : undefined);
    return session?.sessionId ? session : null;
  }

  /** `POST /app-api/iam/login/0` with the Waybill session: the messaging tokens. */
  async login(): Promise<void> {
    const headers = await this.waybillHeaders();
    let data: unknown;
    try {
      const { status, envelope } = await this.send("/app-api/iam/login/0", { method: "POST", headers });
      data = ImClient.check(status, envelope);
    } catch (cause) {
      throw new ImRequestError(cause instanceof ImRequestError ? cause.status : 0, "Failed to authenticate with IM service");
    }
    const tokens = parseTokens(data);
    if (!tokens) throw new ImRequestError(0, "Failed to obtain IM token from response");
    this.store(tokens);
  }

  /**
   * `PUT /app-api/refreshToken` (the refresh token rotates). Concurrent callers share one
   * request.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<void> {
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) throw new ImRequestError(401, "No refresh token available");
    let tokens: ImTokens | null;
    try {
      const { status, envelope } = await this.send("/app-api/refreshToken", { method: "PUT", headers: new Headers(), body: JSON.stringify({ refreshToken }) });
      tokens = parseTokens(ImClient.check(status, envelope));
    } catch (cause) {
      throw new ImRequestError(cause instanceof ImRequestError ? cause.status : 0, "Failed to refresh authentication");
    }
    if (!tokens) throw new ImRequestError(0, "Failed to refresh authentication");
    this.store(tokens);
  }

  /** A call with the `accessToken` header; a 401 refreshes once (shared) and retries once. */
  private async call(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<unknown> {
    if (this.refreshing) await this.refreshing;
    const attempt = async () => {
      const token = this.tokens?.accessToken;
      if (!token) throw new ImRequestError(401, "No authentication token available");
      const init: RequestInit & { headers: Headers } = { method, headers: new Headers({ accessToken: token }) };
      if (body !== undefined) init.body = JSON.stringify(body);
      return { token, ...(await this.send(path, init)) };
    };
    let answer = await attempt();
    if (answer.status === 401) {
      // Another call may have refreshed while this one was on its way.
      if (this.tokens?.accessToken === answer.token) await this.refresh();
      else if (this.refreshing) await this.refreshing;
      answer = await attempt();
    }
    return ImClient.check(answer.status, answer.envelope);
  }

  /** Creates (or resumes) the caller's session: `POST /app-api/customer/server/pool`, status "1". */
  async createSession(request: SessionRequest): Promise<SessionData> {
    const data = await this.call("POST", "/app-api/customer/server/pool", { ...request, status: "1" });
    const session = parseSession(isRecord(data) ? data.data : undefined);
    if (!session?.sessionId) throw new ImRequestError(0, "Failed to obtain session ID from response");
    return session;
  }

  /** The third variant's temporary session, created from the user's details. */
  async createTempSession(request: TempSessionRequest): Promise<TempSession> {
    const data = await this.call("POST", "/app-api/customer/server/temp", { ...request, bizType: "UF", status: "1" });
    const record = isRecord(data) ? data : {};
    const info = isRecord(record.userSessionInfo) ? record.userSessionInfo : {};
    const userId = str(info.userId) ?? (typeof info.userId === "number" ? String(info.userId) : undefined);
    if (userId && this.tokens) this.tokens = { ...this.tokens, userId };
    const session = parseSession(record.data);
    if (!session?.sessionId) throw new ImRequestError(0, "Failed to obtain session ID from response");
    return { userId, session };
  }

  /** The queue's news of a session: `POST /app-api/customer/server/pool`, status "2". */
  async poll(sessionId: string): Promise<SessionData> {
    const data = await this.call("POST", "/app-api/customer/server/pool", { sessionId, status: "2" });
    return parseSession(data) ?? { sessionId, position: 0, waitTime: 0, agentAvailable: false, status: undefined, groupId: undefined };
  }

  /** Sends text (type 0) or an image's Waybill file link (type 1). */
  async sendMessage(message: { sessionId: string; content: string; type: number; recvId?: string }): Promise<SentMessage> {
    return parseSent(await this.call("POST", "/app-api/customer/server/message", message));
  }

  async close(sessionId: string): Promise<void> {
    await this.call("POST", `/app-api/customer/server/close/${encodeURIComponent(sessionId)}`);
  }

  /** The customer and the agent of a conversation, asked once per group. */
  groupMembers(groupId: string): Promise<GroupMember[]> {
    let members = this.members.get(groupId);
    if (!members) {
      members = this.call("GET", `/app-api/group/members/${encodeURIComponent(groupId)}`).then(parseMembers);
      members.catch(() => this.members.delete(groupId));
      this.members.set(groupId, members);
    }
    return members;
  }
}
