import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import i18n from "../i18n";
import { fakeServer } from "../test/chatServer";
import { json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { fakeMemoriesServer } from "../tools/memory/test/memoriesServer";
import { renderApp } from "../test/render";
import { LANDING_MS } from "./LandingPage";

afterEach(() => vi.unstubAllGlobals());

const nowSec = () => Math.floor(Date.now() / 1000);

const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [
    { id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }, { id: "f2", name: "Venlo DC" }], roles: [] },
  ],
};

describe("anonymous visitor", () => {
  it("sees the landing view at / with a Login button that leads to /login", async () => {
    const { router } = renderApp("/");

    expect(screen.getByRole("heading", { level: 1, name: "Run your logistics operations in one conversation" })).toBeVisible();
    expect(screen.getByText("Demand prediction")).toBeVisible();
    expect(screen.getByText("ERP, WMS and TMS integration")).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByRole("heading", { name: "Sign in to Waybill" })).toBeVisible();
  });

  it("sees the landing view first, then the sign-in page by itself, which takes the landing view's place in the history", () => {
    vi.useFakeTimers();
    try {
      const { router } = renderApp("/");
      expect(screen.getByRole("button", { name: "Login" })).toBeVisible();
      act(() => vi.advanceTimersByTime(LANDING_MS - 1));
      expect(router.state.location.pathname).toBe("/");
      act(() => vi.advanceTimersByTime(1));
      expect(router.state.location.pathname).toBe("/login");
      expect(router.state.historyAction).toBe("REPLACE");
      expect(screen.getByRole("heading", { name: "Sign in to Waybill" })).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it("is sent to /login from the memory page", () => {
    const { router } = renderApp("/admin/memories");
    expect(router.state.location.pathname).toBe("/login");
  });

  it("can switch the login page to Japanese, and the choice is remembered", async () => {
    renderApp("/login");
    await userEvent.selectOptions(screen.getByLabelText("Language"), "ja");
    expect(await screen.findByRole("heading", { name: "Waybill にログイン" })).toBeVisible();
    expect(document.documentElement.lang).toBe("ja");
    expect(localStorage.getItem("waybill.language")).toBe("ja");
    expect(within(screen.getByLabelText("言語")).getByRole("option", { name: "日本語" })).toBeTruthy();
    await i18n.changeLanguage("en");
  });
});

describe("signed-in user", () => {
  it("signs in and reaches the signed-in page", async () => {
    const server = fakeServer({ session });
    mockFetch((call) => (call.path === "/api/auth/login" ? json(200, session) : server.handler(call)));
    const { router } = renderApp("/login");
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Email"), "grace@example.test");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    // The chat page is a lazily loaded chunk: the first import takes a moment.
    expect(await screen.findByRole("heading", { name: "How can I help with your operations today?" }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    expect(useAuthStore.getState()).toMatchObject({ refreshToken: "refresh-1", tenantId: "t1", facilityId: "f1" });
  });

  it("sees name, avatar initial and a facility select, and logs out from the user menu", async () => {
    useAuthStore.getState().signIn(session);
    const server = fakeServer({ session });
    const calls = mockFetch((call) => (call.path === "/api/auth/logout" ? new Response(null, { status: 204 }) : server.handler(call)));
    const { router } = renderApp("/");
    const user = userEvent.setup();

    expect(await screen.findByTestId("avatar-initial")).toHaveTextContent("G");
    expect(screen.getByText("Acme Logistics", { selector: "span" })).toBeVisible();
    expect(screen.getByLabelText("Facility")).toHaveValue("f1");

    await user.selectOptions(screen.getByLabelText("Facility"), "f2");
    expect(useAuthStore.getState().facilityId).toBe("f2");

    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    const menu = screen.getByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Memory" })).toHaveAttribute("href", "/admin/memories");
    await user.click(within(menu).getByRole("menuitem", { name: "Logout" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.find((c) => c.path === "/api/auth/logout")?.body).toEqual({ refreshToken: "refresh-1" });
    expect(useAuthStore.getState().user).toBeNull();
  });

  it("reaches the memory page from the user menu and comes back", async () => {
    useAuthStore.getState().signIn(session);
    mockFetch(fakeServer({ session, override: fakeMemoriesServer({ memories: [] }).handler }).handler);
    const { router } = renderApp("/");
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }));
    await user.click(screen.getByRole("menuitem", { name: "Memory" }));
    expect(router.state.location.pathname).toBe("/admin/memories");
    // The memory page is a lazily loaded chunk: the first import takes a moment.
    expect(await screen.findByRole("heading", { level: 1, name: "Memory" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("heading", { name: "Nothing remembered yet" })).toBeVisible();

    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByRole("button", { name: "New Connection" })).toBeVisible();
  });

  it("is signed out when suspended in the tenant, and the sign-in page says why until they sign in again", async () => {
    useAuthStore.getState().signIn(session);
    const server = fakeServer({ session });
    let suspended = true;
    mockFetch((call) => {
      if (call.path === "/api/auth/login") return json(200, session);
      if (suspended) return json(401, { code: "account_suspended", message: "This account is suspended in this tenant; ask an administrator" });
      return server.handler(call);
    });
    const { router } = renderApp("/admin/memories");

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your account is suspended in Acme Logistics. Ask an administrator of that organisation to reactivate it.",
    );
    expect(useAuthStore.getState().user).toBeNull();
    // A reload of the sign-in page still says it.
    expect(sessionStorage.getItem("waybill.sessionEnd")).toContain("accountSuspended");

    suspended = false;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "grace@example.test");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByText(/Your account is suspended/)).toBeNull();
  });

  it("is sent from /login to /", () => {
    useAuthStore.getState().signIn(session);
    mockFetch(() => json(200, { user: session.user, tenants: session.tenants }));
    const { router } = renderApp("/login");
    expect(router.state.location.pathname).toBe("/");
  });
});
