import type { ToolFamily } from "../types";
import { SequentialThinkingCard } from "./SequentialThinkingCard";
import strings from "./strings/en";

/** The thinking family's web half: sequentialThinkingTool's card. */
const thinking: ToolFamily<typeof strings> = {
  strings,
  cards: { sequentialThinkingTool: SequentialThinkingCard },
};

export default thinking;
