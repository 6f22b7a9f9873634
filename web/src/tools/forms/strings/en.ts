import type { Translation } from "../../../i18n/families";

/**
 * The forms family's strings (`forms.*` in the catalogue), in English: the source of its
 * keys. The spec's texts (001 §2.19) are kept exactly: 'Preparing user input form...',
 * 'Canceled', 'User canceled this input request'. The form's own words are the core
 * catalogue's `dynamicForm.*`.
 */
const en = {
  title: "User input",
  preparing: "Preparing user input form...",
  waiting: "Waiting for your answer",
  submitted: "Submitted",
  canceled: "Canceled",
  canceledDetail: "User canceled this input request",
  submitFailed: "Something went wrong while processing your input. Please try again.",
  cancelFailed: "Something went wrong while canceling the input request.",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
