import { type ToolInvocation, type ToolPhase, type ToolState, toToolInvocation } from "../tools/types";

/** A tool state for each phase, as the SDK streams them. */
export const STATE_OF_PHASE: Record<ToolPhase, ToolState> = {
  preparing: "input-streaming",
  executing: "input-available",
  completed: "output-available",
  failed: "output-error",
};

/** One call of `toolName` as a card receives it. */
export function toolCall(
  toolName: string,
  phase: ToolPhase,
  { input, output, errorText, messageId = "m1", toolCallId = "call-1" }: { input?: unknown; output?: unknown; errorText?: string; messageId?: string; toolCallId?: string } = {},
): ToolInvocation {
  const part = {
    type: `tool-${toolName}`,
    toolCallId,
    state: STATE_OF_PHASE[phase],
    input: phase === "preparing" ? undefined : input,
    ...(phase === "completed" ? { output } : {}),
    ...(phase === "failed" ? { errorText } : {}),
  };
  const call = toToolInvocation(part, messageId);
  if (!call) throw new Error("not a tool part");
  return call;
}
