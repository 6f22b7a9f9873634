import type { ChatHistory } from "../generated/ChatHistory";
import type { MessagePage } from "../generated/MessagePage";
import { isRecord } from "./types";

/** Messages fetched when a chat opens, and in each older page after that. */
export const MESSAGE_PAGE_SIZE = 50;

/** Older messages are fetched once the view comes this close to the top of the list. */
export const LOAD_OLDER_PX = 800;

/**
 * How much of a stored chat the client holds: every message from `oldestId` to the
 * newest. `hasMore`: the server has older ones that were not loaded. `oldestId` is the
 * oldest message *loaded*, kept even when the user deletes that message here, because
 * the save that deletes it must still name it.
 */
export type LoadedRange = { hasMore: boolean; oldestId: string | null };

/** A chat that is all here (new, or every page loaded). */
export const WHOLE_CHAT: LoadedRange = { hasMore: false, oldestId: null };

function firstId(messages: readonly unknown[]): string | null {
  const first = messages[0];
  return isRecord(first) && typeof first.id === "string" ? first.id : null;
}

/** The range a freshly opened chat holds. */
export function rangeOfHistory(history: Pick<ChatHistory, "messages" | "hasMore" | "cursor">): LoadedRange {
  return { hasMore: history.hasMore, oldestId: history.cursor ?? firstId(history.messages) };
}

/** The range once the page just older than it arrived. */
export function withOlderPage(range: LoadedRange, page: Pick<MessagePage, "messages" | "hasMore" | "cursor">): LoadedRange {
  return { hasMore: page.hasMore, oldestId: page.cursor ?? firstId(page.messages) ?? range.oldestId };
}

/**
 * What saves and chat requests send as `loadedFrom`: the oldest loaded message while
 * older ones were not loaded (the server keeps those), nothing once the chat is all here
 * (the request then is the whole chat).
 */
export function loadedFrom(range: LoadedRange): string | undefined {
  return range.hasMore && range.oldestId !== null ? range.oldestId : undefined;
}

/**
 * After a write that named `from` and sent `written` succeeded: the server holds
 * `written` from `from`'s place on, so the first of them is now the oldest loaded message
 * (`from` itself may have been deleted by that write). Unchanged when the range moved
 * meanwhile (an older page arrived) or nothing was written.
 */
export function afterWrite(range: LoadedRange, from: string | undefined, written: readonly { id: string }[]): LoadedRange {
  const first = written[0]?.id;
  if (from === undefined || range.oldestId !== from || first === undefined) return range;
  return { ...range, oldestId: first };
}
