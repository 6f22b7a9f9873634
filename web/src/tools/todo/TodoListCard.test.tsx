import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import checks, { examples } from "./samples";
import { TodoListCard } from "./TodoListCard";
import { agentName, readList } from "./todo";

const created = (output: unknown) => toolCall("createTodoList", "completed", { input: examples.createInput, output });
const read = (output: unknown) => toolCall("getTodoList", "completed", { input: {}, output });
const tasks = () => within(screen.getByTestId("todo-tasks")).getAllByTestId("todo-task");

describe("the todo list card", () => {
  it("is the card of createTodoList and getTodoList", () => {
    const { unmount } = render(<ToolPart invocation={created(examples.plan)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "createTodoList");
    unmount();
    render(<ToolPart invocation={read(examples.plan)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "getTodoList");
  });

  it("shows the goal, the current task highlighted, the message, the progress and each task's status, agent, dependencies, output and error", () => {
    render(<TodoListCard invocation={created(examples.plan)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("New todo list");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Reconcile aisle 12 before the Reno shipment · 1 of 4 completed");
    expect(screen.getByTestId("todo-goal").textContent).toBe("Reconcile aisle 12 before the Reno shipment");
    expect(screen.getByTestId("todo-current")).toHaveTextContent("Current task");
    expect(screen.getByTestId("todo-current")).toHaveTextContent("Compare the count with the open orders");
    expect(screen.getByTestId("todo-message").textContent).toBe("1 of 4 tasks completed");
    expect(screen.getByTestId("todo-progress").textContent).toBe("1 of 4 completed");

    const rows = tasks();
    expect(rows.map((row) => within(row).getByTestId("todo-description").textContent)).toEqual([
      "Count the stock in aisle 12",
      "Compare the count with the open orders",
      "Book a carrier for the Reno shipment",
      "Open a ticket for the shortfall",
    ]);
    expect(rows.map((row) => within(row).getByTestId("todo-status").textContent)).toEqual(["Completed", "In progress", "Failed", "Pending"]);
    expect(rows.map((row) => within(row).getByTestId("todo-status").dataset.status)).toEqual(["completed", "in_progress", "failed", "pending"]);

    expect(rows.map((row) => within(row).getByTestId("todo-agent").textContent)).toEqual(["wms", "bi", "fms", "jira"]);
    expect(screen.getByTestId("todo-list")).not.toHaveTextContent("-agent");

    expect(within(rows[3]!).getByTestId("todo-dependencies").textContent).toBe("After: 1, 2");
    expect(within(rows[1]!).getByTestId("todo-dependencies").textContent).toBe("After: 1");
    expect(within(rows[0]!).queryByTestId("todo-dependencies")).toBeNull();
    expect(within(rows[0]!).getByTestId("todo-output").textContent).toBe("Output: 412 cartons counted; 3 short of the system");
    expect(within(rows[2]!).getByTestId("todo-error").textContent).toBe("Error: No carrier has capacity on 2026-12-01");

    expect(rows[1]).toHaveAttribute("aria-current", "step");
    expect(rows.filter((row) => row.hasAttribute("aria-current"))).toHaveLength(1);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("scrolls a long list at 200 px", () => {
    render(<TodoListCard invocation={read(examples.long)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Todo list");
    const list = screen.getByTestId("todo-tasks");
    expect(list).toHaveStyle({ maxHeight: "200px", overflow: "auto" });
    expect(tasks()).toHaveLength(14);
    expect(screen.getByTestId("todo-progress").textContent).toBe("5 of 14 completed");
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Count bay M-06");
  });

  it("says 'No todo list yet' when the chat has no plan", () => {
    render(<TodoListCard invocation={read(examples.none)} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("No todo list yet");
    const empty = screen.getByTestId("todo-empty");
    expect(empty).toHaveTextContent("No todo list yet");
    expect(empty).toHaveTextContent("This chat has no plan. The assistant makes one when a request takes several steps.");
    expect(screen.queryByTestId("todo-tasks")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is the 'Task Error' card when createTodoList fails", () => {
    render(<TodoListCard invocation={toolCall("createTodoList", "failed", { input: examples.createInput, errorText: examples.createFailed })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title").textContent).toBe("Task Error");
    expect(screen.getByRole("alert").textContent).toBe("A plan needs at least one task");
  });

  it("is the 'Task Error' card when getTodoList answers success false", () => {
    render(<TodoListCard invocation={read(examples.listRefused)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title").textContent).toBe("Task Error");
    expect(screen.getByRole("alert").textContent).toBe("The plan could not be read: the store is read-only");
  });

  it("says 'Unknown error' for a failure without text", () => {
    render(<TodoListCard invocation={toolCall("getTodoList", "failed", { input: {} })} />);
    expect(screen.getByRole("alert").textContent).toBe("Unknown error");
  });

  it("shows a skeleton while the plan is prepared, and the tasks as the model writes them once it runs", () => {
    const { rerender } = render(<TodoListCard invocation={toolCall("createTodoList", "preparing")} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Making the plan…");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();

    rerender(<TodoListCard invocation={toolCall("createTodoList", "executing", { input: examples.createInput })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Making the plan…");
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
    expect(screen.getByTestId("todo-goal")).toHaveTextContent("Reconcile aisle 12 before the Reno shipment");
    expect(tasks().map((row) => within(row).getByTestId("todo-status").textContent)).toEqual(["Pending", "Pending", "Pending", "Pending"]);
  });

  it("shows a skeleton while getTodoList runs", () => {
    render(<TodoListCard invocation={toolCall("getTodoList", "executing", { input: {} })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Reading the plan…");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
  });

  it("reads a plan stored as allTasks with the current task as an object", () => {
    render(<TodoListCard invocation={read(examples.stored)} />);
    expect(tasks().map((row) => row.dataset.task)).toEqual(["1", "2"]);
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Load the truck");
    expect(screen.getByTestId("todo-current")).toHaveTextContent("Load the truck");
  });

  it("reads currentTask given as an id, and statuses written the older way", () => {
    const list = readList({ allTasks: [{ id: "a", description: "A", status: "in-progress" }, { description: "B", status: "done" }], currentTask: "a" });
    expect(list?.current?.id).toBe("a");
    expect(list?.tasks.map((task) => [task.id, task.status])).toEqual([
      ["a", "in_progress"],
      ["2", "completed"],
    ]);
    expect(agentName("wms-agent")).toBe("wms");
    expect(agentName("agent-smith")).toBe("agent-smith");
  });

  it("folds away and back from its header", async () => {
    render(<TodoListCard invocation={created(examples.plan)} />);
    await userEvent.click(screen.getByTestId("tool-title"));
    expect(screen.queryByTestId("todo-tasks")).toBeNull();
    await userEvent.click(screen.getByTestId("tool-title"));
    expect(screen.getByTestId("todo-tasks")).toBeVisible();
  });

  it("reads in Chinese", async () => {
    await chooseLanguage("zh-CN");
    const { unmount } = render(<TodoListCard invocation={created(examples.plan)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("新的待办清单");
    expect(screen.getByTestId("todo-progress").textContent).toBe("已完成 1/4");
    expect(tasks().map((row) => within(row).getByTestId("todo-status").textContent)).toEqual(["已完成", "进行中", "失败", "待处理"]);
    expect(within(tasks()[3]!).getByTestId("todo-dependencies").textContent).toBe("依赖：1, 2");
    expect(screen.getByTestId("todo-current")).toHaveTextContent("当前任务");
    unmount();
    render(<TodoListCard invocation={read(examples.none)} />);
    expect(screen.getByTestId("todo-empty")).toHaveTextContent("还没有待办清单");
  });

  it("shows what samples.ts says it shows of a golden sample", () => {
    for (const [tool, output] of [
      ["createTodoList", examples.plan],
      ["getTodoList", examples.long],
      ["getTodoList", examples.none],
    ] as const) {
      const { unmount } = render(<ToolPart invocation={toolCall(tool, "completed", { input: {}, output })} />);
      for (const text of checks[tool]!(output)) expect(screen.getByTestId("tool-card")).toHaveTextContent(text);
      unmount();
    }
  });
});
