import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import checks, { examples } from "./samples";
import { TodoUpdateCard } from "./TodoUpdateCard";

const updated = (output: unknown, input: unknown = examples.updateInput) => toolCall("updateTodoTask", "completed", { input, output });

describe("the todo update card", () => {
  it("is the card of updateTodoTask", () => {
    render(<ToolPart invocation={updated(examples.updated)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "updateTodoTask");
  });

  it("shows the task, its status before → after and its output", () => {
    render(<TodoUpdateCard invocation={updated(examples.updated)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Update task 2");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Compare the count with the open orders · Completed");
    const change = screen.getByTestId("todo-change");
    expect(within(change).getByTestId("todo-description").textContent).toBe("Compare the count with the open orders");
    const transition = within(change).getByTestId("todo-transition");
    expect(within(transition).getAllByTestId("todo-status").map((badge) => badge.textContent)).toEqual(["In progress", "Completed"]);
    expect(transition).toHaveAccessibleName("In progress → Completed");
    expect(within(change).getByTestId("todo-output").textContent).toBe("Output: 2 orders short; both for SKU TABLE-6FT");
    expect(within(change).queryByTestId("todo-error")).toBeNull();
  });

  it("folds the plan after the update under its progress, and opens it", async () => {
    render(<TodoUpdateCard invocation={updated(examples.updated)} />);
    const plan = screen.getByTestId("todo-plan");
    expect(plan).not.toHaveAttribute("open");
    expect(within(plan).getAllByTestId("todo-progress")[0]!.textContent).toBe("2 of 4 completed");
    await userEvent.click(within(plan).getByText("The plan"));
    expect(plan).toHaveAttribute("open");
    const list = within(plan).getByTestId("todo-tasks");
    expect(list).toHaveStyle({ maxHeight: "200px", overflow: "auto" });
    expect(within(list).getByRole("listitem", { current: "step" })).toHaveTextContent("Open a ticket for the shortfall");
    expect(within(list).getAllByTestId("todo-agent").map((agent) => agent.textContent)).toEqual(["wms", "bi", "fms", "jira"]);
  });

  it("shows why a task failed", () => {
    const failedTask = { ...examples.updated.task, status: "failed" as const, error: "The BI cube is being rebuilt" };
    render(<TodoUpdateCard invocation={updated({ ...examples.updated, updatedTask: failedTask, output: undefined }, { taskId: "2", status: "failed", error: "The BI cube is being rebuilt" })} />);
    const change = screen.getByTestId("todo-change");
    expect(within(change).getAllByTestId("todo-status").map((badge) => badge.textContent)).toEqual(["In progress", "Failed"]);
    expect(within(change).getByTestId("todo-error").textContent).toBe("Error: The BI cube is being rebuilt");
    expect(screen.queryByRole("alert"), "a task that failed is news, not a failed call").toBeNull();
  });

  it("is the 'Task Update Error' card when the update is refused, with what was asked", () => {
    render(<TodoUpdateCard invocation={toolCall("updateTodoTask", "failed", { input: examples.updateFailedInput, errorText: examples.updateFailed })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title").textContent).toBe("Task Update Error");
    expect(screen.getByRole("alert").textContent).toBe("Task 4 waits for 2 to be completed first");
    expect(screen.getByTestId("todo-asked").textContent).toBe("Asked: task 4 → In progress");
  });

  it("is the 'Task Update Error' card for a result with success false", () => {
    render(<TodoUpdateCard invocation={updated({ success: false, taskId: "9", error: "There is no task 9" })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("Task Update Error");
    expect(screen.getByRole("alert").textContent).toBe("There is no task 9");
  });

  it("says what it updates while it runs", () => {
    render(<TodoUpdateCard invocation={toolCall("updateTodoTask", "executing", { input: examples.updateInput })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Update task 2");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Updating the task…");
    expect(screen.getByTestId("todo-asked").textContent).toBe("Asked: task 2 → Completed");
  });

  it("shows a skeleton while the model writes the update", () => {
    render(<TodoUpdateCard invocation={toolCall("updateTodoTask", "preparing")} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Update a task");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
  });

  it("reads in Chinese", async () => {
    await chooseLanguage("zh-CN");
    const { unmount } = render(<TodoUpdateCard invocation={updated(examples.updated)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("更新任务 2");
    expect(within(screen.getByTestId("todo-transition")).getAllByTestId("todo-status").map((b) => b.textContent)).toEqual(["进行中", "已完成"]);
    unmount();
    render(<TodoUpdateCard invocation={toolCall("updateTodoTask", "failed", { input: examples.updateFailedInput, errorText: examples.updateFailed })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("任务更新错误");
  });

  it("shows what samples.ts says it shows of a golden sample", () => {
    render(<ToolPart invocation={toolCall("updateTodoTask", "completed", { input: {}, output: examples.updated })} />);
    for (const text of checks.updateTodoTask!(examples.updated)) expect(screen.getByTestId("tool-card")).toHaveTextContent(text);
  });
});
