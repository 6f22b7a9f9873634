import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferred, json, mockFetch } from "../test/fetchMock";
import { renderWithProviders } from "../test/render";
import { LoginForm } from "./LoginForm";

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(email = "ada@example.test", password = "wrong") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("login form", () => {
  it("shows and hides the password with the eye button", async () => {
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText("Password");
    await user.type(field, "dock-4-key");
    expect(field).toHaveAttribute("type", "password");

    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(field).toHaveAttribute("type", "text");
    expect(field).toHaveValue("dock-4-key");
    expect(screen.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(field).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "false");
  });

  it("shows the server's message when the credentials are refused", async () => {
    const calls = mockFetch(() => json(401, { code: "invalid_credentials", message: "Email or password is incorrect" }));
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);

    await fillAndSubmit();

    expect(await screen.findByRole("alert")).toHaveTextContent("Email or password is incorrect");
    expect(calls[0]).toMatchObject({
      path: "/api/auth/login",
      method: "POST",
      body: { email: "ada@example.test", password: "wrong" },
    });
    expect(calls[0]!.headers.has("Authorization")).toBe(false);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's message when rate limited", async () => {
    mockFetch(() => json(429, { code: "rate_limited", message: "Too many attempts, wait a minute" }));
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, wait a minute");
  });

  it("explains when the server cannot be reached", async () => {
    mockFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} />);
    await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Cannot reach the server");
  });

  it("is disabled while submitting and hands the session over on success", async () => {
    const gate = deferred<Response>();
    mockFetch(() => gate.promise);
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);

    await fillAndSubmit("ada@example.test", "right");

    expect(screen.getByRole("button", { name: "Signing in…" })).toBeDisabled();
    expect(screen.getByLabelText("Email")).toBeDisabled();
    const response = {
      accessToken: "a.b.c",
      refreshToken: "r",
      user: { firstName: null, userName: "ada", email: "ada@example.test" },
      tenants: [],
    };
    gate.resolve(json(200, response));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(onSignedIn.mock.calls[0]![0]).toEqual(response);
  });
});
