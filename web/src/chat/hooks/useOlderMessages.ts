import { useCallback, useEffect, useRef, useState } from "react";
import { loadMessagesBefore } from "../../api/chats";
import { type LoadedRange, MESSAGE_PAGE_SIZE, afterWrite, loadedFrom, withOlderPage } from "../paging";
import { type ChatMessage, toChatMessages } from "../types";

/** A page fetched but not yet shown: `accept(next)` once the list holds `messages`. */
export type OlderPage = { messages: ChatMessage[]; next: LoadedRange };

export type OlderMessages = {
  /** Older messages exist that are not loaded. */
  hasMore: boolean;
  /** A page is on its way (fetched, or being put before the list). */
  loading: boolean;
  /** The last page failed to load; `load` tries again. */
  failed: boolean;
  /** Fetches the page before the oldest loaded message; null when there is none, one is on its way, or it failed. */
  load: () => Promise<OlderPage | null>;
  /** The list now starts with the page `load` gave: it counts as loaded from here on. */
  accept: (next: LoadedRange) => void;
  /** `loadedFrom` for a save or chat request made now. */
  loadedFrom: () => string | undefined;
  /** A save or chat request that named `from` and sent `written` succeeded. */
  noteWritten: (from: string | undefined, written: readonly ChatMessage[]) => void;
};

/**
 * Which part of a long chat is loaded, and fetching the older pages on demand. Read at
 * request time (`loadedFrom`), so saves and chat requests name what is loaded now.
 *
 * A fetched page only counts once the list shows it (`accept`): until then saves name
 * the previous oldest message. Naming a message newer than the list's first is harmless
 * (the server matches messages by id); naming an older one would drop the messages in
 * between, so the range must never run ahead of the list.
 */
export function useOlderMessages(chatId: string, initial: LoadedRange): OlderMessages {
  const range = useRef(initial);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const load = useCallback(async (): Promise<OlderPage | null> => {
    const { hasMore: more, oldestId } = range.current;
    if (busy.current || !more || oldestId === null) return null;
    const controller = new AbortController();
    abort.current = controller;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      const page = await loadMessagesBefore(chatId, oldestId, MESSAGE_PAGE_SIZE, controller.signal);
      // A save moved the oldest message meanwhile (it deleted the one asked about): ask again later.
      if (range.current.oldestId !== oldestId) throw new Error("the oldest loaded message changed");
      return { messages: toChatMessages(page.messages), next: withOlderPage(range.current, page) };
    } catch {
      busy.current = false;
      if (!controller.signal.aborted) {
        setLoading(false);
        setFailed(true);
      }
      return null;
    } finally {
      abort.current = null;
    }
  }, [chatId]);

  const accept = useCallback((next: LoadedRange) => {
    range.current = next;
    busy.current = false;
    setHasMore(next.hasMore);
    setLoading(false);
  }, []);

  const currentLoadedFrom = useCallback(() => loadedFrom(range.current), []);
  const noteWritten = useCallback((from: string | undefined, written: readonly ChatMessage[]) => {
    range.current = afterWrite(range.current, from, written);
  }, []);

  return { hasMore, loading, failed, load, accept, loadedFrom: currentLoadedFrom, noteWritten };
}
