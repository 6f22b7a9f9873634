import type { TodoStatus } from "../../generated/tools/todo/TodoStatus";
import { isRecord, num, str } from "../../lib/values";

/** The tools whose cards show a whole plan (spec 001 §2.17). */
export type ListTool = "createTodoList" | "getTodoList";

export const STATUSES = ["pending", "in_progress", "completed", "failed"] as const satisfies readonly TodoStatus[];

/** One task as the cards show it, whichever shape it was stored in. */
export type TaskView = {
  id: string;
  description: string;
  status: TodoStatus;
  /** Without its '-agent' suffix ("wms-agent" → "wms"). */
  agent: string | undefined;
  dependencies: readonly string[];
  error: string | undefined;
  output: string | undefined;
};

/** A plan as the cards show it. */
export type ListView = {
  tasks: readonly TaskView[];
  goal: string | undefined;
  /** The task being worked on: one of `tasks`, or one a stored list names only here. */
  current: TaskView | undefined;
  message: string | undefined;
  noTodoList: boolean;
  /** `success: false` with its reason (or `null` without one). */
  failure: string | null | undefined;
};

/** An update as the card shows it: the task before and after, what it produced, the plan after. */
export type UpdateView = {
  taskId: string | undefined;
  before: TaskView | undefined;
  after: TaskView | undefined;
  output: string | undefined;
  list: ListView | undefined;
  failure: string | null | undefined;
};

/** "wms-agent" → "wms": the agents are named by their system (spec 001 §2.17). */
export function agentName(agent: string): string {
  return agent.replace(/-agent$/i, "");
}

const idOf = (value: unknown): string | undefined => str(value) ?? num(value)?.toString();

/** Statuses as the tools write them; older chats wrote "in-progress" or "done" too. */
export function statusOf(value: unknown): TodoStatus {
  const word = str(value)?.trim().toLowerCase().replace(/[-\s]/g, "_");
  if (word === "done" || word === "complete") return "completed";
  if (word === "error") return "failed";
  return STATUSES.find((status) => status === word) ?? "pending";
}

function text(value: unknown): string | undefined {
  const s = str(value)?.trim();
  return s ? s : undefined;
}

/** A task read tolerantly: a stored chat is data, so nothing in it is trusted to be there. */
export function readTask(value: unknown, index = 0): TaskView | undefined {
  if (!isRecord(value)) return undefined;
  const agent = text(value.assignedAgent) ?? text(value.agent);
  const dependencies = Array.isArray(value.dependencies) ? value.dependencies.map(idOf).filter((id) => id !== undefined) : [];
  return {
    id: idOf(value.id) ?? String(index + 1),
    description: text(value.description) ?? text(value.title) ?? "",
    status: statusOf(value.status),
    agent: agent ? agentName(agent) : undefined,
    dependencies,
    error: text(value.error),
    output: text(value.output) ?? text(value.result),
  };
}

function failureOf(value: Record<string, unknown>): string | null | undefined {
  const error = text(value.error);
  if (value.success === false) return error ?? text(value.message) ?? null;
  return error;
}

/**
 * A plan as createTodoList and getTodoList answer it, and as older chats stored it: the
 * tasks under `todos` or `allTasks`, the current task as `currentTaskId`, or as
 * `currentTask` holding the task or its id (spec 001 §3).
 */
export function readList(value: unknown): ListView | undefined {
  if (!isRecord(value)) return undefined;
  const raw = Array.isArray(value.todos) ? value.todos : Array.isArray(value.allTasks) ? value.allTasks : [];
  const tasks = raw.map(readTask).filter((task) => task !== undefined);
  const named = isRecord(value.currentTask) ? readTask(value.currentTask) : undefined;
  const currentId = idOf(value.currentTaskId) ?? idOf(value.currentTask) ?? named?.id;
  return {
    tasks,
    goal: text(value.overallGoal),
    current: tasks.find((task) => task.id === currentId) ?? named,
    message: text(value.message),
    noTodoList: value.noTodoList === true,
    failure: failureOf(value),
  };
}

/** updateTodoTask's result (spec 001 §3 "Update result"). */
export function readUpdate(value: unknown): UpdateView | undefined {
  if (!isRecord(value)) return undefined;
  const after = readTask(value.updatedTask);
  return {
    taskId: idOf(value.taskId) ?? after?.id,
    before: readTask(value.task),
    after,
    output: text(value.output) ?? after?.output,
    list: readList(value.list),
    failure: failureOf(value),
  };
}

/** How many of the tasks are completed. */
export function progressOf(tasks: readonly TaskView[]): { done: number; total: number } {
  return { done: tasks.filter((task) => task.status === "completed").length, total: tasks.length };
}

/** The plan the model is writing, as pending tasks (createTodoList's input while it streams or runs). */
export function plannedOf(input: unknown): ListView | undefined {
  if (!isRecord(input)) return undefined;
  const tasks = (Array.isArray(input.tasks) ? input.tasks : []).map(readTask).filter((task): task is TaskView => task !== undefined && task.description !== "");
  const goal = text(input.overallGoal);
  if (!goal && tasks.length === 0) return undefined;
  return { tasks, goal, current: undefined, message: undefined, noTodoList: false, failure: undefined };
}
