import { describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../types";
import { shouldContinue } from "./continuation";

const question: ChatMessage = { id: "u1", role: "user", parts: [{ type: "text", text: "Put a proving mark: dock 4" }] };
const answer = (parts: ChatMessage["parts"], metadata?: ChatMessage["metadata"]): ChatMessage => ({ id: "a1", role: "assistant", parts, ...(metadata ? { metadata } : {}) });

const approval = (approved?: boolean): ChatMessage["parts"][number] =>
  approved === undefined
    ? { type: "tool-provingMarkTool", toolCallId: "m1", state: "approval-requested", input: { label: "dock 4" }, providerExecuted: true, approval: { id: "apr_1" } }
    : { type: "tool-provingMarkTool", toolCallId: "m1", state: "approval-responded", input: { label: "dock 4" }, providerExecuted: true, approval: { id: "apr_1", approved } };

const noAsync = () => false;

describe("when the chat posts again by itself", () => {
  it("once every approval of the last step is answered, approved or denied", () => {
    expect(shouldContinue([question, answer([{ type: "step-start" }, approval()])], noAsync)).toBe(false);
    expect(shouldContinue([question, answer([{ type: "step-start" }, approval(true)])], noAsync)).toBe(true);
    expect(shouldContinue([question, answer([{ type: "step-start" }, approval(false)])], noAsync)).toBe(true);
  });

  it("once a client tool has its result (the user answered the card)", () => {
    const asked = { type: "tool-provingAskTool", toolCallId: "q1", input: { question: "Which door?" } } as const;
    expect(shouldContinue([question, answer([{ type: "step-start" }, { ...asked, state: "input-available" }])], noAsync)).toBe(false);
    expect(shouldContinue([question, answer([{ type: "step-start" }, { ...asked, state: "output-available", output: { answer: "Door 7" } }])], noAsync)).toBe(true);
  });

  it("not after an ordinary answer: server tools and text only", () => {
    const done = answer([
      { type: "step-start" },
      { type: "tool-provingCountTool", toolCallId: "c1", state: "output-available", input: { to: 3 }, output: { counted: 3 }, providerExecuted: true },
      { type: "step-start" },
      { type: "text", text: "Counted to 3.", state: "done" },
    ]);
    const asyncFollowUp = vi.fn(() => false);
    expect(shouldContinue([question, done], asyncFollowUp)).toBe(false);
    expect(asyncFollowUp).toHaveBeenCalledOnce();
  });

  it("when the async machine says results are pending and nothing runs", () => {
    const done = answer([{ type: "step-start" }, { type: "text", text: "Started.", state: "done" }]);
    expect(shouldContinue([question, done], () => true)).toBe(true);
  });

  it("never after a stop, nor when the last message is the user's", () => {
    const stopped = answer([{ type: "step-start" }, { type: "tool-provingAskTool", toolCallId: "q1", state: "output-error", input: { question: "?" }, errorText: "Stopped before it finished" }], { stopped: true });
    const asyncFollowUp = vi.fn(() => true);
    expect(shouldContinue([question, stopped], asyncFollowUp)).toBe(false);
    expect(shouldContinue([question], asyncFollowUp)).toBe(false);
    expect(asyncFollowUp, "a stopped answer claims no follow-up").not.toHaveBeenCalled();
  });
});
