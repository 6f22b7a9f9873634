import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { toolCall } from "../../test/toolCalls";
import { TaskCompletedCard } from "./TaskCompletedCard";

describe("Task Completed card", () => {
  it("cuts the message at 60 characters and renders it whole as markdown when opened", async () => {
    const message = "Moved **12** pallets from dock 4 to aisle B7 and updated the WMS locations for all of them.";
    render(<TaskCompletedCard invocation={toolCall("taskCompleted", "completed", { input: { message }, output: { success: true, message } })} />);
    const title = screen.getByTestId("tool-title").textContent!;
    expect(title).toBe(`${Array.from(message).slice(0, 60).join("").trimEnd()}…`);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Task Completed");
    await userEvent.click(screen.getByRole("button"));
    expect(screen.getByText("12").tagName).toBe("STRONG");
    expect(screen.getByTestId("task-message")).toHaveTextContent("updated the WMS locations for all of them.");
  });

  it("says 'Task completed successfully' without a message", () => {
    render(<TaskCompletedCard invocation={toolCall("taskCompleted", "completed", { input: {}, output: { success: true } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Task completed successfully");
  });
});
