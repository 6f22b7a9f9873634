import { cut } from "../../lib/text";
import type { SampleChecks } from "../types";
import { TASK_MESSAGE_CHARS } from "./TaskCompletedCard";

/** The Task Completed card is titled by the message. */
const checks: SampleChecks = {
  taskCompleted: (sample) => [cut(sample.message, TASK_MESSAGE_CHARS), "Task Completed"],
};

export default checks;
