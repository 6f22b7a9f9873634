import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { cardFor } from "../registry";
import { TOOL_PHASE, TOOL_STATES, toToolInvocation } from "../types";
import { GenericToolCard } from "./GenericToolCard";

const invocation = (part: object) => toToolInvocation(part, "m1")!;

describe("tool parts", () => {
  it("maps every state to a phase", () => {
    expect(TOOL_STATES.map((s) => TOOL_PHASE[s])).toEqual([
      "preparing",
      "preparing",
      "preparing",
      "executing",
      "executing",
      "executing",
      "executing",
      "executing",
      "completed",
      "completed",
      "failed",
      "failed",
    ]);
  });

  it("reads SDK tool parts, dynamic tools and stored tool-invocation parts", () => {
    expect(invocation({ type: "tool-timeTool", toolCallId: "c1", state: "input-available", input: { timezone: "Asia/Tokyo" } })).toMatchObject({
      toolName: "timeTool",
      phase: "executing",
      input: { timezone: "Asia/Tokyo" },
    });
    expect(invocation({ type: "dynamic-tool", toolName: "mcpSearch", toolCallId: "c2", state: "output-error", errorText: "down" })).toMatchObject({
      toolName: "mcpSearch",
      phase: "failed",
      errorText: "down",
    });
    expect(invocation({ type: "tool-invocation", toolInvocation: { toolCallId: "c3", toolName: "weatherTool", state: "result", args: { city: "Ontario" }, result: { t: 18 } } })).toMatchObject({
      toolName: "weatherTool",
      phase: "completed",
      input: { city: "Ontario" },
      output: { t: 18 },
    });
    expect(toToolInvocation({ type: "text", text: "hi" }, "m1")).toBeNull();
  });

  it("gives a tool without a card of its own the generic card", () => {
    expect(cardFor("someToolNobodyKnows")).toBe(GenericToolCard);
    expect(cardFor("timeTool")).toBe(GenericToolCard);
    expect(cardFor("constructor")).toBe(GenericToolCard);
  });
});

describe("generic tool card", () => {
  it("says 'Invoked {tool}' and 'Processing...' while the tool runs", () => {
    render(<GenericToolCard invocation={invocation({ type: "tool-yardScan", toolCallId: "c1", state: "input-streaming" })} />);
    expect(screen.getByRole("button")).toHaveTextContent("Invoked yardScan");
    expect(screen.getByRole("button")).toHaveTextContent("Processing...");
  });

  it("says 'Completed {tool}' and expands to the parameters and 'Result {tool}'", async () => {
    render(<GenericToolCard invocation={invocation({ type: "tool-yardScan", toolCallId: "c1", state: "output-available", input: { yard: "fontana" }, output: { trailers: 12 } })} />);
    const header = screen.getByRole("button");
    expect(header).toHaveTextContent("Completed yardScan");
    expect(header).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(header);
    expect(screen.getByText("Parameters")).toBeVisible();
    expect(screen.getByText(/"yard": "fontana"/)).toBeVisible();
    expect(screen.getAllByText("Result yardScan").length).toBeGreaterThan(0);
    expect(screen.getByText(/"trailers": 12/)).toBeVisible();
  });

  it("shows the error of a failed call", async () => {
    render(<GenericToolCard invocation={invocation({ type: "tool-yardScan", toolCallId: "c1", state: "output-error", input: {}, errorText: "Yard system unreachable" })} />);
    expect(screen.getByRole("button")).toHaveTextContent("Tool Call Failed");
    await userEvent.click(screen.getByRole("button"));
    expect(screen.getByText("Yard system unreachable")).toBeVisible();
  });
});
