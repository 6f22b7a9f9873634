import type { ToolFamily } from "../types";
import strings from "./strings/en";
import { TimeCard } from "./TimeCard";

/** The time family's web half: timeTool's card. */
const time: ToolFamily<typeof strings> = {
  strings,
  cards: { timeTool: TimeCard },
};

export default time;
