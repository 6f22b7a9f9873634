import { describe, expect, it, vi } from "vitest";
import { fakeLiveAgentServer } from "../test/liveAgentServer";
import { deferred, json } from "../test/fetchMock";
import { ImClient } from "./imClient";

const credentials = async () => ({ accessToken: "waybill-token", tenantId: "t1" });

function client(fetch = fakeLiveAgentServer().fetch) {
  return new ImClient({ serviceUrl: "", credentials, fetch });
}

describe("the messaging service's REST client", () => {
  it("logs in from the Waybill session: bearer token and tenant, then the accessToken header on every call", async () => {
    const server = fakeLiveAgentServer();
    const im = client(server.fetch);
    await im.login();
    const login = server.calls[0]!;
    expect(login).toMatchObject({ path: "/app-api/iam/login/0", method: "POST", body: undefined });
    expect(login.headers.get("Authorization")).toBe("Bearer waybill-token");
    expect(login.headers.get("X-Tenant-Id")).toBe("t1");
    expect(im.userId).toBe(server.customerId);

    const session = await im.createSession({ chatId: "c1", facilityId: "f1" });
    expect(session).toMatchObject({ sessionId: "s-1", position: 2, agentAvailable: false, status: "queued", groupId: "g-s-1" });
    const create = server.calls[1]!;
    expect(create.body).toEqual({ chatId: "c1", facilityId: "f1", status: "1" });
    expect(create.headers.get("accessToken")).toBe("im-access-1");
    expect(create.headers.get("Authorization")).toBeNull();

    expect(await im.poll("s-1")).toMatchObject({ position: 2, waitTime: 12, agentAvailable: false });
    expect(server.calls[2]!.body).toEqual({ sessionId: "s-1", status: "2" });
  });

  it("reads the envelope: a refusal's msg becomes the error", async () => {
    const server = fakeLiveAgentServer();
    const im = client(server.fetch);
    await im.login();
    const { sessionId } = await im.createSession({});
    await expect(im.sendMessage({ sessionId: sessionId!, content: "hello", type: 0 })).rejects.toThrow("Cannot send message while in state: queued");
    server.claim();
    await expect(im.sendMessage({ sessionId: sessionId!, content: "hello", type: 0 })).resolves.toMatchObject({ sendId: server.customerId });
  });

  it("says 'Failed to authenticate with IM service' and 'Failed to obtain IM token from response'", async () => {
    await expect(client(async () => json(500, { code: 500, msg: "down" })).login()).rejects.toThrow("Failed to authenticate with IM service");
    await expect(client(async () => json(200, { code: 0, msg: "success", data: {} })).login()).rejects.toThrow("Failed to obtain IM token from response");
    const none = new ImClient({ serviceUrl: "", credentials: async () => ({ accessToken: null, tenantId: null }), fetch: fakeLiveAgentServer().fetch });
    await expect(none.login()).rejects.toThrow("No authentication token available");
  });

  it("says 'Failed to obtain session ID from response' when the session has no id", async () => {
    const server = fakeLiveAgentServer();
    const im = client(async (input, init) => (input.endsWith("/pool") ? json(200, { code: 0, msg: "success", data: { data: { position: 1 } } }) : server.fetch(input, init)));
    await im.login();
    await expect(im.createSession({})).rejects.toThrow("Failed to obtain session ID from response");
  });

  it("answers a 401 with exactly one refresh, which concurrent requests wait for, and retries each once", async () => {
    const server = fakeLiveAgentServer({ agentAvailable: true });
    const held = deferred<void>();
    const fetch = vi.fn(async (input: string, init: RequestInit) => {
      if (input === "/app-api/refreshToken") await held.promise;
      return server.fetch(input, init);
    });
    const im = client(fetch);
    await im.login();
    const { sessionId } = await im.createSession({});
    server.expireAccessTokens();

    const polls = [im.poll(sessionId!), im.poll(sessionId!), im.poll(sessionId!)];
    const refreshes = () => fetch.mock.calls.filter(([input]) => input === "/app-api/refreshToken").length;
    await vi.waitFor(() => expect(refreshes()).toBe(1));
    // A call made while the refresh is on its way waits for it rather than fail first.
    const late = im.poll(sessionId!);
    held.resolve();
    const answers = await Promise.all([...polls, late]);
    expect(answers.map((a) => a.status)).toEqual(["active", "active", "active", "active"]);
    expect(refreshes()).toBe(1);
    expect(server.counts.refresh).toBe(1);
    const after = server.calls.filter((c) => c.path.endsWith("/pool") && (c.body as { status: string }).status === "2");
    expect(after.filter((c) => c.headers.get("accessToken") === "im-access-2")).toHaveLength(4);
    expect(server.calls.find((c) => c.path === "/app-api/refreshToken")!.body).toEqual({ refreshToken: "im-refresh-1" });
  });

  it("gives up after the one retry, and says 'Failed to refresh authentication' when the refresh is refused", async () => {
    const server = fakeLiveAgentServer();
    const im = client(async (input, init) => (input === "/app-api/refreshToken" ? json(401, { code: 401, msg: "no" }) : server.fetch(input, init)));
    await im.login();
    server.expireAccessTokens();
    await expect(im.createSession({})).rejects.toThrow("Failed to refresh authentication");
    im.clear();
    await expect(im.refresh()).rejects.toThrow("No refresh token available");
  });

  it("asks a group's members once", async () => {
    const server = fakeLiveAgentServer();
    const im = client(server.fetch);
    await im.login();
    const first = await im.groupMembers("g-1");
    await im.groupMembers("g-1");
    expect(first.map((m) => m.userId)).toEqual([server.customerId, server.agentId]);
    expect(server.calls.filter((c) => c.path.startsWith("/app-api/group/members/"))).toHaveLength(1);
  });
});
