import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";

// The proving family's cards: each shows one seam of the card contract.

describe("the proving mark card", () => {
  it("asks for approval in its own words, and shows the mark once it ran", () => {
    const { rerender } = renderInChat(<ToolPart invocation={toolCall("provingMarkTool", "approval", { input: { label: "dock 4" } })} />);
    expect(screen.getByTestId("approval-request")).toHaveTextContent("Proving mark runs only if you approve it:");
    expect(screen.getByTestId("approval-request")).toHaveTextContent("Put a proving mark labelled “dock 4”");

    rerender(
      <ToolPart
        invocation={toolCall("provingMarkTool", "completed", {
          input: { label: "dock 4" },
          output: { markId: "mark_1", label: "dock 4", marks: 3 },
          approval: { approved: true },
        })}
      />,
    );
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Marked “dock 4” — 3 in all");
    expect(screen.getByTestId("proving-marks")).toHaveTextContent("3");
    expect(screen.getByTestId("tool-approved")).toBeInTheDocument();
  });
});

describe("the ask card (a client tool)", () => {
  it("posts what the user types as the call's result", async () => {
    const user = userEvent.setup();
    const { actions } = renderInChat(<ToolPart invocation={toolCall("provingAskTool", "executing", { input: { question: "Which door?" }, toolCallId: "call-ask" })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Waiting for your answer");
    const send = screen.getByRole("button", { name: "Send" });
    expect(send, "nothing to send yet").toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Which door?" }), "  Door 7 {Enter}");
    expect(actions.submitOutput).toHaveBeenCalledWith("provingAskTool", "call-ask", { answer: "Door 7" });
  });

  it("shows the answer once given", () => {
    renderInChat(<ToolPart invocation={toolCall("provingAskTool", "completed", { input: { question: "Which door?" }, output: { answer: "Door 7" } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("You answered “Door 7”");
    expect(screen.getByTestId("ask-answered")).toHaveTextContent("Which door?Door 7");
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});

describe("the count card (data parts)", () => {
  it("shows the count as it streams in, then the final one", () => {
    const running = toolCall("provingCountTool", "executing", { input: { to: 5 }, toolCallId: "call-count" });
    const { rerender } = renderInChat(<ToolPart invocation={running} />, { "call-count": { "proving-count": { at: 2, to: 5 } } });
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Counting… 2 of 5");
    expect(screen.getByTestId("count-now")).toHaveTextContent("2");

    rerender(<ToolPart invocation={toolCall("provingCountTool", "completed", { input: { to: 5 }, output: { counted: 5 }, toolCallId: "call-count" })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Counted to 5");
    expect(screen.getByTestId("count-now")).toHaveTextContent("5");
  });

  it("ignores data streamed for another call", () => {
    renderInChat(<ToolPart invocation={toolCall("provingCountTool", "executing", { input: { to: 5 }, toolCallId: "call-count" })} />, {
      "call-other": { "proving-count": { at: 4, to: 5 } },
    });
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Counting…");
    expect(screen.queryByTestId("count-now")).toBeNull();
  });
});

describe("the delegate card (a sub-agent)", () => {
  const progress = {
    status: "running" as const,
    text: "",
    steps: 1,
    toolCalls: [{ id: "c1", name: "provingCountTool", state: "running" as const }],
  };

  it("shows the sub-agent's progress: steps, its tool calls, its text", () => {
    const running = toolCall("provingDelegateTool", "executing", { input: { task: "count to three" }, toolCallId: "call-d" });
    const { rerender } = renderInChat(<ToolPart invocation={running} />, { "call-d": { subagent: progress } });
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Sub-agent working — step 1");
    expect(screen.getByTestId("tool-body")).toHaveTextContent("Task: count to three");
    const calls = screen.getByTestId("subagent-calls");
    expect(within(calls).getByRole("listitem")).toHaveTextContent("provingCountToolrunning");

    rerender(
      <ToolPart
        invocation={toolCall("provingDelegateTool", "completed", {
          input: { task: "count to three" },
          output: { text: "Counted to 3.", steps: 2, toolCalls: ["provingCountTool"] },
          toolCallId: "call-d",
        })}
      />,
    );
    expect(screen.getByTestId("tool-status")).toHaveTextContent("The sub-agent said: Counted to 3.");
  });

  it("shows what came back even when the stored chat has no progress part", () => {
    renderInChat(
      <ToolPart
        invocation={toolCall("provingDelegateTool", "completed", { input: { task: "count" }, output: { text: "Counted to 3.", steps: 2, toolCalls: ["provingCountTool"] } })}
      />,
    );
    expect(screen.getByTestId("subagent-text")).toHaveTextContent("Counted to 3.");
    expect(screen.getByTestId("subagent-steps")).toHaveTextContent("Steps: 2");
  });

  it("reads in German", async () => {
    await chooseLanguage("de");
    renderInChat(<ToolPart invocation={toolCall("provingDelegateTool", "executing", { input: { task: "zählen" }, toolCallId: "call-d" })} />, {
      "call-d": { subagent: progress },
    });
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Sub-Agent arbeitet — Schritt 1");
    expect(screen.getByTestId("subagent-status")).toHaveTextContent("Arbeitet…");
  });
});
