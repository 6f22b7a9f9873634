import { DisplayFileCard } from "./files/DisplayFileCard";
import { GenericToolCard } from "./generic/GenericToolCard";
import { ImageGenerationCard } from "./image/ImageGenerationCard";
import { TaskCompletedCard } from "./task/TaskCompletedCard";
import { SequentialThinkingCard } from "./thinking/SequentialThinkingCard";
import { TimeCard } from "./time/TimeCard";
import type { ToolCard, ToolInvocation } from "./types";
import { WeatherCard } from "./weather/WeatherCard";

/** A tool that is bookkeeping, not something to show (spec 001 §1: endDelegation). */
function NoCard() {
  return null;
}

/**
 * The card for each tool, by the tool's name: the one place a tool's card is chosen.
 * Tools without a card of their own and tools this build does not know get the generic
 * card, never nothing (only the tools mapped to NoCard show nothing, on purpose).
 */
const toolCards = {
  weatherTool: WeatherCard,
  timeTool: TimeCard,
  sequentialThinkingTool: SequentialThinkingCard,
  taskCompleted: TaskCompletedCard,
  imageGenerationTool: ImageGenerationCard,
  displayFileTool: DisplayFileCard,
  endDelegation: NoCard,
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
