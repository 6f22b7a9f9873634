import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import { fakeServer, uiStream } from "../test/chatServer";
import { type Call, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { renderApp } from "../test/render";

// Interactive cards in a conversation: an approval answered, a client tool's result
// posted, data parts routed to their card — each through the chat, as the server's
// stream protocol has it.

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

beforeEach(() => useAuthStore.getState().signIn(session));
afterEach(() => vi.unstubAllGlobals());

const ANSWER_ID = "msg_a1";
const start = [{ type: "start", messageId: ANSWER_ID, messageMetadata: { model: "waybill-offline" } }, { type: "start-step" }];
const text = (words: string) => [
  { type: "start-step" },
  { type: "text-start", id: "t1" },
  { type: "text-delta", id: "t1", delta: words },
  { type: "text-end", id: "t1" },
  { type: "finish-step" },
  { type: "finish", finishReason: "stop" },
];

/** The first answer asks to mark; the second (the continuation) carries out the decision. */
const markStream = (decision: (call: Call) => object[]) => {
  let turn = 0;
  return (call: Call) => {
    turn += 1;
    if (turn === 1) {
      return uiStream([
        ...start,
        { type: "tool-input-start", toolCallId: "call_m", toolName: "provingMarkTool", providerExecuted: true },
        { type: "tool-input-available", toolCallId: "call_m", toolName: "provingMarkTool", input: { label: "dock 4" }, providerExecuted: true },
        { type: "tool-approval-request", approvalId: "apr_1", toolCallId: "call_m" },
        { type: "finish-step" },
        { type: "finish", finishReason: "tool-calls" },
      ]);
    }
    return uiStream([{ type: "start", messageId: ANSWER_ID }, ...decision(call)]);
  };
};

type SentPart = { type: string; state?: string; approval?: { id: string; approved?: boolean; reason?: string }; output?: unknown };
type SentBody = { messageId?: string; trigger: string; messages: { id: string; role: string; parts: SentPart[] }[] };
const posts = (calls: Call[]) => calls.filter((c) => c.path === "/api/chat" && c.method === "POST").map((c) => c.body as SentBody);
const sentPart = (body: SentBody | undefined, type: string) => body?.messages.at(-1)?.parts.find((p) => p.type === type);

async function ask(question: string) {
  renderApp("/");
  const user = userEvent.setup();
  await user.type(await screen.findByRole("textbox", { name: "Message" }, { timeout: 5000 }), `${question}{Enter}`);
  return user;
}

describe("a call that asks for approval", () => {
  it("Approve posts the decision, the server runs the call, and the card shows the result", async () => {
    const calls = mockFetch(
      fakeServer({
        session,
        answer: markStream(() => [
          { type: "start-step" },
          { type: "tool-output-available", toolCallId: "call_m", output: { markId: "mark_1", label: "dock 4", marks: 1 }, providerExecuted: true },
          { type: "finish-step" },
          ...text("Marked “dock 4” (1 marks in all)."),
        ]),
      }).handler,
    );
    const user = await ask("put a proving mark: dock 4");
    const card = await screen.findByTestId("tool-card");
    await waitFor(() => expect(card).toHaveAttribute("data-phase", "approval"));
    await user.click(within(card).getByRole("button", { name: "Approve" }));

    await screen.findByText("Marked “dock 4” (1 marks in all).");
    expect(card).toHaveAttribute("data-phase", "completed");
    expect(within(card).getByTestId("tool-approved")).toHaveTextContent("Approved");
    const sent = posts(calls);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ trigger: "submit-message", messageId: ANSWER_ID });
    expect(sentPart(sent[1], "tool-provingMarkTool")).toMatchObject({ state: "approval-responded", approval: { id: "apr_1", approved: true } });
  });

  it("Deny posts the refusal with its reason; the card reads Denied and nothing ran", async () => {
    const calls = mockFetch(
      fakeServer({
        session,
        answer: markStream(() => [{ type: "start-step" }, { type: "tool-output-denied", toolCallId: "call_m" }, { type: "finish-step" }, ...text("You denied the mark.")]),
      }).handler,
    );
    const user = await ask("put a proving mark: dock 4");
    const card = await screen.findByTestId("tool-card");
    await user.type(await within(card).findByRole("textbox", { name: "Reason (optional)" }), "Wrong dock");
    await user.click(within(card).getByRole("button", { name: "Deny" }));

    await screen.findByText("You denied the mark.");
    expect(card).toHaveAttribute("data-phase", "denied");
    expect(within(card).getByTestId("tool-status")).toHaveTextContent("Denied");
    expect(within(card).queryByRole("alert")).toBeNull();
    expect(sentPart(posts(calls)[1], "tool-provingMarkTool")).toMatchObject({ approval: { id: "apr_1", approved: false, reason: "Wrong dock" } });
    expect(posts(calls)).toHaveLength(2);
  });
});

