import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer, uiStream } from "../test/chatServer";
import { type Call, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";
import { useToolCall } from "../tools/shell/toolCall";
import type { ToolInvocation } from "../tools/types";

// The browser-automation card that will report a task's end does not exist yet: this one
// stands in for it, ending the task from a button, through the card contract.
vi.mock("../tools/registry", async (original) => {
  const registry = await original<typeof import("../tools/registry")>();
  function TaskCard({ invocation }: { invocation: ToolInvocation }) {
    const { settle } = useToolCall(invocation);
    return (
      <button type="button" onClick={() => void settle({ status: "completed", data: { dock: 4 }, summary: "Dock 4 booked" })}>
        Task finished
      </button>
    );
  }
  return {
    ...registry,
    ToolPart: ({ invocation }: { invocation: ToolInvocation }) =>
      invocation.toolName === "browserAutomationTool" ? <TaskCard invocation={invocation} /> : <registry.ToolPart invocation={invocation} />,
  };
});

// Async tools (spec 000 §4) with a fake async output: no real async tool exists yet
// (browser automation comes later), so the server here streams one.

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

beforeEach(() => useAuthStore.getState().signIn(session));
afterEach(() => vi.unstubAllGlobals());

/** An answer that starts a browser task and says so: the task goes on after the answer. */
const startsTask = () =>
  uiStream([
    { type: "start", messageId: "msg_task", messageMetadata: { model: "waybill-offline" } },
    { type: "start-step" },
    { type: "tool-input-start", toolCallId: "call_b1", toolName: "browserAutomationTool", providerExecuted: true },
    { type: "tool-input-available", toolCallId: "call_b1", toolName: "browserAutomationTool", input: { task: "Book dock 4" }, providerExecuted: true },
    {
      type: "tool-output-available",
      toolCallId: "call_b1",
      output: { isAsync: true, sessionId: "s1", browserExecution: { status: "running", timestamp: "2026-11-24T10:00:00.000Z" } },
      providerExecuted: true,
    },
    { type: "finish-step" },
    { type: "start-step" },
    { type: "text-start", id: "t1" },
    { type: "text-delta", id: "t1", delta: "The browser is booking dock 4." },
    { type: "text-end", id: "t1" },
    { type: "finish-step" },
    { type: "finish", finishReason: "stop" },
  ]);

type SavedPart = { type: string; output?: { browserExecution?: { status: string; summary?: string } } };
const lastSave = (calls: Call[]) => calls.filter((c) => c.method === "PUT").at(-1)?.body as { messages: { parts: SavedPart[] }[] } | undefined;

describe("an async tool", () => {
  it("sends a follow-up by itself once its task is over and nothing else runs", async () => {
    let turn = 0;
    const calls = mockFetch(
      fakeServer({
        session,
        answer: () => {
          turn += 1;
          if (turn === 1) return startsTask();
          return uiStream([
            { type: "start", messageId: "msg_task" },
            { type: "start-step" },
            { type: "text-start", id: "t2" },
            { type: "text-delta", id: "t2", delta: "Dock 4 is booked." },
            { type: "text-end", id: "t2" },
            { type: "finish-step" },
            { type: "finish", finishReason: "stop" },
          ]);
        },
      }).handler,
    );
    renderApp("/");
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Message" }, { timeout: 5000 }), "Book dock 4 in the portal{Enter}");
    await screen.findByText("The browser is booking dock 4.");
    expect(await screen.findByRole("button", { name: "Stop generating" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Task finished" }));
    await screen.findByText("Dock 4 is booked.");
    const chatPosts = calls.filter((c) => c.path === "/api/chat" && c.method === "POST");
    expect(chatPosts).toHaveLength(2);
    const followUp = chatPosts[1]!.body as { messageId: string; messages: { parts: SavedPart[] }[] };
    expect(followUp.messageId).toBe("msg_task");
    const task = followUp.messages.at(-1)?.parts.find((p) => p.type === "tool-browserAutomationTool");
    expect(task?.output?.browserExecution).toMatchObject({ status: "completed", summary: "Dock 4 booked" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Send message" })).toBeInTheDocument());
  });

  it("keeps the answer running while its task runs; Stop cancels the task with the spec's summary and saves", async () => {
    const calls = mockFetch(fakeServer({ session, answer: startsTask }).handler);
    renderApp("/");
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Message" }, { timeout: 5000 }), "Book dock 4 in the portal{Enter}");
    await screen.findByText("The browser is booking dock 4.");

    // The stream is over, the task is not: Stop is offered (and Escape works too).
    const stop = await screen.findByRole("button", { name: "Stop generating" });
    await user.click(stop);

    await waitFor(() => expect(screen.queryByRole("button", { name: "Stop generating" })).toBeNull());
    await waitFor(() => {
      const task = lastSave(calls)?.messages.at(-1)?.parts.find((p) => p.type === "tool-browserAutomationTool");
      expect(task?.output?.browserExecution).toMatchObject({ status: "cancelled", summary: "Browser automation task cancelled by user" });
    });
    // Stopping a task that runs after the answer asks the server to stop nothing, and sends no follow-up.
    expect(calls.filter((c) => c.path.endsWith("/stop"))).toHaveLength(0);
    expect(calls.filter((c) => c.path === "/api/chat" && c.method === "POST")).toHaveLength(1);
  });
});
