import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer } from "../test/chatServer";
import { type Call, deferred, json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";
import { AUTOSAVE_DELAY_MS } from "./hooks/useAutosave";

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

const id = (i: number) => `m${String(i).padStart(3, "0")}`;
const message = (i: number) => ({ id: id(i), role: i % 2 === 0 ? "user" : "assistant", parts: [{ type: "text", text: `Message ${i}` }] });
/** A stored chat of 120 messages: it opens on the newest 50 (70–119). */
const longChat = () => ({ id: "c-long", title: "Inbound log", updatedAt: "2026-11-20T08:30:00Z", model: "waybill-offline", messages: Array.from({ length: 120 }, (_, i) => message(i)) });

type Body = { messages: { id: string }[]; loadedFrom?: string };
const bodies = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body as Body);
const storedIds = (server: ReturnType<typeof fakeServer>) => (server.store.get("c-long")!.messages as { id: string }[]).map((m) => m.id);

beforeEach(() => {
  useAuthStore.getState().signIn(session);
  // jsdom lays nothing out: give each message row the height the list estimates, so the
  // windowed list places rows as a browser would.
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? 160 : 0;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(HTMLElement.prototype, "offsetHeight", offsetHeight);
});

const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetHeight")!;

async function openLongChat(server = fakeServer({ session, chats: [longChat()] }), handler: (call: Call) => Response | Promise<Response> = server.handler) {
  const calls = mockFetch(handler);
  renderApp("/?chat=c-long");
  await screen.findByText("Message 70", {}, { timeout: 5000 });
  return { calls, server, user: userEvent.setup() };
}

/**
 * The reader scrolls to `top` px. There is no layout here: the scroller is given a tall
 * content and a window's height, and each message counts as its estimated 160 px.
 */
function scrollTo(top: number) {
  const scroller = screen.getByTestId("message-scroller");
  Object.defineProperty(scroller, "scrollHeight", { value: 100_000, configurable: true });
  Object.defineProperty(scroller, "clientHeight", { value: 768, configurable: true });
  scroller.scrollTop = top;
  fireEvent.scroll(scroller);
}

/** The reader scrolls to the top of what is loaded. */
const scrollToTop = () => scrollTo(0);

/** Scrolls to the newest message until `text` shows there (an answer still streaming in). */
const findAtEnd = (text: string) =>
  waitFor(() => {
    scrollTo(100_000);
    expect(screen.getByText(text)).toBeVisible();
  });

const olderPages = (calls: Call[]) => calls.filter((c) => c.path.startsWith("/api/chat-history/c-long/messages")).map((c) => c.path);

