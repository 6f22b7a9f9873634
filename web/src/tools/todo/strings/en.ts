import type { Translation } from "../../../i18n/families";

/**
 * The todo family's strings (`todo.*` in the catalogue), in English: the source of its
 * keys. The spec's titles (001 §2.17) are kept exactly: 'Task Error', 'Task Update Error'.
 */
const en = {
  title: {
    create: "New todo list",
    get: "Todo list",
    update: "Update task {{id}}",
    updatePlain: "Update a task",
  },
  running: {
    create: "Making the plan…",
    get: "Reading the plan…",
    update: "Updating the task…",
  },
  taskError: "Task Error",
  taskUpdateError: "Task Update Error",
  noTodoList: "No todo list yet",
  noTodoListDetail: "This chat has no plan. The assistant makes one when a request takes several steps.",
  goal: "Overall goal",
  current: "Current task",
  progress: "{{done}} of {{total}} completed",
  tasks: "Tasks",
  noTasks: "The plan has no tasks",
  status: {
    pending: "Pending",
    in_progress: "In progress",
    completed: "Completed",
    failed: "Failed",
  },
  agent: "Agent",
  after: "After: {{ids}}",
  output: "Output",
  error: "Error",
  change: "{{before}} → {{after}}",
  plan: "The plan",
  asked: "Asked: task {{id}} → {{status}}",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
