import type { Translation } from "../../../i18n/families";

/**
 * The proving family's strings (`proving.*` in the catalogue), in English: the source of
 * its keys. The family is test-only, but its cards follow the rules of every other.
 */
const en = {
  mark: {
    title: "Proving mark",
    will: "Put a proving mark labelled “{{label}}”",
    done: "Marked “{{label}}” — {{marks}} in all",
    label: "Label",
    marks: "Marks in all",
    id: "Mark",
  },
  ask: {
    title: "A question for you",
    waiting: "Waiting for your answer",
    answer: "Your answer",
    send: "Send",
    answered: "You answered “{{answer}}”",
  },
  count: {
    title: "Counting to {{to}}",
    titlePlain: "Counting",
    starting: "Counting…",
    counting: "Counting… {{at}} of {{to}}",
    counted: "Counted to {{counted}}",
  },
  delegate: {
    title: "Delegated task",
    task: "Task",
    starting: "Starting the sub-agent…",
    working: "Sub-agent working — step {{steps}}",
    done: "The sub-agent said: {{text}}",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
