import type { ComponentType } from "react";
import { isRecord } from "../chat/types";

/**
 * Every state a tool part can be in (spec 001 §3): the SDK's current ones and the older
 * `tool-invocation` states that stored chats may still hold.
 */
export const TOOL_STATES = [
  "partial-call",
  "call",
  "input-streaming",
  "input-available",
  "calling",
  "streaming",
  "approval-requested",
  "approval-responded",
  "result",
  "output-available",
  "output-error",
  "output-denied",
] as const;

export type ToolState = (typeof TOOL_STATES)[number];

/** Where a card is in its lifecycle (spec 001 §4). */
export type ToolPhase = "preparing" | "executing" | "completed" | "failed";

export const TOOL_PHASE: Record<ToolState, ToolPhase> = {
  "partial-call": "preparing",
  call: "preparing",
  "input-streaming": "preparing",
  "input-available": "executing",
  calling: "executing",
  streaming: "executing",
  "approval-requested": "executing",
  "approval-responded": "executing",
  result: "completed",
  "output-available": "completed",
  "output-error": "failed",
  "output-denied": "failed",
};

function isToolState(value: unknown): value is ToolState {
  return typeof value === "string" && (TOOL_STATES as readonly string[]).includes(value);
}

/** One tool call as cards see it, whatever shape of part it came from. */
export type ToolInvocation = {
  toolCallId: string;
  toolName: string;
  state: ToolState;
  phase: ToolPhase;
  input: unknown;
  output: unknown;
  errorText: string | undefined;
  /** The message holding the call (artifacts register per message). */
  messageId: string;
};

export type ToolCardProps = { invocation: ToolInvocation };
export type ToolCard = ComponentType<ToolCardProps>;

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Reads a message part as a tool call: `tool-{name}` and `dynamic-tool` parts (the SDK's),
 * and `tool-invocation` parts (older stored chats). Anything else is not a tool call.
 */
export function toToolInvocation(part: unknown, messageId: string): ToolInvocation | null {
  if (!isRecord(part) || typeof part.type !== "string") return null;
  let call: Record<string, unknown>;
  let toolName: string | undefined;
  if (part.type === "tool-invocation" && isRecord(part.toolInvocation)) {
    call = part.toolInvocation;
    toolName = text(call.toolName);
  } else if (part.type === "dynamic-tool") {
    call = part;
    toolName = text(part.toolName);
  } else if (part.type.startsWith("tool-")) {
    call = part;
    toolName = part.type.slice("tool-".length);
  } else {
    return null;
  }
  if (!toolName) return null;
  const state: ToolState = isToolState(call.state) ? call.state : "input-available";
  return {
    toolCallId: text(call.toolCallId) ?? `${messageId}:${toolName}`,
    toolName,
    state,
    phase: TOOL_PHASE[state],
    input: call.input ?? call.args ?? call.parameters,
    output: call.output ?? call.result,
    errorText: text(call.errorText) ?? text(call.error),
    messageId,
  };
}
