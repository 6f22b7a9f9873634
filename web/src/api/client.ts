import { isTokenStale } from "../auth/jwt";
import { type SessionEndNotice, useSessionEndNotice } from "../auth/sessionEnd";
import { useAuthStore } from "../auth/store";
import type { ApiError } from "../generated/ApiError";
import type { ErrorCode } from "../generated/ErrorCode";
import type { RefreshRequest } from "../generated/RefreshRequest";
import type { TokenPair } from "../generated/TokenPair";

export const NETWORK_ERROR = "network_error";

/**
 * A server's stable code, or one the client gives a failure the server did not describe:
 * no answer at all, the session already ended, or an error page without our body.
 */
export type ClientErrorCode = ErrorCode | typeof NETWORK_ERROR | "signed_out" | `http_${number}`;

/** A failed API call: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  /** With `too_many_requests` and `rate_limited`: seconds until a retry can succeed. */
  readonly retryAfter?: number;

  constructor(status: number, code: ClientErrorCode, message: string, retryAfter?: number) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

/** The server refused the caller (an administrators-only page whose grant was taken away). */
export const isForbidden = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

/** The server's code for a member suspended in the request's tenant (a 401). */
export const ACCOUNT_SUSPENDED = "account_suspended";
/** The server's code for a request refused because the chat changed since it was loaded (a 409). */
export const CONFLICT = "conflict";

function isApiError(body: unknown): body is ApiError {
  if (typeof body !== "object" || body === null) return false;
  const { code, message } = body as Record<keyof ApiError, unknown>;
  return typeof code === "string" && typeof message === "string";
}

/** `Retry-After` in seconds (the server sends seconds, never a date). */
function retryAfterHeader(res: Response): number | undefined {
  const value = Number(res.headers.get("Retry-After") ?? NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

async function toApiRequestError(res: Response): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => null);
  if (isApiError(body)) {
    const retryAfter = typeof body.retryAfter === "number" ? body.retryAfter : retryAfterHeader(res);
    return new ApiRequestError(res.status, body.code, body.message, retryAfter);
  }
  return new ApiRequestError(res.status, `http_${res.status}`, res.statusText || `HTTP ${res.status}`, retryAfterHeader(res));
}

function timeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ApiRequestError(0, NETWORK_ERROR, message);
  }
}

// ---- session end -----------------------------------------------------------

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Subscribe to the end of the session (logout, or a refresh the server rejected). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Clears the stored session and tells the listeners (the router goes to /login). With a
 * `notice`, the sign-in page says why. Idempotent.
 */
export function endSession(notice?: SessionEndNotice): void {
  const state = useAuthStore.getState();
  if (state.refreshToken === null && state.accessToken === null && state.user === null) return;
  if (notice) useSessionEndNotice.getState().show(notice);
  state.clear();
  for (const listener of sessionEndedListeners) listener();
}

/** Whether a 401 says the member is suspended in this tenant (no refresh can help then). */
async function isSuspension(res: Response): Promise<boolean> {
  const body: unknown = await res.clone().json().catch(() => null);
  return isApiError(body) && body.code === ACCOUNT_SUSPENDED;
}

function currentTenantName(): string | null {
  const { tenants, tenantId } = useAuthStore.getState();
  return tenants.find((t) => t.id === tenantId)?.name ?? null;
}

// ---- refresh ---------------------------------------------------------------

let inFlightRefresh: Promise<string> | null = null;

/** Serialises refreshes across tabs: refresh tokens rotate, and a reused one revokes the session. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? locks.request("waybill.auth.refresh", fn) : fn();
}

async function runRefresh(): Promise<string> {
  const tokenBefore = useAuthStore.getState().refreshToken;
  return withRefreshLock(async () => {
    // Another tab may have rotated the token while this one waited for the lock.
    await useAuthStore.persist.rehydrate();
    const { refreshToken, accessToken, clockSkewMs } = useAuthStore.getState();
    if (!refreshToken) {
      endSession();
      throw new ApiRequestError(401, "signed_out", "Signed out");
    }
    if (refreshToken !== tokenBefore && accessToken && !isTokenStale(accessToken, Date.now(), clockSkewMs)) {
      return accessToken;
    }
    const body: RefreshRequest = { refreshToken };
    const res = await send("/api/auth/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      const error = await toApiRequestError(res);
      // A rejected refresh token ends the session; a server hiccup (5xx) keeps it for a later try.
      if (res.status >= 400 && res.status < 500) endSession();
      throw error;
    }
    const pair = (await res.json()) as TokenPair;
    useAuthStore.getState().setTokens(pair);
    return pair.accessToken;
  });
}

/**
 * Exchanges the refresh token for a new pair and stores both. Concurrent callers share
 * one request. Resolves to the new access token; ends the session when the server rejects
 * the refresh token.
 */
