import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toolCall } from "../../test/toolCalls";
import { SequentialThinkingCard } from "./SequentialThinkingCard";

describe("sequential thinking card", () => {
  it("shows the thought with its number", () => {
    const step = { thought: "Dock 4 is free from 14:00;\nmove the Rotterdam load there.", thoughtNumber: 2, totalThoughts: 3, nextThoughtNeeded: true };
    render(<SequentialThinkingCard invocation={toolCall("sequentialThinkingTool", "completed", { input: step, output: step })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Thought 2 of 3");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("More thoughts to follow");
    expect(screen.getByTestId("thought").textContent).toBe(step.thought);
  });

  it("shows the thought from the input while the call runs, and marks revisions", () => {
    const step = { thought: "Rather dock 5", thoughtNumber: 3, totalThoughts: 3, nextThoughtNeeded: false, isRevision: true, revisesThought: 2 };
    render(<SequentialThinkingCard invocation={toolCall("sequentialThinkingTool", "executing", { input: step })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Thinking…");
    expect(screen.getByTestId("thought")).toHaveTextContent("Rather dock 5");
    expect(screen.getByText("Revises thought 2")).toBeVisible();
  });
});
