import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer, textAnswer } from "../test/chatServer";
import { type Call, deferred, json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

// How an answer ends and starts again: Stop while a tool runs, a question left without
// an answer, Regenerate, Edit and resend.

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

const chat = (id: string, title: string, messages: unknown[]) => ({ id, title, updatedAt: "2026-11-20T08:30:00Z", messages, model: "waybill-offline" });
const question = { id: "u1", role: "user", parts: [{ type: "text", text: "Dock schedule?" }] };
const answered = chat("c-dock", "Dock schedule", [question, { id: "a1", role: "assistant", parts: [{ type: "text", text: "Dock 4 is free at 10:00." }] }]);
const orphan = chat("c-orphan", "Dock schedule", [question]);

beforeEach(() => {
  useAuthStore.getState().signIn(session);
});
afterEach(() => vi.unstubAllGlobals());

const open = async (path = "/") => {
  const app = renderApp(path);
  await screen.findByRole("button", { name: "New Connection" }, { timeout: 5000 });
  return app;
};

const sse = (chunk: object) => new TextEncoder().encode(`data: ${JSON.stringify(chunk)}\n\n`);

/**
 * An answer whose weather call runs until the test ends it: `end(chunks)` streams the
 * chunks and closes, as the server's stop does.
 */
function runningTool() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of [
        { type: "start", messageId: "msg_running", messageMetadata: { model: "waybill-offline" } },
        { type: "start-step" },
        { type: "tool-input-start", toolCallId: "call_1", toolName: "weatherTool", providerExecuted: true },
        { type: "tool-input-available", toolCallId: "call_1", toolName: "weatherTool", input: { location: "Slowtown" }, providerExecuted: true },
      ]) {
        c.enqueue(sse(chunk));
      }
    },
  });
  const response = new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" } });
  const end = (chunks: object[]) => {
    for (const chunk of chunks) controller.enqueue(sse(chunk));
    controller.enqueue(new TextEncoder().encode("data: [DONE]\n\n"));
    controller.close();
  };
  return { response, end };
}

/** What the server streams on a stop (`stop_chunks` in the agent's assembler). */
const SERVER_STOP = [
  {
    type: "tool-input-error",
    toolCallId: "call_1",
    toolName: "weatherTool",
    input: { location: "Slowtown" },
    errorText: "Stopped before it finished",
    providerExecuted: true,
    providerMetadata: { waybill: { stopped: true } },
  },
  { type: "message-metadata", messageMetadata: { stopped: true } },
  { type: "abort" },
];

type SavedPart = { type: string; state?: string; errorText?: string; resultProviderMetadata?: unknown };
type Saved = { messages: { id: string; role: string; parts: SavedPart[]; metadata?: { stopped?: boolean } }[] };
const lastSave = (calls: Call[]) => calls.filter((c) => c.method === "PUT").at(-1)?.body as Saved | undefined;

async function expectStoppedAndSaved(calls: Call[]) {
  const card = await screen.findByTestId("tool-card");
  await waitFor(() => expect(card).toHaveAttribute("data-phase", "stopped"), { timeout: 4000 });
  expect(within(card).getByTestId("tool-status")).toHaveTextContent("Stopped");
  expect(within(card).queryByTestId("tool-skeleton")).toBeNull();
  expect(screen.getByTestId("stopped-mark")).toHaveTextContent("Stopped");
  expect(screen.getByRole("button", { name: "Send message" })).toBeInTheDocument();
  await waitFor(() => {
    const answer = lastSave(calls)?.messages.at(-1);
    expect(answer?.metadata?.stopped).toBe(true);
    expect(answer?.parts.find((p) => p.type === "tool-weatherTool")).toMatchObject({
      state: "output-error",
      errorText: "Stopped before it finished",
      resultProviderMetadata: { waybill: { stopped: true } },
    });
  });
}

async function askForSlowWeather() {
  await userEvent.type(screen.getByRole("textbox", { name: "Message" }), "Weather in Slowtown?{Enter}");
  await screen.findByTestId("tool-card");
  await waitFor(() => expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "executing"));
}

describe("stopping an answer while a tool runs", () => {
  it("lets the server end the answer, so the card and the saved chat read 'Stopped'", async () => {
    const run = runningTool();
    const server = fakeServer({
      session,
      answer: () => run.response,
      override: ({ path }) => {
        if (!path.endsWith("/stop")) return undefined;
        setTimeout(() => run.end(SERVER_STOP), 50);
        return json(200, { stopped: true });
      },
    });
    const calls = mockFetch(server.handler);
    await open();
    await askForSlowWeather();
    const pressed = Date.now();
    await userEvent.click(screen.getByRole("button", { name: "Stop generating" }));
    await expectStoppedAndSaved(calls);
    expect(Date.now() - pressed).toBeLessThan(1500);
  });

  it("marks the call stopped here when the server has nothing to stop (a chat it has not stored)", async () => {
    const run = runningTool();
    const server = fakeServer({
      session,
      answer: () => run.response,
      override: ({ path }) => (path.endsWith("/stop") ? json(404, { code: "not_found", message: "Chat not found" }) : undefined),
    });
    const calls = mockFetch(server.handler);
    await open();
    await askForSlowWeather();
    await userEvent.keyboard("{Escape}");
    await expectStoppedAndSaved(calls);
  });

  it("stops reading after 2 s when the server does not end the answer, and marks it here", async () => {
    const run = runningTool();
    const server = fakeServer({ session, answer: () => run.response, override: ({ path }) => (path.endsWith("/stop") ? json(200, { stopped: true }) : undefined) });
    const calls = mockFetch(server.handler);
    await open();
    await askForSlowWeather();
    const pressed = Date.now();
    await userEvent.click(screen.getByRole("button", { name: "Stop generating" }));
    await expectStoppedAndSaved(calls);
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(1900);
  });
});

