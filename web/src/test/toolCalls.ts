import { STOPPED_ERROR, type ToolInvocation, type ToolPhase, type ToolState, isCallOf, toToolInvocation } from "../tools/types";

/** A tool state for each phase, as the SDK streams them. */
export const STATE_OF_PHASE: Record<ToolPhase, ToolState> = {
  preparing: "input-streaming",
  approval: "approval-requested",
  executing: "input-available",
  completed: "output-available",
  failed: "output-error",
  denied: "output-denied",
  stopped: "output-error",
};

/**
 * One call of `toolName` as a card receives it, read from the part the server streams.
 * `input` and `output` are wire data: a test may give a stored chat's older shapes.
 */
export function toolCall<N extends string>(
  toolName: N,
  phase: ToolPhase,
  {
    input,
    output,
    errorText,
    messageId = "m1",
    toolCallId = "call-1",
    approval,
  }: { input?: unknown; output?: unknown; errorText?: string; messageId?: string; toolCallId?: string; approval?: { approved?: boolean; reason?: string } } = {},
): ToolInvocation<N> {
  const part = {
    type: `tool-${toolName}`,
    toolCallId,
    state: STATE_OF_PHASE[phase],
    input: phase === "preparing" ? undefined : input,
    ...(phase === "completed" ? { output } : {}),
    ...(phase === "failed" ? { errorText } : {}),
    ...(phase === "stopped" ? { errorText: STOPPED_ERROR, resultProviderMetadata: { waybill: { stopped: true } } } : {}),
    // Asked (approval phase), refused (denied), or given with the call (any other phase).
    ...(phase === "approval" ? { approval: { id: "apr-1" } } : {}),
    ...(phase === "denied" ? { approval: { id: "apr-1", approved: false, ...approval } } : {}),
    ...(approval && phase !== "denied" && phase !== "approval" ? { approval: { id: "apr-1", ...approval } } : {}),
  };
  const call = toToolInvocation(part, messageId);
  if (!call || !isCallOf(call, toolName)) throw new Error("not a tool part");
  return call;
}
