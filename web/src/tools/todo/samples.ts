import type { CreateTodoInput } from "../../generated/tools/todo/CreateTodoInput";
import type { TodoList } from "../../generated/tools/todo/TodoList";
import type { TodoTask } from "../../generated/tools/todo/TodoTask";
import type { TodoUpdate } from "../../generated/tools/todo/TodoUpdate";
import type { UpdateTodoInput } from "../../generated/tools/todo/UpdateTodoInput";
import type { SampleChecks } from "../types";

/** What a plan's card shows of it: its goal and every task, or that there is none. */
function listShows(sample: TodoList): string[] {
  if (sample.noTodoList) return ["No todo list yet"];
  const done = sample.todos.filter((task) => task.status === "completed").length;
  return [...(sample.overallGoal ? [sample.overallGoal] : []), `${done} of ${sample.todos.length} completed`, ...sample.todos.map((task) => task.description)];
}

/**
 * What the todo cards show of their tools' golden samples: the plan's goal and tasks
 * and progress (or 'No todo list yet'); for an update, the task and its new status.
 */
const checks: SampleChecks = {
  createTodoList: listShows,
  getTodoList: listShows,
  updateTodoTask: (sample) => [sample.updatedTask.description, ...listShows(sample.list).slice(0, 1)],
};

export default checks;

const plan: TodoTask[] = [
  { id: "1", description: "Count the stock in aisle 12", status: "completed", assignedAgent: "wms-agent", dependencies: [], output: "412 cartons counted; 3 short of the system" },
  { id: "2", description: "Compare the count with the open orders", status: "in_progress", assignedAgent: "bi-agent", dependencies: ["1"] },
  { id: "3", description: "Book a carrier for the Reno shipment", status: "failed", assignedAgent: "fms-agent", dependencies: [], error: "No carrier has capacity on 2026-12-01" },
  { id: "4", description: "Open a ticket for the shortfall", status: "pending", assignedAgent: "jira-agent", dependencies: ["1", "2"] },
];

/** Inputs and outputs for each view of the cards, as the server writes them: the component tests and the screenshots render these. */
export const examples = {
  createInput: {
    overallGoal: "Reconcile aisle 12 before the Reno shipment",
    tasks: plan.map(({ id, description, assignedAgent, dependencies }) => ({ id, description, assignedAgent, dependencies })),
  } satisfies CreateTodoInput,
  plan: {
    success: true,
    overallGoal: "Reconcile aisle 12 before the Reno shipment",
    todos: plan,
    currentTaskId: "2",
    message: "1 of 4 tasks completed",
  } satisfies TodoList,
  long: {
    success: true,
    overallGoal: "Cycle-count the mezzanine",
    todos: Array.from({ length: 14 }, (_, i): TodoTask => ({
      id: String(i + 1),
      description: `Count bay M-${String(i + 1).padStart(2, "0")}`,
      status: i < 5 ? "completed" : i === 5 ? "in_progress" : "pending",
      assignedAgent: "wms-agent",
      dependencies: i === 0 ? [] : [String(i)],
    })),
    currentTaskId: "6",
    message: "5 of 14 tasks completed",
  } satisfies TodoList,
  none: { success: true, todos: [], noTodoList: true, message: "This chat has no todo list yet" } satisfies TodoList,
  /** A plan as an older chat stored it: `allTasks`, `currentTask` holding the task. */
  stored: {
    success: true,
    overallGoal: "Ship the Reno order",
    allTasks: [
      { id: 1, description: "Pick the order", status: "completed", assignedAgent: "wms-agent", dependencies: [] },
      { id: 2, description: "Load the truck", status: "in_progress", dependencies: [1] },
    ],
    currentTask: { id: 2, description: "Load the truck", status: "in_progress" },
  },
  createFailed: "A plan needs at least one task",
  listRefused: { success: false, todos: [], error: "The plan could not be read: the store is read-only" },
  updateInput: { taskId: "2", status: "completed", output: "2 orders short; both for SKU TABLE-6FT" } satisfies UpdateTodoInput,
  updated: {
    success: true,
    taskId: "2",
    task: plan[1]!,
    updatedTask: { ...plan[1]!, status: "completed", output: "2 orders short; both for SKU TABLE-6FT" },
    output: "2 orders short; both for SKU TABLE-6FT",
    list: {
      success: true,
      overallGoal: "Reconcile aisle 12 before the Reno shipment",
      todos: plan.map((task) => (task.id === "2" ? { ...task, status: "completed", output: "2 orders short; both for SKU TABLE-6FT" } : task)),
      currentTaskId: "4",
      message: "2 of 4 tasks completed",
    },
  } satisfies TodoUpdate,
  updateFailedInput: { taskId: "4", status: "in_progress" } satisfies UpdateTodoInput,
  updateFailed: "Task 4 waits for 2 to be completed first",
};
