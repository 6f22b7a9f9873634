import { isRecord } from "../types";
import type { ToolCallData } from "../../tools/shell/toolCall";

/**
 * The `data-<name>` parts of a message, by the tool call they belong to (their `id` is
 * the call's id): each call's card reads them through `useToolCall`, and the bubble
 * shows none of them on its own. Parts with the same name and id replace each other as
 * they stream, so a call holds the latest data of each name. Parts naming no call of
 * this message belong to no card and are left out.
 */
export function dataByToolCall(parts: readonly unknown[]): ReadonlyMap<string, ToolCallData> {
  const calls = new Set<string>();
  for (const part of parts) {
    if (isRecord(part) && typeof part.toolCallId === "string") calls.add(part.toolCallId);
  }
  const byCall = new Map<string, Record<string, unknown>>();
  for (const part of parts) {
    if (!isRecord(part) || typeof part.type !== "string" || !part.type.startsWith("data-")) continue;
    if (typeof part.id !== "string" || !calls.has(part.id)) continue;
    const data = byCall.get(part.id) ?? {};
    data[part.type.slice("data-".length)] = part.data;
    byCall.set(part.id, data);
  }
  // The server writes these parts from the same Rust types the cards are typed by (as it
  // writes tool outputs): they are read as those types, like outputs are.
  return byCall as ReadonlyMap<string, ToolCallData>;
}
