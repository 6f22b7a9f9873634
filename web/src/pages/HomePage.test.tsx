import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import { usePreferences } from "../chat/preferences";
import type { LoginResponse } from "../generated/LoginResponse";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

// The chat's code never arrives: what shows is what a user sees while it loads.
vi.mock("../chat/preload", () => ({ loadChatPage: () => new Promise(() => undefined), preloadChatPage: () => undefined }));

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

describe("the home page while the chat loads", () => {
  it("shows the app's background with the sidebar's column and a loading status, never an empty page", () => {
    useAuthStore.getState().signIn(session);
    const { unmount } = renderApp("/");
    const loading = screen.getByTestId("page-loading");
    expect(loading).toHaveClass("bg-slate-50");
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(loading.querySelector(".bg-navy-950")).not.toBeNull();
    unmount();

    // A collapsed sidebar stays collapsed: no column that would vanish when the chat arrives.
    usePreferences.setState({ sidebarOpen: false });
    renderApp("/");
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(screen.getByTestId("page-loading").querySelector(".bg-navy-950")).toBeNull();
  });
});