export function refreshSession(): Promise<string> {
  inFlightRefresh ??= runRefresh().finally(() => {
    inFlightRefresh = null;
  });
  return inFlightRefresh;
}

/** The current access token, refreshed first when it has (almost) expired. */
export async function freshAccessToken(): Promise<string | null> {
  const { accessToken, refreshToken, clockSkewMs } = useAuthStore.getState();
  if (refreshToken && (!accessToken || isTokenStale(accessToken, Date.now(), clockSkewMs))) {
    return refreshSession();
  }
  return accessToken;
}

// ---- requests --------------------------------------------------------------

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Login and refresh: no bearer token, no tenant headers, no refresh on 401. */
  anonymous?: boolean;
  /** Set false for calls where a 401 should not trigger refresh-and-retry (logout). */
  retryOnUnauthorized?: boolean;
};

/** Adds the time zone and, unless anonymous, the bearer token, tenant and facility. */
/**
 * The interface language the user chose (the catalogue keeps it on `<html lang>`): the
 * server writes its own texts in it (the offline model's answers, the forms it asks for),
 * whatever the browser's language list says.
 */
function interfaceLanguage(): string | null {
  return typeof document === "undefined" ? null : document.documentElement.lang || null;
}

function withSessionHeaders(base: HeadersInit | undefined, accessToken: string | null, anonymous: boolean): Headers {
  const headers = new Headers(base);
  const tz = timeZone();
  if (tz) headers.set("X-Timezone", tz);
  const lang = interfaceLanguage();
  if (lang && !headers.has("Accept-Language")) headers.set("Accept-Language", lang);
  if (anonymous) return headers;
  const { tenantId, facilityId } = useAuthStore.getState();
  if (accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
  if (tenantId) headers.set("X-Tenant-Id", tenantId);
  if (facilityId) headers.set("X-Facility-Id", facilityId);
  return headers;
}

/**
 * `fetch` with the session's headers: the token is refreshed first when it has (almost)
 * expired, and once more when the server answers 401, then the call is retried once. A
 * second 401 ends the session; so does a first one saying the member is suspended in
 * this tenant (a new token would not help). Network failures and aborts reject as `fetch`
 * does, so callers that tell a dropped connection from an error (the chat stream) still can.
 */
async function sessionFetch(path: string, init: RequestInit, retryOnUnauthorized: boolean): Promise<Response> {
  const attempt = (accessToken: string | null) =>
    fetch(path, { ...init, headers: withSessionHeaders(init.headers, accessToken, false) });
  const usedToken = await freshAccessToken();
  const res = await attempt(usedToken);
  if (res.status !== 401) return res;
  if (await isSuspension(res)) {
    endSession({ kind: "accountSuspended", tenantName: currentTenantName() });
    return res;
  }
  if (!retryOnUnauthorized) return res;

  // Another call may already have refreshed while this one was in flight.
  const current = useAuthStore.getState().accessToken;
  const retryToken = current && current !== usedToken ? current : await refreshSession();
  const retry = await attempt(retryToken);
  // A token fresh from the server was refused too: the session is gone.
  if (retry.status === 401) endSession();
  return retry;
}

/** A `fetch` for the Waybill API (the chat stream, uploads): see `sessionFetch`. */
export function authorizedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return sessionFetch(path, init, true);
}

async function parse<T>(res: Response): Promise<T> {
  if (!res.ok) throw await toApiRequestError(res);
  if (res.status === 204 || res.headers.get("Content-Length") === "0") return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Calls the Waybill API with the session's headers, refreshing the access token as needed. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal, anonymous = false, retryOnUnauthorized = true } = options;
  const hasBody = body !== undefined;
  const headers = new Headers({ Accept: "application/json" });
  if (hasBody) headers.set("Content-Type", "application/json");
  const init: RequestInit = { method, headers, body: hasBody ? JSON.stringify(body) : undefined, signal };

  if (anonymous) return parse<T>(await send(path, { ...init, headers: withSessionHeaders(headers, null, true) }));
  try {
    return await parse<T>(await sessionFetch(path, init, retryOnUnauthorized));
  } catch (cause) {
    if (cause instanceof ApiRequestError || isAbort(cause)) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new ApiRequestError(0, NETWORK_ERROR, message);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    request<T>(path, { ...options, method: "DELETE" }),
};
