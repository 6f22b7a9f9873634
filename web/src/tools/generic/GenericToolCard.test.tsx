import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { toolCall } from "../../test/toolCalls";
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
      "approval",
      "executing",
      "completed",
      "completed",
      "failed",
      "denied",
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

  it("tells a call cut short by a stop from a failed one by the server's mark", () => {
    const stopped = { type: "tool-weatherTool", toolCallId: "c1", state: "output-error", input: {}, errorText: "Stopped before it finished" };
    expect(invocation({ ...stopped, resultProviderMetadata: { waybill: { stopped: true } } }).phase).toBe("stopped");
    expect(invocation({ ...stopped, resultProviderMetadata: { waybill: { stopped: false } } }).phase).toBe("failed");
    expect(invocation({ ...stopped, state: "input-available", resultProviderMetadata: { waybill: { stopped: true } } }).phase).toBe("executing");
    expect(invocation(stopped).phase).toBe("failed");
  });
});

describe("generic tool card", () => {
  it("says 'Invoked {tool}' and 'Processing...' with a skeleton while the tool is prepared", () => {
    render(<GenericToolCard invocation={toolCall("yardScan", "preparing")} />);
    expect(screen.getByRole("button")).toHaveTextContent("Invoked yardScan");
    expect(screen.getByRole("button")).toHaveTextContent("Processing...");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
  });

  it("shows the parameters when opened while the tool executes", async () => {
    render(<GenericToolCard invocation={toolCall("yardScan", "executing", { input: { yard: "fontana" } })} />);
    expect(screen.getByRole("button")).toHaveTextContent("Processing...");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button"));
    expect(screen.getByText(/"yard": "fontana"/)).toBeVisible();
  });

  it("says 'Completed {tool}' and expands to the parameters and 'Result {tool}'", async () => {
    render(<GenericToolCard invocation={toolCall("yardScan", "completed", { input: { yard: "fontana" }, output: { trailers: 12 } })} />);
    const header = screen.getByRole("button");
    expect(header).toHaveTextContent("Completed yardScan");
    expect(header).toHaveTextContent("Result yardScan");
    expect(header).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
    await userEvent.click(header);
    expect(screen.getByText("Parameters")).toBeVisible();
    expect(screen.getByText(/"yard": "fontana"/)).toBeVisible();
    expect(within(screen.getByTestId("tool-body")).getByText("Result yardScan")).toBeVisible();
    expect(screen.getByText(/"trailers": 12/)).toBeVisible();
    await userEvent.click(header);
    expect(screen.queryByTestId("tool-body")).toBeNull();
  });

  it("says 'No result data available' for a finished call without a result", async () => {
    render(<GenericToolCard invocation={toolCall("yardScan", "completed", { input: {} })} />);
    await userEvent.click(screen.getByRole("button"));
    expect(screen.getByText("No result data available")).toBeVisible();
  });

  it("opens on a failed call to show 'Tool Call Failed', the error and the parameters", () => {
    render(<GenericToolCard invocation={toolCall("yardScan", "failed", { input: { yard: "x" }, errorText: "Yard system unreachable" })} />);
    expect(screen.getByRole("button")).toHaveTextContent("Tool Call Failed");
    expect(screen.getByRole("button")).toHaveTextContent("yardScan");
    expect(screen.getByRole("alert")).toHaveTextContent("Yard system unreachable");
    expect(screen.getByText(/"yard": "x"/)).toBeVisible();
  });

  it("names the tool and says 'Stopped' for a call the user stopped, with its parameters when opened", async () => {
    render(<GenericToolCard invocation={toolCall("yardScan", "stopped", { input: { yard: "fontana" } })} />);
    const header = screen.getByRole("button");
    expect(header).toHaveTextContent("yardScan");
    expect(header).toHaveTextContent("Stopped");
    expect(header).not.toHaveTextContent(/Completed|Invoked|Tool Call Failed|Processing/);
    await userEvent.click(header);
    expect(screen.getByText("Stopped before it finished")).toBeVisible();
    expect(screen.getByText(/"yard": "fontana"/)).toBeVisible();
  });

  it("cuts the parameters at 20 lines and the result at 60 (spec 001 §9)", async () => {
    const input = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, i]));
    const output = Array.from({ length: 100 }, (_, i) => `row ${i}`).join("\n");
    render(<GenericToolCard invocation={toolCall("bigTool", "completed", { input, output })} />);
    await userEvent.click(screen.getByRole("button"));
    const [params, result] = screen.getByTestId("tool-body").querySelectorAll("pre");
    expect(params!.textContent!.split("\n")).toHaveLength(20);
    expect(result!.textContent!.split("\n")).toHaveLength(60);
    expect(result).toHaveTextContent("row 59");
    expect(result).not.toHaveTextContent("row 60");
    expect(screen.getByText("40 more lines not shown")).toBeVisible();
    expect(screen.getByText("12 more lines not shown")).toBeVisible();
  });

  it("shows a result that lists records as a table, the raw JSON one click away", async () => {
    const output = { trailers: [{ id: "TRL-1", status: "in_yard", yardLocation: "B-14" }, { id: "TRL-2", status: "at_door", yardLocation: null }], total: 2 };
    render(<GenericToolCard invocation={toolCall("yardScan", "completed", { input: {}, output })} />);
    await userEvent.click(screen.getByRole("button"));
    const table = screen.getByTestId("records-table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""))).toEqual(["ID", "Status", "Yard location"]);
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("TRL-2at_door—");
    await userEvent.click(screen.getByRole("button", { name: "Raw JSON" }));
    expect(screen.getByTestId("records-json")).toHaveTextContent('"yardLocation": "B-14"');
  });
});
