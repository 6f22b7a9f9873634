import { isRecord, str } from "../../lib/values";

/** What the tool answers: whether the hand-over is offered, and why the assistant offers it. */
export type ConnectLiveAgentOutput = { offered: boolean; reason: string | undefined };

/** Reads the tool's output tolerantly (stored chats are data). */
export function readConnectOutput(output: unknown): ConnectLiveAgentOutput | null {
  if (!isRecord(output)) return null;
  return { offered: output.offered !== false, reason: str(output.reason)?.trim() || undefined };
}
