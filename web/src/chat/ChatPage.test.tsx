import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { chooseLanguage } from "../i18n";
import { NO_KEYS, OFFLINE, fakeServer, textAnswer } from "../test/chatServer";
import { deferred, json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

const chat = (id: string, title: string, messages: unknown[] = []) => ({ id, title, updatedAt: "2026-11-20T08:30:00Z", messages, model: "waybill-offline" });
const stored = [
  chat("c-dock", "Dock schedule", [
    { id: "u1", role: "user", parts: [{ type: "text", text: "Dock schedule?" }] },
    { id: "a1", role: "assistant", parts: [{ type: "text", text: "Dock 4 is free at 10:00." }] },
  ]),
  chat("c-yard", "Yard check"),
];

beforeEach(() => {
  useAuthStore.getState().signIn(session);
});
afterEach(() => vi.unstubAllGlobals());

const open = async (path = "/") => {
  const app = renderApp(path);
  await screen.findByRole("button", { name: "New Connection" }, { timeout: 5000 });
  return app;
};

describe("the chat page", () => {
  it("starts a new chat, sends an example question, streams the answer and saves it", async () => {
    const server = fakeServer({ session, chats: stored });
    const calls = mockFetch(server.handler);
    const { router } = await open();

    expect(screen.getByRole("heading", { name: "How can I help with your operations today?" })).toBeVisible();
    expect(screen.getByTestId("chat-entry-new")).toHaveTextContent("New Chat");
    await userEvent.click(screen.getByRole("button", { name: "What time is it in Tokyo?" }));

    expect(await screen.findByText("Hello from the fake server.")).toBeVisible();
    const chatCall = calls.find((c) => c.path === "/api/chat")!;
    const body = chatCall.body as { id: string; model: string; tools: boolean; trigger: string; messages: { parts: unknown[] }[] };
    expect(body).toMatchObject({ model: "waybill-offline", tools: true, trigger: "submit-message" });
    expect(body.messages[0]!.parts).toEqual([{ type: "text", text: "What time is it in Tokyo?" }]);
    expect(chatCall.headers.get("Authorization")).toBe(`Bearer ${session.accessToken}`);
    expect(chatCall.headers.get("X-Tenant-Id")).toBe("t1");
    expect(chatCall.headers.get("X-Facility-Id")).toBe("f1");

    await waitFor(() => expect(calls.some((c) => c.method === "PUT" && c.path === `/api/chat-history/${body.id}`)).toBe(true));
    const saved = calls.find((c) => c.method === "PUT")!.body as { messages: { role: string }[]; model: string };
    expect(saved.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(router.state.location.search).toBe(`?chat=${body.id}`);
    expect(screen.getAllByTestId("sender").map((s) => s.textContent)).toEqual(["You", "BI Assistant"]);
  });

  it("opens a stored chat from the list with its history", async () => {
    mockFetch(fakeServer({ session, chats: stored }).handler);
    const { router } = await open();
    await userEvent.click(await screen.findByRole("button", { name: /^Dock schedule/ }));
    expect(await screen.findByText("Dock 4 is free at 10:00.")).toBeVisible();
    expect(router.state.location.search).toBe("?chat=c-dock");
  });

  it("says the chat history failed to load when a chat cannot be loaded", async () => {
    mockFetch(fakeServer({ session, override: ({ path }) => (path === "/api/chat-history/c-gone" ? json(500, { code: "internal", message: "x" }) : undefined) }).handler);
    await open("/?chat=c-gone");
    expect(await screen.findByText("Failed to load the chat history")).toBeVisible();
  });

  it("shows 'Error: {message}' when the answer fails, and logs out on a 401", async () => {
    let status = 409;
    const server = fakeServer({ session, answer: () => json(status, { code: "conflict", message: "An answer is already being generated" }) });
    mockFetch((call) => (call.path === "/api/auth/refresh" ? json(401, { code: "invalid", message: "no" }) : server.handler(call)));
    const { router } = await open();
    const box = screen.getByRole("textbox", { name: "Message" });
    await userEvent.type(box, "hello{Enter}");
    expect(await screen.findByText("Error: An answer is already being generated")).toBeVisible();

    status = 401;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("renames (a blank title is ignored) and deletes behind the spec's confirmations", async () => {
    const server = fakeServer({ session, chats: stored });
    const calls = mockFetch(server.handler);
    await open();
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Actions for Yard check" }));
    await user.click(screen.getByRole("menuitem", { name: "Rename" }));
    const title = within(screen.getByRole("dialog")).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "   {Enter}");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Actions for Yard check" }));
    await user.click(screen.getByRole("menuitem", { name: "Rename" }));
    await user.clear(screen.getByRole("textbox", { name: "Title" }));
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Fontana yard{Enter}");
    expect(await screen.findByRole("button", { name: /^Fontana yard/ })).toBeVisible();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ title: "Fontana yard" });

    await user.click(screen.getByRole("button", { name: "Actions for Fontana yard" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const confirm = screen.getByRole("alertdialog");
    expect(within(confirm).getByText("DELETE CONFIRMATION")).toBeVisible();
    expect(within(confirm).getByText("Are you sure you want to delete this conversation?")).toBeVisible();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Fontana yard/ })).toBeNull());

    await user.click(screen.getByRole("button", { name: "Delete all" }));
    const all = screen.getByRole("alertdialog");
    expect(within(all).getByText("DELETE ALL CONFIRMATION")).toBeVisible();
    expect(within(all).getByText("Are you sure you want to delete ALL conversations? This action cannot be undone.")).toBeVisible();
    await user.click(within(all).getByRole("button", { name: "Delete all" }));
    await waitFor(() => expect(screen.queryByTestId("chat-entry")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/chat-history")).toBe(true);
  }, 20_000);

  it("deletes a message by saving the chat without it", async () => {
    const server = fakeServer({ session, chats: stored });
    const calls = mockFetch(server.handler);
    await open("/?chat=c-dock");
    await screen.findByText("Dock 4 is free at 10:00.");
    const [, answer] = screen.getAllByRole("article");
    await userEvent.click(within(answer!).getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Dock 4 is free at 10:00.")).toBeNull());
    const put = calls.find((c) => c.method === "PUT")!.body as { messages: { id: string }[] };
    expect(put.messages.map((m) => m.id)).toEqual(["u1"]);
  });

  it("restores a message it could not delete, saying 'Failed to delete message'", async () => {
    mockFetch(fakeServer({ session, chats: stored, override: ({ method }) => (method === "PUT" ? json(500, { code: "internal", message: "x" }) : undefined) }).handler);
    await open("/?chat=c-dock");
    await screen.findByText("Dock 4 is free at 10:00.");
    const [, answer] = screen.getAllByRole("article");
    await userEvent.click(within(answer!).getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete message")).toBeVisible();
    expect(await screen.findByText("Dock 4 is free at 10:00.")).toBeVisible();
  });

  it("says the upload failed and still sends the message", async () => {
    const server = fakeServer({ session, override: ({ path }) => (path.startsWith("/api/file-app/") ? json(404, { code: "not_found", message: "no" }) : undefined) });
    const calls = mockFetch(server.handler);
    await open();
    await userEvent.upload(screen.getByTestId("file-input"), [new File(["%PDF-1.4"], "manifest.pdf", { type: "application/pdf" })]);
    await userEvent.type(screen.getByRole("textbox", { name: "Message" }), "Read this{Enter}");
    expect(await screen.findByText("The file failed to upload, but the message will still be sent")).toBeVisible();
    await screen.findByText("Hello from the fake server.");
    const sent = calls.find((c) => c.path === "/api/chat")!.body as { messages: { parts: { type: string; mediaType?: string; url?: string }[] }[] };
    const [file, text] = sent.messages[0]!.parts;
    expect(file).toMatchObject({ type: "file", mediaType: "application/pdf", filename: "manifest.pdf" });
    expect(file!.url).toMatch(/^data:application\/pdf;base64,/);
    expect(text).toEqual({ type: "text", text: "Read this" });
  });
});

describe("the model picker", () => {
  const models = [
    { id: "gpt-4.1", name: "GPT-4.1", provider: "openai", requiresKey: true },
    { id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5", provider: "anthropic", requiresKey: true },
    { id: "gpt-5", name: "GPT-5", provider: "openai", requiresKey: true },
    OFFLINE,
  ];

  it("starts on claude-sonnet-4-5, opens gpt-5's options on hover, and sends them as providerOptions", async () => {
    const server = fakeServer({ session, models, keys: { ...NO_KEYS, openai: true, anthropic: true }, answer: () => textAnswer("ok") });
    const calls = mockFetch(server.handler);
    await open();
    const user = userEvent.setup();
    const picker = screen.getByTestId("model-picker");
    await waitFor(() => expect(picker).toHaveTextContent("Claude Sonnet 4.5"));

    await user.click(picker);
    const menu = screen.getByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["GPT-4.1", "Claude Sonnet 4.5", "GPT-5", "Offline (no AI provider)"]);
    await user.hover(within(menu).getByRole("menuitem", { name: "GPT-5" }));
    const options = await screen.findByTestId("model-options");
    expect(within(options).getByText("Reasoning effort")).toBeVisible();
    expect(within(options).getByText("Verbosity")).toBeVisible();
    expect(within(options).getByText("Reasoning summary")).toBeVisible();
    // (A click, not pointer moves: jsdom has no geometry for the submenu's pointer grace area.)
    fireEvent.click(within(options).getAllByRole("menuitemradio", { name: "High" })[0]!);
    expect(within(options).getAllByRole("menuitemradio", { name: "High" })[0]).toHaveAttribute("aria-checked", "true");
    await user.click(within(menu).getByRole("menuitem", { name: "GPT-5" }));
    expect(picker).toHaveTextContent("GPT-5");

    await user.type(screen.getByRole("textbox", { name: "Message" }), "plan{Enter}");
    await screen.findByText("ok");
    const body = calls.find((c) => c.path === "/api/chat")!.body as { model: string; providerOptions: unknown };
    expect(body.model).toBe("gpt-5");
    expect(body.providerOptions).toEqual({
      openai: { reasoningEffort: "high", verbosity: "low", reasoningSummary: "auto" },
      anthropic: { thinking: false, interleavedThinking: false },
    });
  });

  it("opens the thinking options for a Claude entry", async () => {
    mockFetch(fakeServer({ session, models, keys: { ...NO_KEYS, openai: true, anthropic: true } }).handler);
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByTestId("model-picker"));
    await user.hover(screen.getByRole("menuitem", { name: "Claude Sonnet 4.5" }));
    const options = await screen.findByTestId("model-options");
    expect(within(options).getByRole("menuitemcheckbox", { name: "Extended thinking" })).toBeVisible();
    expect(within(options).getByRole("menuitemcheckbox", { name: "Interleaved thinking" })).toBeVisible();
  });

  it("sends no model while the usable models are still loading, so the server picks its default", async () => {
    const held = deferred<Response>();
    const server = fakeServer({ session, override: (call) => (call.path === "/api/models" ? held.promise : undefined) });
    const calls = mockFetch(server.handler);
    await open();
    await userEvent.type(screen.getByRole("textbox", { name: "Message" }), "hello{Enter}");
    expect(await screen.findByText("Hello from the fake server.")).toBeVisible();
    const body = calls.find((c) => c.path === "/api/chat")!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("model");
    held.resolve(json(200, [OFFLINE]));
  });

  it("names the offline model in the reader's language", async () => {
    mockFetch(fakeServer({ session }).handler);
    await open();
    try {
      await act(() => chooseLanguage("zh-CN"));
      await waitFor(() => expect(screen.getByTestId("model-picker")).toHaveTextContent("离线（未配置 AI 提供商）"));
    } finally {
      await act(() => chooseLanguage("en"));
    }
  });

  it("falls back to the offline model when the key check fails", async () => {
    mockFetch(fakeServer({ session, models, keys: "fail" }).handler);
    await open();
    const picker = screen.getByTestId("model-picker");
    await waitFor(() => expect(picker).toHaveTextContent("Offline (no AI provider)"));
    await userEvent.click(picker);
    expect(within(screen.getByRole("menu")).getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Offline (no AI provider)"]);
  });
});
