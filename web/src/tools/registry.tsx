import { GenericToolCard } from "./generic/GenericToolCard";
import type { ToolCard, ToolInvocation } from "./types";

/**
 * The card for each tool, by the tool's name: the one place a tool's card is chosen.
 * Tools without a card of their own (here: all of them, until their family's folder adds
 * one) and tools this build does not know get the generic card, never nothing.
 */
const toolCards = {
  timeTool: GenericToolCard,
  sequentialThinkingTool: GenericToolCard,
} satisfies Record<string, ToolCard>;

export type ToolName = keyof typeof toolCards;

function isToolName(name: string): name is ToolName {
  return Object.hasOwn(toolCards, name);
}

export function cardFor(toolName: string): ToolCard {
  return isToolName(toolName) ? toolCards[toolName] : GenericToolCard;
}

/** Renders one tool call with its card. */
export function ToolPart({ invocation }: { invocation: ToolInvocation }) {
  const Card = cardFor(invocation.toolName);
  return <Card invocation={invocation} />;
}
