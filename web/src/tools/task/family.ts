import type { ToolFamily } from "../types";
import strings from "./strings/en";
import { TaskCompletedCard } from "./TaskCompletedCard";

/** The task family's web half: taskCompleted's card. */
const task: ToolFamily<typeof strings> = {
  strings,
  cards: { taskCompleted: TaskCompletedCard },
};

export default task;
