import { useCallback, useLayoutEffect, useRef } from "react";
import { useLatest } from "../../lib/useLatest";
import type { ChatMessage } from "../types";
import type { OlderMessages, OlderPage } from "./useOlderMessages";

type Options = {
  older: Pick<OlderMessages, "load" | "accept">;
  /** The list as rendered (what autosave sees). */
  messages: readonly ChatMessage[];
  setMessages: (update: (list: ChatMessage[]) => ChatMessage[]) => void;
  /** Autosave's note that these are stored already. */
  rememberOlder: (older: readonly ChatMessage[]) => void;
};

/**
 * Fetches the page before the list and puts it in front. The SDK's list changes at once
 * but the rendered one (which autosave saves) a little later: only when the rendered list
 * starts with the page does it count as loaded and stored, so a save in between names
 * the previous oldest message for the list it sends.
 */
export function usePrependOlder({ older, messages, setMessages, rememberOlder }: Options): () => Promise<void> {
  const shown = useRef<{ page: OlderPage; first: string } | null>(null);
  const messagesRef = useLatest(messages);
  const { load, accept } = older;

  useLayoutEffect(() => {
    const pending = shown.current;
    if (!pending || messages[0]?.id !== pending.first) return;
    shown.current = null;
    rememberOlder(pending.page.messages);
    accept(pending.page.next);
  }, [messages, rememberOlder, accept]);

  return useCallback(async () => {
    const page = await load();
    if (!page) return;
    const have = new Set(messagesRef.current.map((m) => m.id));
    const fresh = page.messages.filter((m) => !have.has(m.id));
    if (fresh.length === 0) {
      accept(page.next);
      return;
    }
    shown.current = { page: { ...page, messages: fresh }, first: fresh[0]!.id };
    setMessages((list) => [...fresh, ...list]);
  }, [load, accept, setMessages, messagesRef]);
}