describe("a long chat", { timeout: 20_000 }, () => {
  it("opens on its newest page and loads older pages as the reader nears the top, until none are left", async () => {
    const { calls } = await openLongChat();
    expect(calls.filter((c) => c.path.startsWith("/api/chat-history/c-long")).map((c) => c.path)).toEqual(["/api/chat-history/c-long?limit=50"]);
    expect(screen.queryByText("Message 69")).toBeNull();

    scrollToTop();
    await waitFor(() => expect(olderPages(calls)).toEqual(["/api/chat-history/c-long/messages?before=m070&limit=50"]));
    scrollToTop();
    expect(await screen.findByText("Message 20")).toBeVisible();
    await waitFor(() => expect(olderPages(calls)).toHaveLength(2));
    expect(olderPages(calls)[1]).toBe("/api/chat-history/c-long/messages?before=m020&limit=50");
    scrollToTop();
    expect(await screen.findByText("Message 0")).toBeVisible();
    scrollToTop();
    expect(olderPages(calls)).toHaveLength(2);
    expect(screen.queryByText("Loading earlier messages…")).toBeNull();
    // Showing stored messages is nothing to save: past the autosave delay, nothing was.
    await new Promise((r) => setTimeout(r, AUTOSAVE_DELAY_MS * 2));
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("shows that a page is loading, and a retry when it fails", async () => {
    const server = fakeServer({ session, chats: [longChat()] });
    let gate = deferred<Response>();
    const { calls } = await openLongChat(server, (call) => (call.path.includes("/messages?") ? gate.promise : server.handler(call)));

    scrollToTop();
    expect(await screen.findByText("Loading earlier messages…")).toBeVisible();
    gate.resolve(json(500, { code: "internal", message: "boom" }));
    const failed = await screen.findByRole("alert");
    expect(failed).toHaveTextContent("Earlier messages could not be loaded.");

    gate = deferred<Response>();
    await userEvent.click(within(failed).getByRole("button", { name: "Retry" }));
    gate.resolve(await server.handler(calls.at(-1)!));
    await waitFor(() => expect(screen.queryByText("Loading earlier messages…")).toBeNull());
    scrollToTop();
    expect(await screen.findByText("Message 20")).toBeVisible();
  });

  it("names the oldest loaded message in saves and chat requests, so the server keeps the older ones", async () => {
    const { calls, server, user } = await openLongChat();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "How many pallets today?{Enter}");
    await findAtEnd("Hello from the fake server.");

    const [request] = bodies(calls, "POST", "/api/chat");
    expect(request!.loadedFrom).toBe("m070");
    expect(request!.messages).toHaveLength(51);
    await waitFor(() => expect(bodies(calls, "PUT", "/api/chat-history/c-long")).toHaveLength(1));
    expect(bodies(calls, "PUT", "/api/chat-history/c-long")[0]!.loadedFrom).toBe("m070");
    const ids = storedIds(server);
    expect(ids).toHaveLength(122);
    expect(ids.slice(0, 71)).toEqual(Array.from({ length: 71 }, (_, i) => id(i)));
  });

  it("sends the whole chat, without loadedFrom, once every page is loaded", async () => {
    const { calls, server, user } = await openLongChat();
    scrollToTop();
    await waitFor(() => expect(olderPages(calls)).toHaveLength(1));
    scrollToTop();
    await waitFor(() => expect(olderPages(calls)).toHaveLength(2));
    await screen.findByText("Message 0");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Summarise all of it{Enter}");
    await findAtEnd("Hello from the fake server.");
    const request = bodies(calls, "POST", "/api/chat").at(-1)!;
    expect(request.loadedFrom).toBeUndefined();
    expect(request.messages).toHaveLength(121);
    await waitFor(() => expect(storedIds(server)).toHaveLength(122));
  });

  it("still names a deleted oldest message in the save that deletes it, then the next one", async () => {
    const { calls, server, user } = await openLongChat();
    // Near the top, but not near enough to load the page before.
    scrollTo(1000);
    await screen.findByText("Message 70");
    const [first] = screen.getAllByRole("article");
    expect(first).toHaveTextContent("Message 70");
    expect(olderPages(calls)).toEqual([]);
    await user.click(within(first!).getByRole("button", { name: "Message options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await waitFor(() => expect(bodies(calls, "PUT", "/api/chat-history/c-long")).toHaveLength(1));
    const save = bodies(calls, "PUT", "/api/chat-history/c-long")[0]!;
    expect(save.loadedFrom).toBe("m070");
    expect(save.messages[0]!.id).toBe("m071");
    expect(storedIds(server)).toHaveLength(119);
    expect(storedIds(server)).not.toContain("m070");
    expect(storedIds(server)[69]).toBe("m069");

    await user.type(screen.getByRole("textbox", { name: "Message" }), "And now?{Enter}");
    await findAtEnd("Hello from the fake server.");
    expect(bodies(calls, "POST", "/api/chat")[0]!.loadedFrom).toBe("m071");
  });

  it("reloads the chat when the server no longer has the message it names (changed in another tab)", async () => {
    const { calls, server, user } = await openLongChat();
    // Another tab deleted the oldest loaded message, and the one after it answered.
    const stored = server.store.get("c-long")!;
    stored.messages = stored.messages.filter((m) => (m as { id: string }).id !== "m070");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Still there?{Enter}");

    expect(await screen.findByText("This conversation was changed elsewhere, so it was reloaded. If your last message is missing, send it again.")).toBeVisible();
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/chat-history/c-long?limit=50")).toHaveLength(2));
    expect(await screen.findByText("Message 69", {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText("Still there?")).toBeNull();
    expect(bodies(calls, "PUT", "/api/chat-history/c-long")).toHaveLength(0);
  });
});
