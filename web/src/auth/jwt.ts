/** The claims the client reads from an access token; it never verifies the signature (the server does). */
export type TokenClaims = { exp: number; iat?: number };

/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;
/** Never schedule refreshes closer together than this, so a short-lived token or a bad clock cannot cause a refresh loop. */
export const MIN_REFRESH_DELAY_MS = 1_000;
/** A request made with a token this close to expiry refreshes first instead of collecting a 401. */
export const STALE_TOKEN_MS = 5_000;
/** setTimeout holds a signed 32-bit delay; anything longer fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads `exp` (and `iat` when present) from a JWT's payload; null when the token is not a readable JWT. */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== "object" || claims === null) return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    if (typeof exp !== "number" || !Number.isFinite(exp)) return null;
    return typeof iat === "number" && Number.isFinite(iat) ? { exp, iat } : { exp };
  } catch {
    return null;
  }
}

/**
 * How far the browser's clock runs ahead of the server's, estimated when a token arrives:
 * a fresh token's `iat` is the server's "now". Zero when the token carries no `iat`.
 */
export function clockSkewMs(token: string, receivedAtMs: number): number {
  const iat = readTokenClaims(token)?.iat;
  return iat === undefined ? 0 : receivedAtMs - iat * 1000;
}

/** Milliseconds of validity left on the token by the server's clock; null when it has no readable `exp`. */
export function msUntilExpiry(token: string, nowMs: number, skewMs = 0): number | null {
  const claims = readTokenClaims(token);
  return claims ? claims.exp * 1000 - (nowMs - skewMs) : null;
}

/**
 * Delay before the access token should be refreshed: REFRESH_LEAD_MS before expiry, or half
 * its lifetime for tokens shorter than two leads. Null when the token has no `exp`.
 */
export function refreshDelayMs(token: string, nowMs: number, skewMs = 0): number | null {
  const claims = readTokenClaims(token);
  if (!claims) return null;
  const lifetimeMs = claims.iat === undefined ? Infinity : (claims.exp - claims.iat) * 1000;
  const leadMs = Math.min(REFRESH_LEAD_MS, lifetimeMs / 2);
  const serverNow = nowMs - skewMs;
  const delay = claims.exp * 1000 - leadMs - serverNow;
  return Math.min(MAX_TIMER_MS, Math.max(MIN_REFRESH_DELAY_MS, delay));
}

/** True when a request should refresh before using this token. */
export function isTokenStale(token: string, nowMs: number, skewMs = 0): boolean {
  const left = msUntilExpiry(token, nowMs, skewMs);
  return left !== null && left < STALE_TOKEN_MS;
}

type Timers = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (id: ReturnType<typeof setTimeout>) => void;
};

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
};

/** Calls `onDue` when `token` is due for refresh. Returns a function that cancels the timer. */
export function scheduleTokenRefresh(
  token: string,
  skewMs: number,
  onDue: () => void,
  timers: Timers = realTimers,
): () => void {
  const delay = refreshDelayMs(token, timers.now(), skewMs);
  if (delay === null) return () => {};
  const id = timers.setTimeout(onDue, delay);
  return () => timers.clearTimeout(id);
}
