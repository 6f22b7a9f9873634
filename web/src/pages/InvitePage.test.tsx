import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { InvitationInfo } from "../generated/InvitationInfo";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer } from "../test/chatServer";
import { type Call, json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

afterEach(() => vi.unstubAllGlobals());

const nowSec = () => Math.floor(Date.now() / 1000);
const invitation: InvitationInfo = { email: "nora@example.test", firstName: "Nora", tenantName: "Demo Logistics", expiresAt: "2026-11-27T08:30:00Z" };
const signedIn: LoginResponse = {
  accessToken: makeJwt({ sub: "u9", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-9",
  user: { firstName: "Nora Q.", userName: "nora", email: "nora@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: [{ id: "yard-fontana", name: "Fontana Yard" }], roles: ["agent"] }],
};

/** The invitation API (and, once signed in, the chat page's) answering through `accept`. */
function serve(accept: (call: Call) => Response = () => json(200, signedIn), show: () => Response = () => json(200, invitation)) {
  const app = fakeServer({ session: signedIn });
  return mockFetch((call) => {
    if (call.path === "/api/auth/invitations/tok-1") return call.method === "GET" ? show() : accept(call);
    return app.handler(call);
  });
}

describe("the invitation page", () => {
  it("shows whom the link invites, checks the password, then signs in and opens the chat", async () => {
    const calls = serve();
    const { router } = renderApp("/invite/tok-1");
    const user = userEvent.setup();

    expect(await screen.findByRole("heading", { level: 1, name: "Join Demo Logistics" })).toBeVisible();
    expect(screen.getByText("You were invited to Waybill as nora@example.test. Choose a password to finish setting up your account.")).toBeVisible();
    expect(screen.getByText(/This link works until Nov 27, 2026/)).toBeVisible();
    const firstName = screen.getByRole("textbox", { name: "First name" });
    expect(firstName).toHaveValue("Nora");

    const password = screen.getByLabelText("Password");
    const confirm = screen.getByLabelText("Confirm password");
    await user.type(password, "short");
    await user.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(screen.getByText("The password must be at least 8 characters.")).toBeVisible();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveFocus();

    await user.type(password, "-but-fine");
    await user.type(confirm, "short-but-fin");
    await user.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(screen.getByText("The passwords do not match.")).toBeVisible();
    expect(confirm).toHaveFocus();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("checkbox", { name: "Show passwords" }));
    expect(password).toHaveAttribute("type", "text");
    expect(confirm).toHaveAttribute("type", "text");

    await user.type(confirm, "e");
    await user.clear(firstName);
    await user.type(firstName, "Nora Q.");
    await user.click(screen.getByRole("button", { name: "Set password and sign in" }));

    expect(await screen.findByRole("heading", { name: "How can I help with your operations today?" }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe("/");
    const accepted = calls.find((c) => c.method === "POST")!;
    expect(accepted).toMatchObject({ path: "/api/auth/invitations/tok-1", body: { password: "short-but-fine", firstName: "Nora Q." } });
    expect(accepted.headers.has("Authorization")).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({ refreshToken: "refresh-9", tenantId: "demo", facilityId: "yard-fontana" });
  });

  it("says a link that no longer works is no longer valid, and to ask for a new one", async () => {
    serve(undefined, () => json(404, { code: "not_found", message: "Invitation not found" }));
    renderApp("/invite/tok-1");
    expect(await screen.findByRole("heading", { name: "This invitation link is no longer valid" })).toBeVisible();
    expect(screen.getByText(/Ask your administrator for a new one\./)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to sign-in" })).toHaveAttribute("href", "/login");
  });

  it("says so too when the link was used up while the form was open", async () => {
    serve(() => json(404, { code: "not_found", message: "Invitation not found" }));
    renderApp("/invite/tok-1");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Password"), "long-enough");
    await user.type(screen.getByLabelText("Confirm password"), "long-enough");
    await user.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(await screen.findByRole("heading", { name: "This invitation link is no longer valid" })).toBeVisible();
  });

  it("shows the server's message when it refuses the password", async () => {
    serve(() => json(400, { code: "invalid_body", message: "password must be 8 to 1024 characters" }));
    renderApp("/invite/tok-1");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Password"), "long-enough");
    await user.type(screen.getByLabelText("Confirm password"), "long-enough");
    await user.click(screen.getByRole("button", { name: "Set password and sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("password must be 8 to 1024 characters");
  });

  it("offers to try again when the invitation cannot be checked", async () => {
    let up = false;
    serve(undefined, () => {
      if (!up) throw new TypeError("Failed to fetch");
      return json(200, invitation);
    });
    renderApp("/invite/tok-1");
    expect(await screen.findByText("The invitation could not be checked. Check your connection and try again.", {}, { timeout: 8000 })).toBeVisible();
    up = true;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Join Demo Logistics" })).toBeVisible();
  }, 15_000);
});
