import type { Translation } from "../../../i18n/families";

/** The task family's strings (`task.*` in the catalogue), in English: the source of its keys. */
const en = {
  label: "Task Completed",
  defaultMessage: "Task completed successfully",
  running: "Finishing the task…",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
