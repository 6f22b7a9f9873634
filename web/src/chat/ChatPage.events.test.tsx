import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endSession } from "../api/client";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer } from "../test/chatServer";
import { FakeWebSocket } from "../test/fakeWebSocket";
import { mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

// The chat list follows what happens in the user's other tabs and devices.

const nowSec = () => Math.floor(Date.now() / 1000);
const token = makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 });
const session: LoginResponse = {
  accessToken: token,
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [
    { id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] },
    { id: "t2", name: "Borealis Freight", facilities: [{ id: "f9", name: "Oslo Hub" }], roles: [] },
  ],
};

const chat = (id: string, title: string) => ({
  id,
  title,
  updatedAt: "2026-11-20T08:30:00Z",
  messages: [{ id: `${id}-u`, role: "user", parts: [{ type: "text", text: title }] }],
  model: "waybill-offline",
});

beforeEach(() => useAuthStore.getState().signIn(session));
afterEach(() => vi.unstubAllGlobals());

const titles = () => within(screen.getByTestId("chat-list")).queryAllByTestId("chat-title").map((t) => t.textContent);

/** The app open on `path`, its events socket open as the server would accept it. */
async function open(path: string) {
  const server = fakeServer({ session, chats: [chat("c-dock", "Dock schedule"), chat("c-yard", "Yard moves")] });
  mockFetch(server.handler);
  const app = renderApp(path);
  await waitFor(() => expect(titles()).toEqual(["Dock schedule", "Yard moves"]), { timeout: 5000 });
  // The socket opens once the access token is read, which may come after the list.
  const socket = await waitFor(
    () => {
      const last = FakeWebSocket.last();
      if (!last) throw new Error("the events socket is not open yet");
      return last;
    },
    { timeout: 5000 },
  );
  act(() => socket.accept());
  return { ...app, server, socket };
}

describe("the live chat list", () => {
  it("opens the current tenant's events socket with the access token as a subprotocol", async () => {
    const { socket } = await open("/");
    expect(new URL(socket.url).pathname).toBe("/api/events/ws");
    expect(new URL(socket.url).searchParams.get("tenant")).toBe("t1");
    expect(socket.protocols).toEqual(["waybill.events.v1", `bearer.${token}`]);
  });

  it("shows a chat renamed or created elsewhere without a reload", async () => {
    const { server, socket } = await open("/");
    server.store.get("c-yard")!.title = "Yard moves, night shift";
    server.store.set("c-new", chat("c-new", "Carrier rates"));
    act(() => socket.push({ kind: "updated", chatId: "c-yard" }));
    await waitFor(() => expect(titles()).toContain("Yard moves, night shift"));
    expect(titles()).toContain("Carrier rates");
  });

  it("drops a chat deleted elsewhere, and starts a new chat when it was the one on screen", async () => {
    const { server, socket, router } = await open("/?chat=c-dock");
    await screen.findByText("Dock schedule", { selector: "p" });
    server.store.delete("c-dock");
    act(() => socket.push({ kind: "deleted", chatId: "c-dock" }));
    await waitFor(() => expect(titles()).toEqual(["Yard moves"]));
    expect(router.state.location.search).toBe("");
    expect(screen.getByTestId("chat-entry-new")).toHaveTextContent("New Chat");
    expect(await screen.findByTestId("welcome")).toBeInTheDocument();
  });

  it("keeps the chat on screen when another one is deleted elsewhere", async () => {
    const { server, socket, router } = await open("/?chat=c-dock");
    server.store.delete("c-yard");
    act(() => socket.push({ kind: "deleted", chatId: "c-yard" }));
    await waitFor(() => expect(titles()).toEqual(["Dock schedule"]));
    expect(router.state.location.search).toBe("?chat=c-dock");
  });

  it("empties the list when every chat was deleted elsewhere", async () => {
    const { server, socket, router } = await open("/?chat=c-dock");
    server.store.clear();
    act(() => socket.push({ kind: "cleared" }));
    await waitFor(() => expect(titles()).toEqual([]));
    expect(router.state.location.search).toBe("");
  });

  it("refetches the list when the socket comes back after a drop (events may have been missed)", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { server, socket } = await open("/");
    server.store.get("c-dock")!.title = "Dock schedule (moved)";
    act(() => socket.drop());
    await waitFor(() => expect(FakeWebSocket.sockets.length).toBe(2), { timeout: 2000 });
    act(() => FakeWebSocket.last()!.accept());
    await waitFor(() => expect(titles()).toContain("Dock schedule (moved)"));
  });

  it("moves to the new tenant's socket on a tenant switch, and closes it on sign-out", async () => {
    const { socket } = await open("/");
    act(() => useAuthStore.getState().selectTenant("t2"));
    expect(socket.closedByClient).toBe(true);
    await waitFor(() => expect(FakeWebSocket.sockets.length).toBe(2));
    const second = FakeWebSocket.last()!;
    expect(new URL(second.url).searchParams.get("tenant")).toBe("t2");
    act(() => endSession());
    expect(second.closedByClient).toBe(true);
  });
});
