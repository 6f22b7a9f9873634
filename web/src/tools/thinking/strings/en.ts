import type { Translation } from "../../../i18n/families";

/** The sequential thinking family's strings (`thinking.*` in the catalogue), in English: the source of its keys. */
const en = {
  title: "Sequential thinking",
  step: "Thought {{n}} of {{total}}",
  running: "Thinking…",
  final: "Final thought",
  more: "More thoughts to follow",
  revises: "Revises thought {{n}}",
  branch: "Branch {{id}} from thought {{n}}",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
