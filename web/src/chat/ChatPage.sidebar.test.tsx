import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatKeys } from "../api/chats";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer } from "../test/chatServer";
import { mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Ontario CA Distribution Center" }], roles: [] }],
};

beforeEach(() => useAuthStore.getState().signIn(session));
afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  mockFetch(fakeServer({ session }).handler);
  const app = renderApp("/");
  await screen.findByRole("button", { name: "New Connection" }, { timeout: 5000 });
  return app;
};

describe("the sidebar", () => {
  it("on a first sign-in lists only the chat being started, without an 'empty list' text beside it", async () => {
    const { queryClient } = await open();
    await vi.waitFor(() => expect(queryClient.getQueryState(chatKeys.list)?.status).toBe("success"));
    const list = screen.getByTestId("chat-list");
    expect(within(list).getByTestId("chat-entry-new")).toHaveTextContent("New Chat");
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByText("No conversations yet. Start one below.")).toBeNull();
  });

  it("shows the whole facility name, and names it in full on hover", async () => {
    await open();
    const name = within(screen.getByTestId("sidebar")).getByText("Ontario CA Distribution Center");
    expect(name).toHaveAttribute("title", "Ontario CA Distribution Center");
    expect(name).not.toHaveClass("truncate");
  });

  it("shows the chosen facility's whole name where there is a choice, and still switches through the select", async () => {
    const two = { ...session, tenants: [{ ...session.tenants[0]!, facilities: [{ id: "f1", name: "Fontana Yard" }, ...session.tenants[0]!.facilities.map((f) => ({ ...f, id: "f2" }))] }] };
    useAuthStore.getState().signIn(two);
    mockFetch(fakeServer({ session: two }).handler);
    renderApp("/");
    const user = userEvent.setup();
    const select = await screen.findByLabelText("Facility", {}, { timeout: 5000 });
    await user.selectOptions(select, "f2");
    expect(useAuthStore.getState().facilityId).toBe("f2");
    expect(select).toHaveAttribute("title", "Ontario CA Distribution Center");
    const shown = within(screen.getByTestId("sidebar")).getByTestId("context-value");
    expect(shown).toHaveTextContent("Ontario CA Distribution Center");
    expect(shown).not.toHaveClass("truncate");
  });

  it("keeps the focus on the sidebar's toggle when it is collapsed and expanded from the keyboard", async () => {
    await open();
    const user = userEvent.setup();
    screen.getByRole("button", { name: "Collapse sidebar" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByTestId("sidebar")).toBeNull();
    expect(screen.getByRole("button", { name: "Expand sidebar" })).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(screen.getByTestId("sidebar")).toBeVisible();
    expect(screen.getByRole("button", { name: "Collapse sidebar" })).toHaveFocus();
  });
});
