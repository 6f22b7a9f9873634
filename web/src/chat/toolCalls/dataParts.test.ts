import { describe, expect, it } from "vitest";
import { dataByToolCall } from "./dataParts";

describe("routing data parts to their call", () => {
  it("gives each call the latest data of each part streamed for it", () => {
    const data = dataByToolCall([
      { type: "step-start" },
      { type: "tool-provingCountTool", toolCallId: "c1", state: "input-available", input: { to: 3 } },
      { type: "data-proving-count", id: "c1", data: { at: 2, to: 3 } },
      { type: "tool-provingDelegateTool", toolCallId: "d1", state: "input-available", input: { task: "count" } },
      { type: "data-subagent", id: "d1", data: { status: "running", text: "", steps: 1, toolCalls: [] } },
    ]);
    expect(data.get("c1")).toEqual({ "proving-count": { at: 2, to: 3 } });
    expect(data.get("d1")?.subagent?.status).toBe("running");
  });

  it("leaves out parts that name no call of the message, or no call at all", () => {
    const data = dataByToolCall([
      { type: "tool-provingCountTool", toolCallId: "c1", state: "input-available", input: { to: 3 } },
      { type: "data-proving-count", id: "elsewhere", data: { at: 1, to: 3 } },
      { type: "data-proving-count", data: { at: 1, to: 3 } },
      { type: "text", text: "hi" },
    ]);
    expect([...data.keys()]).toEqual([]);
  });
});