describe("a client tool", () => {
  it("posts the answer typed in its card, and the answer goes on", async () => {
    let turn = 0;
    const calls = mockFetch(
      fakeServer({
        session,
        answer: () => {
          turn += 1;
          if (turn === 1) {
            return uiStream([
              ...start,
              { type: "tool-input-start", toolCallId: "call_q", toolName: "provingAskTool" },
              { type: "tool-input-available", toolCallId: "call_q", toolName: "provingAskTool", input: { question: "Which door?" } },
              { type: "finish-step" },
              { type: "finish", finishReason: "tool-calls" },
            ]);
          }
          return uiStream([{ type: "start", messageId: ANSWER_ID }, ...text("You answered “Door 7”.")]);
        },
      }).handler,
    );
    const user = await ask("ask me: which door?");
    await user.type(await screen.findByRole("textbox", { name: "Which door?" }), "Door 7");
    await user.click(screen.getByRole("button", { name: "Send" }));

    await screen.findByText("You answered “Door 7”.");
    const sent = posts(calls);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.messageId).toBe(ANSWER_ID);
    expect(sentPart(sent[1], "tool-provingAskTool")).toMatchObject({ state: "output-available", output: { answer: "Door 7" } });
  });
});

describe("a client tool whose result cannot be posted", () => {
  it("says 处理工具结果时出错 in the reader's words, keeps the answer, and Retry posts it again", async () => {
    let turn = 0;
    const calls = mockFetch(
      fakeServer({
        session,
        answer: () => {
          turn += 1;
          if (turn === 1) {
            return uiStream([
              ...start,
              { type: "tool-input-start", toolCallId: "call_q", toolName: "provingAskTool" },
              { type: "tool-input-available", toolCallId: "call_q", toolName: "provingAskTool", input: { question: "Which door?" } },
              { type: "finish-step" },
              { type: "finish", finishReason: "tool-calls" },
            ]);
          }
          // The post of the result fails once (a gateway error), then goes through.
          if (turn === 2) return new Response(JSON.stringify({ code: "bad_gateway", message: "upstream" }), { status: 502, headers: { "content-type": "application/json" } });
          return uiStream([{ type: "start", messageId: ANSWER_ID }, ...text("You answered “Door 7”.")]);
        },
      }).handler,
    );
    const user = await ask("ask me: which door?");
    await user.type(await screen.findByRole("textbox", { name: "Which door?" }), "Door 7");
    await user.click(screen.getByRole("button", { name: "Send" }));

    const alert = await screen.findByText("Something went wrong while processing the tool result. Please try again.");
    expect(screen.queryByTestId("chat-error"), "not the failed answer's error, whose Retry asks anew").toBeNull();
    // The card still holds what the user entered.
    expect(screen.getByTestId("ask-answered")).toHaveTextContent("Door 7");

    await user.click(within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Retry" }));
    await screen.findByText("You answered “Door 7”.");
    expect(screen.queryByText(/processing the tool result/)).toBeNull();
    const sent = posts(calls);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.trigger, "the result is posted again, not the question asked anew").toBe("submit-message");
    expect(sentPart(sent[2], "tool-provingAskTool")).toMatchObject({ state: "output-available", output: { answer: "Door 7" } });
  });
});

describe("data parts", () => {
  it("reach their call's card and never show on their own", async () => {
    mockFetch(
      fakeServer({
        session,
        answer: () =>
          uiStream([
            ...start,
            { type: "tool-input-start", toolCallId: "call_c", toolName: "provingCountTool", providerExecuted: true },
            { type: "tool-input-available", toolCallId: "call_c", toolName: "provingCountTool", input: { to: 3 }, providerExecuted: true },
            { type: "data-proving-count", id: "call_c", data: { at: 1, to: 3 } },
            { type: "data-proving-count", id: "call_c", data: { at: 2, to: 3 } },
            { type: "data-stray", id: "nobody", data: { secret: "not for display" } },
            { type: "finish-step" },
            { type: "finish", finishReason: "stop" },
          ]),
      }).handler,
    );
    await ask("count to three");
    const card = await screen.findByTestId("tool-card");
    await waitFor(() => expect(within(card).getByTestId("count-now")).toHaveTextContent("2"));
    expect(within(card).getByTestId("tool-status")).toHaveTextContent("Counting… 2 of 3");
    expect(screen.queryByText(/not for display/)).toBeNull();
    expect(screen.queryByText(/"at"/)).toBeNull();
  });
});
