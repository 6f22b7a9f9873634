import type { Translation } from "../../../i18n/families";

/** The live agent family's strings (`live_agent.*` in the catalogue), in English: the source of its keys. */
const en = {
  title: "Live Agent",
  running: "Looking for a live agent…",
  offered: "A live agent can take over this conversation",
  notOffered: "A live agent is not available here",
  reason: "Why: {{reason}}",
  /** The tool's reason when the model gives none, as the server words it. */
  defaultReason: "The user asked to talk to a person",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
