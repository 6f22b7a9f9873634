import { addArtifactViewers } from "../artifacts/viewers/families";
import * as families from "./families";
import { GenericToolCard } from "./generic/GenericToolCard";
import type { ComponentType } from "react";
import { type ToolCard, type ToolCards, type ToolFamily, type ToolInvocation, type ToolName, isCallOf, toToolInvocation } from "./types";

/**
 * Every family's cards in one map, typed by tool. A tool claimed by two families is a
 * mistake in the registration, found at once rather than by which card happens to win.
 */
function cardsOf(list: readonly ToolFamily[]): ToolCards {
  const cards: ToolCards = {};
  for (const family of list) {
    for (const name of Object.keys(family.cards)) {
      if (Object.hasOwn(cards, name)) throw new Error(`Two tool families have a card for ${name}`);
    }
    Object.assign(cards, family.cards);
  }
  return cards;
}

const toolCards = cardsOf(Object.values(families));
const messageFooters: Readonly<Record<string, ComponentType>> = Object.fromEntries(Object.values(families).flatMap((family: ToolFamily) => Object.entries(family.messageFooters ?? {})));
addArtifactViewers(Object.values(families).flatMap((family) => Object.entries(family.viewers ?? {})));

function hasCard(name: string): name is ToolName {
  return Object.hasOwn(toolCards, name);
}

/**
 * The card for a tool: its family's, the generic card for every other tool (one this
 * build does not know included) — never none. A bookkeeping tool's card renders nothing
 * (endDelegation's, spec 001 §1).
 */
export function cardFor(toolName: string): ToolCard<never> {
  return (hasCard(toolName) ? toolCards[toolName] : undefined) ?? GenericToolCard;
}

/** Tool `N`'s call with its own card, which reads input and output typed. */
function cardElement<N extends ToolName>(invocation: ToolInvocation<N>) {
  const Card: ToolCard<N> = toolCards[invocation.toolName] ?? GenericToolCard;
  return <Card invocation={invocation} />;
}

/** Renders one tool call with its card. */
export function ToolPart({ invocation }: { invocation: ToolInvocation }) {
  const name = invocation.toolName;
  if (hasCard(name) && isCallOf(invocation, name)) return cardElement(invocation);
  return <GenericToolCard invocation={invocation} />;
}

/**
 * What a family puts under an assistant message whose last tool call is one of its tools
 * with a result (spec 001 §2.1: the live agent's connect button); nothing otherwise.
 */
export function MessageFooter({ parts, messageId }: { parts: readonly unknown[]; messageId: string }) {
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const call = toToolInvocation(parts[i], messageId);
    if (!call) continue;
    const Footer = Object.hasOwn(messageFooters, call.toolName) ? messageFooters[call.toolName] : undefined;
    return Footer && call.phase === "completed" && call.output !== undefined ? <Footer /> : null;
  }
  return null;
}
