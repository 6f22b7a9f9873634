import { afterEach, describe, expect, it, vi } from "vitest";
import { makeJwt } from "../test/jwt";
import {
  MIN_REFRESH_DELAY_MS,
  REFRESH_LEAD_MS,
  clockSkewMs,
  isTokenStale,
  readTokenClaims,
  refreshDelayMs,
  scheduleTokenRefresh,
} from "./jwt";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);

describe("reading a JWT", () => {
  it("reads exp and iat from a base64url payload", () => {
    // "é" and "?" make standard base64 and base64url differ.
    const token = makeJwt({ exp: 2_000_000_000, iat: 1_999_999_000, name: "é???>>" });
    expect(readTokenClaims(token)).toEqual({ exp: 2_000_000_000, iat: 1_999_999_000 });
  });

  it("returns null for tokens it cannot read", () => {
    expect(readTokenClaims("not-a-jwt")).toBeNull();
    expect(readTokenClaims("a.!!!.c")).toBeNull();
    expect(readTokenClaims(makeJwt({ sub: "u1" }))).toBeNull();
    expect(readTokenClaims(makeJwt({ exp: "soon" }))).toBeNull();
  });
});

describe("refresh scheduling", () => {
  afterEach(() => vi.useRealTimers());

  it("refreshes 60 s before expiry", () => {
    const token = makeJwt({ iat: sec(NOW), exp: sec(NOW) + 15 * 60 });
    expect(refreshDelayMs(token, NOW)).toBe(15 * 60_000 - REFRESH_LEAD_MS);
  });

  it("refreshes at half-life for tokens shorter than two minutes", () => {
    const token = makeJwt({ iat: sec(NOW), exp: sec(NOW) + 40 });
    expect(refreshDelayMs(token, NOW)).toBe(20_000);
  });

  it("never schedules sooner than the minimum delay, even for an expired token", () => {
    const token = makeJwt({ exp: sec(NOW) - 300 });
    expect(refreshDelayMs(token, NOW)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it("corrects for a browser clock that runs ahead of the server", () => {
    const serverNow = NOW;
    const browserNow = NOW + 20 * 60_000;
    const token = makeJwt({ iat: sec(serverNow), exp: sec(serverNow) + 15 * 60 });
    const skew = clockSkewMs(token, browserNow);
    expect(skew).toBe(20 * 60_000);
    expect(refreshDelayMs(token, browserNow, skew)).toBe(15 * 60_000 - REFRESH_LEAD_MS);
    expect(isTokenStale(token, browserNow, skew)).toBe(false);
    expect(isTokenStale(token, browserNow)).toBe(true);
  });

  it("does not schedule anything for a token without exp", () => {
    expect(refreshDelayMs(makeJwt({ sub: "u" }), NOW)).toBeNull();
  });

  it("fires the callback when the token is due, and not after cancel", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const token = makeJwt({ iat: sec(NOW), exp: sec(NOW) + 5 * 60 });
    const onDue = vi.fn();

    const cancel = scheduleTokenRefresh(token, 0, onDue);
    vi.advanceTimersByTime(4 * 60_000 - 1);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDue).toHaveBeenCalledTimes(1);

    const onDueLater = vi.fn();
    const cancelLater = scheduleTokenRefresh(token, 0, onDueLater);
    cancelLater();
    vi.advanceTimersByTime(10 * 60_000);
    expect(onDueLater).not.toHaveBeenCalled();
    cancel();
  });
});