describe("a question without an answer", () => {
  it("offers a retry under it that answers it with the protocol's regenerate", async () => {
    const server = fakeServer({ session, chats: [orphan], answer: () => textAnswer("Dock 4 is free at 10:00.") });
    const calls = mockFetch(server.handler);
    await open("/?chat=c-orphan");
    const notice = await screen.findByTestId("unanswered");
    expect(notice).toHaveTextContent("This message has no answer yet");
    await userEvent.click(within(notice).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Dock 4 is free at 10:00.")).toBeVisible();
    expect(screen.queryByTestId("unanswered")).toBeNull();
    const sent = calls.find((c) => c.path === "/api/chat")!.body as { trigger: string; messages: { id: string }[] };
    expect(sent.trigger).toBe("regenerate-message");
    expect(sent.messages.map((m) => m.id)).toEqual(["u1"]);
  });

  it("says nothing until the server has said no answer is running", async () => {
    const resumed = deferred<Response>();
    const server = fakeServer({ session, chats: [orphan], override: ({ path }) => (path.endsWith("/stream") ? resumed.promise : undefined) });
    mockFetch(server.handler);
    await open("/?chat=c-orphan");
    await screen.findByText("Dock schedule?");
    expect(screen.queryByTestId("unanswered")).toBeNull();
    resumed.resolve(new Response(null, { status: 204 }));
    expect(await screen.findByTestId("unanswered")).toBeVisible();
  });

  it("is offered after a send that failed, with the same retry as the error", async () => {
    let fail = true;
    const server = fakeServer({ session, answer: () => textAnswer("It is 21:05 in Tokyo.") });
    mockFetch((call) => {
      if (call.path === "/api/chat" && fail) {
        fail = false;
        return Promise.reject(new TypeError("Failed to fetch"));
      }
      return server.handler(call);
    });
    await open();
    await userEvent.type(screen.getByRole("textbox", { name: "Message" }), "What time is it in Tokyo?{Enter}");
    const error = await screen.findByTestId("chat-error");
    await userEvent.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("It is 21:05 in Tokyo.")).toBeVisible();
    expect(screen.getAllByTestId("message").map((m) => m.dataset.role)).toEqual(["user", "assistant"]);
  });

  it("stays, without breaking the chat, when the user asks something else instead", async () => {
    const server = fakeServer({ session, chats: [orphan], answer: () => textAnswer("Dock 5 is free all day.") });
    const calls = mockFetch(server.handler);
    await open("/?chat=c-orphan");
    await screen.findByTestId("unanswered");
    await userEvent.type(screen.getByRole("textbox", { name: "Message" }), "And dock 5?{Enter}");
    expect(await screen.findByText("Dock 5 is free all day.")).toBeVisible();
    expect(screen.queryByTestId("unanswered")).toBeNull();
    expect(screen.getAllByTestId("message").map((m) => m.dataset.role)).toEqual(["user", "user", "assistant"]);
    const sent = calls.find((c) => c.path === "/api/chat")!.body as { trigger: string; messages: unknown[] };
    expect(sent).toMatchObject({ trigger: "submit-message" });
    expect(sent.messages).toHaveLength(2);
  });
});

describe("answering again", () => {
  it("regenerates the last answer in its place", async () => {
    const server = fakeServer({ session, chats: [answered], answer: () => textAnswer("Dock 4 is free from 10:30.", "msg_new") });
    const calls = mockFetch(server.handler);
    await open("/?chat=c-dock");
    await screen.findByText("Dock 4 is free at 10:00.");
    const [, answer] = screen.getAllByTestId("message");
    await userEvent.click(within(answer!).getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Regenerate" }));
    expect(await screen.findByText("Dock 4 is free from 10:30.")).toBeVisible();
    expect(screen.queryByText("Dock 4 is free at 10:00.")).toBeNull();
    const sent = calls.find((c) => c.path === "/api/chat")!.body as { trigger: string; messageId?: string; messages: { id: string }[] };
    expect(sent.trigger).toBe("regenerate-message");
    expect(sent.messageId).toBeUndefined();
    expect(sent.messages.map((m) => m.id)).toEqual(["u1"]);
  });

  it("sends the user's edited last question under its id and drops the old answer", async () => {
    const server = fakeServer({ session, chats: [answered], answer: () => textAnswer("Dock 5 is free all day.", "msg_new") });
    const calls = mockFetch(server.handler);
    await open("/?chat=c-dock");
    await screen.findByText("Dock 4 is free at 10:00.");
    const [mine] = screen.getAllByTestId("message");
    await userEvent.click(within(mine!).getByRole("button", { name: "Message options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit and resend" }));
    const box = screen.getByRole("textbox", { name: "Edit your message" });
    await userEvent.clear(box);
    await userEvent.type(box, "Dock 5 schedule?{Enter}");
    expect(await screen.findByText("Dock 5 is free all day.")).toBeVisible();
    expect(screen.getByText("Dock 5 schedule?")).toBeVisible();
    expect(screen.queryByText("Dock 4 is free at 10:00.")).toBeNull();
    expect(screen.getAllByTestId("message")).toHaveLength(2);
    const sent = calls.find((c) => c.path === "/api/chat")!.body as { trigger: string; messageId?: string; messages: { id: string; parts: unknown[] }[] };
    expect(sent).toMatchObject({ trigger: "submit-message", messageId: "u1" });
    expect(sent.messages).toHaveLength(1);
    expect(sent.messages[0]!.parts).toEqual([{ type: "text", text: "Dock 5 schedule?" }]);
  });
});
