import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { LoginResponse } from "../../../generated/LoginResponse";
import { json, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { ApiRequestError, NETWORK_ERROR, isForbidden } from "../../../api/client";
import { REST_BASE, TrackerRestError, addComment, doTransition, getIssue, isNotFound, jiraErrorOf, listAssignable, searchIssues } from "./trackerRest";

const nowSec = () => Math.floor(Date.now() / 1000);
const token = (name: string) => makeJwt({ sub: name, iat: nowSec(), exp: nowSec() + 900 });

const session: LoginResponse = {
  accessToken: token("access-1"),
  refreshToken: "refresh-1",
  user: { firstName: "Ada", userName: "ada", email: "ada@example.test" },
  tenants: [{ id: "t1", name: "North Hub", facilities: [{ id: "f1", name: "Dock A" }], roles: [] }],
};

beforeEach(() => {
  useAuthStore.getState().signIn(session);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the tracker's REST calls", () => {
  it("are made under the REST subset's prefix", () => {
    expect(REST_BASE).toBe("/tracker/rest/api/2");
  });

  it("send the session's token, tenant and facility, and encode the query", async () => {
    const calls = mockFetch(() => json(200, { startAt: 50, maxResults: 50, total: 0, issues: [] }));
    await searchIssues('summary ~ "door 7 & more"', 50);
    expect(calls[0]!.path).toBe(`${REST_BASE}/search?jql=summary+%7E+%22door+7+%26+more%22&startAt=50&maxResults=50`);
    expect(calls[0]!.headers.get("Authorization")).toBe(`Bearer ${session.accessToken}`);
    expect(calls[0]!.headers.get("X-Tenant-Id")).toBe("t1");
    expect(calls[0]!.headers.get("X-Facility-Id")).toBe("f1");
    expect(calls[0]!.headers.get("Accept")).toBe("application/json");
  });

  it("keep Jira's error body: every message and each field's", async () => {
    mockFetch(() => json(400, { errorMessages: [], errors: { comment: "Comment body can not be empty!" } }));
    const error = await addComment("OPS-1", " ").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerRestError);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: "Comment body can not be empty!" });
    expect(jiraErrorOf(error)).toEqual({ errorMessages: [], errors: { comment: "Comment body can not be empty!" } });

    mockFetch(() => json(400, { errorMessages: ["Error in the JQL Query: Expecting ')'"], errors: {} }));
    const jql = await searchIssues("(", 0).catch((e: unknown) => e);
    expect(jiraErrorOf(jql)?.errorMessages).toEqual(["Error in the JQL Query: Expecting ')'"]);
    expect((jql as Error).message).toBe("Error in the JQL Query: Expecting ')'");
  });

  it("tell a missing issue and a refusal of the tenant as the rest of the app does", async () => {
    mockFetch(() => json(404, { errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} }));
    expect(isNotFound(await getIssue("OPS-999").catch((e: unknown) => e))).toBe(true);

    mockFetch(() => json(403, { code: "tenant_not_granted", message: "No access to this tenant" }));
    const forbidden = await getIssue("OPS-1").catch((e: unknown) => e);
    expect(isForbidden(forbidden)).toBe(true);
    expect(forbidden).toMatchObject({ code: "tenant_not_granted", message: "No access to this tenant" });
    expect(jiraErrorOf(forbidden)).toBeNull();

    mockFetch(() => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    expect(await getIssue("OPS-1").catch((e: unknown) => e)).toMatchObject({ status: 502, code: "http_502", message: "Bad Gateway" });
  });

  it("refresh an expired session once and try again", async () => {
    const fresh = token("access-2");
    const calls = mockFetch(({ path, headers }) => {
      if (path === "/api/auth/refresh") return json(200, { accessToken: fresh, refreshToken: "refresh-2" });
      return headers.get("Authorization") === `Bearer ${fresh}` ? new Response(null, { status: 204 }) : json(401, { code: "token_expired", message: "expired" });
    });
    await expect(doTransition("OPS-1", { transition: { id: "11" } })).resolves.toBeUndefined();
    expect(calls.map((c) => c.path)).toEqual([`${REST_BASE}/issue/OPS-1/transitions`, "/api/auth/refresh", `${REST_BASE}/issue/OPS-1/transitions`]);
    expect(calls[2]!.body).toEqual({ transition: { id: "11" } });
    expect(calls[2]!.headers.get("Content-Type")).toBe("application/json");
  });

  it("say when the server could not be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(listAssignable("OPS")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it("put keys in the path as one segment", async () => {
    const calls = mockFetch(() => json(201, { id: "1", body: "hi", created: "2026-11-20T09:15:02Z" }));
    await addComment("OPS-1/../x", "hi");
    expect(calls[0]!.path).toBe(`${REST_BASE}/issue/OPS-1%2F..%2Fx/comment`);
    expect(calls[0]!.body).toEqual({ body: "hi" });
  });
});
