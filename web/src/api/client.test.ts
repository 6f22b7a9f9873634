import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSessionEndNotice } from "../auth/sessionEnd";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import type { MeResponse } from "../generated/MeResponse";
import { deferred, json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { logout } from "./auth";
import { ApiRequestError, api, onSessionEnded, refreshSession } from "./client";

const nowSec = () => Math.floor(Date.now() / 1000);
const token = (name: string, ttlSec = 900) => makeJwt({ sub: name, iat: nowSec(), exp: nowSec() + ttlSec });

const session: LoginResponse = {
  accessToken: token("access-1"),
  refreshToken: "refresh-1",
  user: { firstName: "Ada", userName: "ada", email: "ada@example.test" },
  tenants: [
    { id: "t1", name: "North Hub", facilities: [{ id: "f1", name: "Dock A" }, { id: "f2", name: "Dock B" }], roles: ["admin"] },
    { id: "t2", name: "South Hub", facilities: [{ id: "f3", name: "Yard" }], roles: [] },
  ],
};

const me: MeResponse = { user: session.user, tenants: session.tenants };

beforeEach(() => {
  useAuthStore.getState().signIn(session);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client headers", () => {
  it("sends the bearer token, first tenant and facility, and the time zone", async () => {
    const calls = mockFetch(() => json(200, me));
    await expect(api.get<MeResponse>("/api/auth/me")).resolves.toEqual(me);

    const headers = calls[0]!.headers;
    expect(headers.get("Authorization")).toBe(`Bearer ${session.accessToken}`);
    expect(headers.get("X-Tenant-Id")).toBe("t1");
    expect(headers.get("X-Facility-Id")).toBe("f1");
    expect(headers.get("X-Timezone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("tells the server the interface language the user chose, not the browser's", async () => {
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = "ja";
      const calls = mockFetch(() => json(200, me));
      await api.get("/api/auth/me");
      expect(calls[0]!.headers.get("Accept-Language")).toBe("ja");
    } finally {
      document.documentElement.lang = before;
    }
  });

  it("follows the selected tenant and facility", async () => {
    useAuthStore.getState().selectTenant("t2");
    const calls = mockFetch(() => json(200, me));
    await api.get("/api/auth/me");
    expect(calls[0]!.headers.get("X-Tenant-Id")).toBe("t2");
    expect(calls[0]!.headers.get("X-Facility-Id")).toBe("f3");
  });

  it("keeps how long to wait from a 429", async () => {
    mockFetch(() => json(429, { code: "too_many_requests", message: "Slow down", retryAfter: 17 }));
    await expect(api.get("/api/auth/me")).rejects.toMatchObject({ status: 429, code: "too_many_requests", retryAfter: 17 });
    mockFetch(() => new Response("busy", { status: 429, headers: { "Retry-After": "9" } }));
    await expect(api.get("/api/auth/me")).rejects.toMatchObject({ status: 429, retryAfter: 9 });
  });

  it("turns a {code, message} body into an ApiRequestError", async () => {
    mockFetch(() => json(403, { code: "facility_not_granted", message: "No access to this facility" }));
    const error = await api.get("/api/auth/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: "facility_not_granted", message: "No access to this facility" });
  });
});

describe("token refresh", () => {
  it("refreshes once on a 401, retries, and stores the rotated tokens", async () => {
    const fresh = token("access-2");
    const calls = mockFetch(({ path, headers }) => {
      if (path === "/api/auth/refresh") return json(200, { accessToken: fresh, refreshToken: "refresh-2" });
      return headers.get("Authorization") === `Bearer ${fresh}`
        ? json(200, me)
        : json(401, { code: "token_expired", message: "expired" });
    });

    await expect(api.get("/api/auth/me")).resolves.toEqual(me);

    expect(calls.map((c) => c.path)).toEqual(["/api/auth/me", "/api/auth/refresh", "/api/auth/me"]);
    expect(calls[1]!.body).toEqual({ refreshToken: "refresh-1" });
    expect(calls[1]!.headers.has("Authorization")).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: fresh, refreshToken: "refresh-2" });
  });

  it("shares one in-flight refresh between concurrent callers", async () => {
    const fresh = token("access-2");
    const refreshGate = deferred<Response>();
    const calls = mockFetch(({ path, headers }) => {
      if (path === "/api/auth/refresh") return refreshGate.promise;
      return headers.get("Authorization") === `Bearer ${fresh}`
        ? json(200, me)
        : json(401, { code: "token_expired", message: "expired" });
    });

    const results = Promise.all([api.get("/api/a"), api.get("/api/b"), api.get("/api/c"), refreshSession()]);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === "/api/auth/refresh")).toHaveLength(1));
    refreshGate.resolve(json(200, { accessToken: fresh, refreshToken: "refresh-2" }));
    await results;

    expect(calls.filter((c) => c.path === "/api/auth/refresh")).toHaveLength(1);
    expect(calls.filter((c) => c.path !== "/api/auth/refresh")).toHaveLength(6);
    expect(useAuthStore.getState().refreshToken).toBe("refresh-2");
  });

  it("starts a new refresh after the previous one settled", async () => {
    let n = 0;
    const calls = mockFetch(() => {
      n += 1;
      return json(200, { accessToken: token(`access-${n + 1}`), refreshToken: `refresh-${n + 1}` });
    });
    await refreshSession();
    await refreshSession();
    expect(calls.map((c) => c.body)).toEqual([{ refreshToken: "refresh-1" }, { refreshToken: "refresh-2" }]);
  });

  it("refreshes before the call when the access token has expired", async () => {
    useAuthStore.getState().setTokens({ accessToken: token("old", -30), refreshToken: "refresh-1" });
    const fresh = token("access-2");
    const calls = mockFetch(({ path }) =>
      path === "/api/auth/refresh" ? json(200, { accessToken: fresh, refreshToken: "refresh-2" }) : json(200, me),
    );
    await api.get("/api/auth/me");
    expect(calls.map((c) => c.path)).toEqual(["/api/auth/refresh", "/api/auth/me"]);
    expect(calls[1]!.headers.get("Authorization")).toBe(`Bearer ${fresh}`);
  });

  it("ends the session when the refresh token is rejected", async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    mockFetch(({ path }) =>
      path === "/api/auth/refresh"
        ? json(401, { code: "invalid_refresh_token", message: "Session revoked" })
        : json(401, { code: "token_expired", message: "expired" }),
    );

    await expect(api.get("/api/auth/me")).rejects.toMatchObject({ status: 401, code: "invalid_refresh_token" });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: null, refreshToken: null, user: null });
    expect(JSON.parse(localStorage.getItem("waybill.auth") ?? "{}").state.refreshToken).toBeNull();
    unsubscribe();
  });

  it("ends the session at once, without a refresh, when the member is suspended in the tenant", async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    const calls = mockFetch(() => json(401, { code: "account_suspended", message: "This account is suspended in this tenant; ask an administrator" }));

    await expect(api.get("/api/chat-history")).rejects.toMatchObject({ status: 401, code: "account_suspended" });

    expect(calls.map((c) => c.path)).toEqual(["/api/chat-history"]);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().refreshToken).toBeNull();
    expect(useSessionEndNotice.getState().notice).toEqual({ kind: "accountSuspended", tenantName: "North Hub" });
    unsubscribe();
    useSessionEndNotice.getState().clear();
  });

  it("keeps the session when the refresh fails on the server side", async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    mockFetch(({ path }) =>
      path === "/api/auth/refresh"
        ? json(503, { code: "unavailable", message: "Try again" })
        : json(401, { code: "token_expired", message: "expired" }),
    );
    await expect(api.get("/api/auth/me")).rejects.toMatchObject({ status: 503 });
    expect(ended).not.toHaveBeenCalled();
    expect(useAuthStore.getState().refreshToken).toBe("refresh-1");
    unsubscribe();
  });
});

describe("logout", () => {
  it("posts the refresh token with the auth headers and clears the session", async () => {
    const calls = mockFetch(() => new Response(null, { status: 204 }));
    await logout();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: "/api/auth/logout", method: "POST", body: { refreshToken: "refresh-1" } });
    expect(calls[0]!.headers.get("Authorization")).toBe(`Bearer ${session.accessToken}`);
    expect(calls[0]!.headers.get("X-Tenant-Id")).toBe("t1");
    expect(useAuthStore.getState().refreshToken).toBeNull();
  });

  it("clears the session even when the server call fails", async () => {
    const calls = mockFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    await logout();
    expect(calls).toHaveLength(1);
    expect(useAuthStore.getState().user).toBeNull();
  });
});
