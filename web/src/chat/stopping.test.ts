import { describe, expect, it } from "vitest";
import { toToolInvocation } from "../tools/types";
import { markStopped } from "./stopping";
import type { ChatMessage } from "./types";

const question: ChatMessage = { id: "u1", role: "user", parts: [{ type: "text", text: "Weather in Slowtown and the time?" }] };

const answer = (parts: ChatMessage["parts"], metadata: ChatMessage["metadata"] = { model: "waybill-offline" }): ChatMessage => ({
  id: "a1",
  role: "assistant",
  metadata,
  parts,
});

describe("marking a stopped answer here", () => {
  it("ends every unfinished call exactly as the server does, and leaves finished ones alone", () => {
    const stopped = markStopped([
      question,
      answer([
        { type: "step-start" },
        { type: "tool-timeTool", toolCallId: "done", state: "output-available", input: { timezone: "UTC" }, output: { time: "10:00" } },
        { type: "tool-weatherTool", toolCallId: "failed", state: "output-error", input: { location: "Nowhere" }, errorText: "No such place" },
        { type: "tool-weatherTool", toolCallId: "running", state: "input-available", input: { location: "Slowtown" } },
        { type: "tool-timeTool", toolCallId: "streaming", state: "input-streaming", input: undefined },
        { type: "dynamic-tool", toolName: "mcpSearch", toolCallId: "dynamic", state: "input-available", input: { q: "dock" } },
        { type: "text", text: "Checking", state: "streaming" },
      ]),
    ]);
    const parts = stopped[1]!.parts;
    expect(parts[1]).toMatchObject({ state: "output-available", output: { time: "10:00" } });
    expect(parts[2]).toMatchObject({ state: "output-error", errorText: "No such place" });
    expect(parts[2]).not.toHaveProperty("resultProviderMetadata");
    for (const [i, input] of [
      [3, { location: "Slowtown" }],
      [4, {}],
      [5, { q: "dock" }],
    ] as const) {
      expect(parts[i]).toMatchObject({
        state: "output-error",
        errorText: "Stopped before it finished",
        resultProviderMetadata: { waybill: { stopped: true } },
        input,
      });
    }
    expect(parts[6]).toEqual({ type: "text", text: "Checking", state: "done" });
    expect(stopped[1]!.metadata).toEqual({ model: "waybill-offline", stopped: true });
    expect(stopped[0]).toBe(question);
  });

  it("gives cards the 'stopped' phase, not a failure", () => {
    const [, marked] = markStopped([question, answer([{ type: "tool-weatherTool", toolCallId: "c1", state: "input-available", input: { location: "Slowtown" } }])]);
    expect(toToolInvocation(marked!.parts[0], "a1")?.phase).toBe("stopped");
  });

  it("marks a text answer cut short as stopped too", () => {
    const [, marked] = markStopped([question, answer([{ type: "text", text: "No AI provider", state: "streaming" }])]);
    expect(marked!.metadata?.stopped).toBe(true);
  });

  it("changes nothing when the last message is the question (stopped before any answer) or already marked", () => {
    const unanswered = [question];
    expect(markStopped(unanswered)).toBe(unanswered);
    const marked = markStopped([question, answer([{ type: "tool-timeTool", toolCallId: "c1", state: "input-available", input: {} }])]);
    expect(markStopped(marked)).toBe(marked);
  });
});
