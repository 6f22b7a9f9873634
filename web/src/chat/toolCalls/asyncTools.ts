import { isToolUIPart } from "ai";
import { type ChatMessage, isRecord } from "../types";
import type { BrowserExecution } from "../../tools/shell/toolCall";

/**
 * Async tools (spec 000 §3, §4): a tool whose output says `isAsync: true` (or
 * `metadata.isAsync`) started work that goes on after its call returned — a browser
 * automation task — and reports on it in `browserExecution`. This module is the
 * bookkeeping of one chat's calls: which async tasks run, which results the model has
 * not heard yet, and when a follow-up is due. It is a reducer, so every rule is a
 * transition tested on its own (asyncTools.test.ts); `useAsyncTools` drives it.
 */

/** The spec's summary of a task the user's Stop ended (000 §4). */
export const CANCELLED_SUMMARY = "Browser automation task cancelled by user";

/** Statuses after which a task is over: such calls are skipped, never registered as running. */
const OVER = new Set(["completed", "cancelled"]);

/**
 * `running`: working (an async task, or a plain call whose answer is still streaming);
 * `pending`: an async result is in that the model has not heard; `done`: nothing more
 * to do or to send; `cancelled`: stopped by the user.
 */
export type CallStatus = "running" | "pending" | "done" | "cancelled";

export type TrackedCall = { async: boolean; status: CallStatus };

export type AsyncToolsState = { readonly calls: Readonly<Record<string, TrackedCall>> };

/** A tool call as a streaming message shows it. `execution`: the async task's status, if the output says. */
export type SeenCall = { toolCallId: string; async: boolean; execution?: string };

export type AsyncToolsEvent =
  /** Calls seen in the assistant message being streamed. */
  | { type: "seen"; calls: readonly SeenCall[] }
  /** The stream finished: plain calls are complete. */
  | { type: "finished" }
  /** An async task ended in the browser (`completed` or `failed`: a result to send; `cancelled`: none). */
  | { type: "settled"; toolCallId: string; status: string }
  /** The pending results went to the model. */
  | { type: "followUpSent" }
  /** The user stopped: every task is cancelled and the bookkeeping starts afresh. */
  | { type: "stopped" };

export const INITIAL: AsyncToolsState = { calls: {} };

function seen(calls: Record<string, TrackedCall>, call: SeenCall): void {
  const known = calls[call.toolCallId];
  if (!call.async) {
    // A plain call is tracked until the answer finishes; its output may yet say it is async.
    calls[call.toolCallId] ??= { async: false, status: "running" };
    return;
  }
  if (known?.async) return;
  // An async call is registered when it first shows as one; a task already over (a
  // stored or replayed message) is skipped — there is nothing to wait for.
  calls[call.toolCallId] = { async: true, status: call.execution !== undefined && OVER.has(call.execution) ? "done" : "running" };
}

export function asyncToolsReducer(state: AsyncToolsState, event: AsyncToolsEvent): AsyncToolsState {
  switch (event.type) {
    case "seen": {
      const calls = { ...state.calls };
      for (const call of event.calls) seen(calls, call);
      return { calls };
    }
    case "finished": {
      const calls = Object.fromEntries(
        Object.entries(state.calls).map(([id, call]) => [id, !call.async && call.status === "running" ? { ...call, status: "done" as const } : call]),
      );
      return { calls };
    }
    case "settled": {
      const call = state.calls[event.toolCallId];
      if (!call?.async || call.status !== "running") return state;
      const status: CallStatus = event.status === "cancelled" ? "cancelled" : "pending";
      return { calls: { ...state.calls, [event.toolCallId]: { ...call, status } } };
    }
    case "followUpSent": {
      const calls = Object.fromEntries(
        Object.entries(state.calls).map(([id, call]) => [id, call.status === "pending" ? { ...call, status: "done" as const } : call]),
      );
      return { calls };
    }
    case "stopped":
      return INITIAL;
  }
}

/** The async tasks still running. */
export function runningAsync(state: AsyncToolsState): string[] {
  return Object.entries(state.calls)
    .filter(([, call]) => call.async && call.status === "running")
    .map(([id]) => id);
}

/** Spec 000 §4: no async tool is running, but some results are pending. */
export function followUpDue(state: AsyncToolsState): boolean {
  const calls = Object.values(state.calls);
  return calls.some((c) => c.status === "pending") && !calls.some((c) => c.async && c.status === "running");
}

/** An output marked async (spec 000 §3): `isAsync: true`, or the same flag in its `metadata`. */
export function isAsyncOutput(output: unknown): output is Record<string, unknown> {
  return isRecord(output) && (output.isAsync === true || (isRecord(output.metadata) && output.metadata.isAsync === true));
}

/** The `browserExecution` of an async output, when it has a readable one. */
export function browserExecutionOf(output: unknown): BrowserExecution | undefined {
  if (!isRecord(output) || !isRecord(output.browserExecution)) return undefined;
  const { status, data, timestamp, summary } = output.browserExecution;
  if (typeof status !== "string") return undefined;
  return {
    status,
    ...(data === undefined ? {} : { data }),
    ...(typeof timestamp === "string" ? { timestamp } : {}),
    ...(typeof summary === "string" ? { summary } : {}),
  };
}

/** The output of an async call once its task reached `execution`. */
export function withExecution(output: Record<string, unknown>, execution: BrowserExecution): Record<string, unknown> {
  return { ...output, browserExecution: { ...browserExecutionOf(output), ...execution } };
}

/** The calls a message shows, as the machine sees them: async once an async output is in. */
export function seenCalls(parts: readonly unknown[]): SeenCall[] {
  const calls: SeenCall[] = [];
  for (const part of parts) {
    if (!isRecord(part) || typeof part.type !== "string" || typeof part.toolCallId !== "string") continue;
    if (!part.type.startsWith("tool-") && part.type !== "dynamic-tool") continue;
    const async = part.state === "output-available" && isAsyncOutput(part.output);
    const execution = async ? browserExecutionOf(part.output)?.status : undefined;
    calls.push({ toolCallId: part.toolCallId, async, ...(execution === undefined ? {} : { execution }) });
  }
  return calls;
}

/**
 * Spec 000 §4, Stop: the given running async calls, marked cancelled in the messages
 * (`browserExecution` status `cancelled`, the spec's summary, the time), so what the user
 * sees and what is saved agree. The same list comes back when none of them is there.
 */
export function cancelAsyncCalls(messages: ChatMessage[], toolCallIds: readonly string[], now = new Date()): ChatMessage[] {
  if (toolCallIds.length === 0) return messages;
  const ids = new Set(toolCallIds);
  const cancelled: BrowserExecution = { status: "cancelled", summary: CANCELLED_SUMMARY, timestamp: now.toISOString() };
  let changed = false;
  const next = messages.map((message) => {
    if (message.role !== "assistant") return message;
    let touched = false;
    const parts = message.parts.map((part) => {
      if (!isToolUIPart(part) || !ids.has(part.toolCallId) || part.state !== "output-available" || !isAsyncOutput(part.output)) return part;
      touched = true;
      return { ...part, output: withExecution(part.output, cancelled) };
    });
    if (!touched) return message;
    changed = true;
    return { ...message, parts };
  });
  return changed ? next : messages;
}
