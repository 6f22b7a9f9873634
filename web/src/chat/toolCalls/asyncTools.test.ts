import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../types";
import {
  type AsyncToolsEvent,
  type AsyncToolsState,
  CANCELLED_SUMMARY,
  INITIAL,
  asyncToolsReducer,
  cancelAsyncCalls,
  followUpDue,
  runningAsync,
  seenCalls,
} from "./asyncTools";

const run = (...events: AsyncToolsEvent[]): AsyncToolsState => events.reduce(asyncToolsReducer, INITIAL);
const browse = (status: string) => ({ isAsync: true, browserExecution: { status } });

describe("the async-tool machine (spec 000 §4)", () => {
  it("registers an async tool when it appears in the streaming message, and it runs until it settles", () => {
    const state = run({ type: "seen", calls: [{ toolCallId: "b1", async: true, execution: "running" }] });
    expect(runningAsync(state)).toEqual(["b1"]);
    expect(followUpDue(state)).toBe(false);
  });

  it("sees a call first as plain (input streaming), then as async once its output says so", () => {
    const state = run({ type: "seen", calls: [{ toolCallId: "b1", async: false }] }, { type: "seen", calls: [{ toolCallId: "b1", async: true, execution: "running" }] });
    expect(state.calls.b1).toEqual({ async: true, status: "running" });
  });

  it("skips async tools whose task is completed or cancelled already", () => {
    const state = run({
      type: "seen",
      calls: [
        { toolCallId: "done", async: true, execution: "completed" },
        { toolCallId: "gone", async: true, execution: "cancelled" },
      ],
    });
    expect(runningAsync(state)).toEqual([]);
    expect(followUpDue(state)).toBe(false);
  });

  it("marks completed non-async tools complete on finish, and leaves async ones running", () => {
    const state = run(
      { type: "seen", calls: [{ toolCallId: "w1", async: false }, { toolCallId: "b1", async: true }] },
      { type: "finished" },
    );
    expect(state.calls.w1).toEqual({ async: false, status: "done" });
    expect(state.calls.b1).toEqual({ async: true, status: "running" });
  });

  it("is due a follow-up when no async tool runs but some results are pending", () => {
    const twoTasks = run({ type: "seen", calls: [{ toolCallId: "b1", async: true }, { toolCallId: "b2", async: true }] }, { type: "finished" });
    const oneDone = asyncToolsReducer(twoTasks, { type: "settled", toolCallId: "b1", status: "completed" });
    expect(followUpDue(oneDone), "b2 still runs").toBe(false);
    const bothDone = asyncToolsReducer(oneDone, { type: "settled", toolCallId: "b2", status: "failed" });
    expect(followUpDue(bothDone)).toBe(true);
    const sent = asyncToolsReducer(bothDone, { type: "followUpSent" });
    expect(followUpDue(sent), "the results went to the model once").toBe(false);
  });

  it("owes no follow-up for a task cancelled in the browser", () => {
    const state = run({ type: "seen", calls: [{ toolCallId: "b1", async: true }] }, { type: "settled", toolCallId: "b1", status: "cancelled" });
    expect(state.calls.b1?.status).toBe("cancelled");
    expect(followUpDue(state)).toBe(false);
  });

  it("ignores the end of a task it does not know, or one already over", () => {
    const state = run({ type: "seen", calls: [{ toolCallId: "b1", async: true, execution: "completed" }] });
    expect(asyncToolsReducer(state, { type: "settled", toolCallId: "b1", status: "completed" })).toBe(state);
    expect(asyncToolsReducer(state, { type: "settled", toolCallId: "nope", status: "completed" })).toBe(state);
  });

  it("clears everything on Stop", () => {
    const state = run({ type: "seen", calls: [{ toolCallId: "b1", async: true }] }, { type: "stopped" });
    expect(state).toEqual(INITIAL);
  });
});

describe("reading calls from a message", () => {
  it("tells async outputs (isAsync or metadata.isAsync) from plain ones, with the task's status", () => {
    expect(
      seenCalls([
        { type: "step-start" },
        { type: "tool-browserTool", toolCallId: "b1", state: "output-available", input: {}, output: browse("running") },
        { type: "tool-browserTool", toolCallId: "b2", state: "output-available", input: {}, output: { metadata: { isAsync: true }, browserExecution: { status: "completed" } } },
        { type: "tool-weatherTool", toolCallId: "w1", state: "output-available", input: {}, output: { temperature: 18 } },
        { type: "dynamic-tool", toolName: "x", toolCallId: "d1", state: "input-available", input: {} },
        { type: "text", text: "hi" },
      ]),
    ).toEqual([
      { toolCallId: "b1", async: true, execution: "running" },
      { toolCallId: "b2", async: true, execution: "completed" },
      { toolCallId: "w1", async: false },
      { toolCallId: "d1", async: false },
    ]);
  });
});

describe("cancelling on Stop", () => {
  const answer: ChatMessage = {
    id: "a1",
    role: "assistant",
    parts: [
      { type: "tool-browserTool", toolCallId: "b1", state: "output-available", input: {}, output: { isAsync: true, browserExecution: { status: "running", data: { step: 2 } } }, providerExecuted: true },
      { type: "tool-weatherTool", toolCallId: "w1", state: "output-available", input: {}, output: { temperature: 18 } },
    ],
  };

  it("marks the running tasks cancelled with the spec's summary and the time, keeping what they had", () => {
    const [after] = cancelAsyncCalls([answer], ["b1"], new Date("2026-11-24T10:00:00Z"));
    expect(after!.parts[0]).toMatchObject({
      state: "output-available",
      output: { isAsync: true, browserExecution: { status: "cancelled", data: { step: 2 }, summary: CANCELLED_SUMMARY, timestamp: "2026-11-24T10:00:00.000Z" } },
    });
    expect(CANCELLED_SUMMARY).toBe("Browser automation task cancelled by user");
    expect(after!.parts[1]).toBe(answer.parts[1]);
  });

  it("gives the same list back when there is nothing to cancel", () => {
    const list = [answer];
    expect(cancelAsyncCalls(list, [])).toBe(list);
    expect(cancelAsyncCalls(list, ["w1"]), "a plain call is not a task").toBe(list);
  });
});
