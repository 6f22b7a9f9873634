import { useCallback, useEffect, useRef } from "react";
import { useLatest } from "../../lib/useLatest";
import type { ChatMessage, ChatStatus } from "../types";

/** Spec 000 §4, §9. */
export const AUTOSAVE_DELAY_MS = 300;

type Options = {
  status: ChatStatus;
  messages: ChatMessage[];
  /** What is stored already (a loaded chat), so opening a chat does not save it again. */
  initialMessages: ChatMessage[];
  save: (messages: ChatMessage[]) => Promise<void>;
  onError?: (error: unknown) => void;
  delayMs?: number;
};

const signature = (messages: readonly ChatMessage[]) => JSON.stringify(messages);

/** What the server holds, as far as this chat knows. */
type Saved = { messages: readonly ChatMessage[]; sig: string };

/** Matches no list: the next chance to save saves. */
const UNKNOWN: Saved = { messages: [], sig: "" };

/**
 * Saves the chat `delayMs` after it becomes ready (or stops on an error) when the
 * messages differ from what was saved last — in count or in content. A save still
 * pending when the chat closes happens at once. `saveNow` saves immediately (deleting a
 * message) and rejects when the save fails. `rememberOlder` notes older messages loaded
 * from the server (put before the list): they are stored already, so showing them is no
 * reason to save.
 */
export function useAutosave({ status, messages, initialMessages, save, onError, delayMs = AUTOSAVE_DELAY_MS }: Options) {
  const savedRef = useRef<Saved | null>(null);
  savedRef.current ??= { messages: initialMessages, sig: signature(initialMessages) };
  const latestRef = useLatest({ messages, save, onError });
  const pending = useRef(false);

  const saveNow = useCallback(async (next: ChatMessage[]) => {
    const sig = signature(next);
    if (sig === savedRef.current?.sig) return;
    const before = savedRef.current;
    const attempt: Saved = { messages: next, sig };
    savedRef.current = attempt;
    try {
      await latestRef.current.save(next);
    } catch (error) {
      // Not saved: the next chance to save should try again. (If older messages were
      // remembered meanwhile, what is stored is not known exactly: save next time.)
      if (savedRef.current === attempt) savedRef.current = before;
      else savedRef.current = UNKNOWN;
      throw error;
    }
  }, [latestRef]);

  const rememberOlder = useCallback((older: readonly ChatMessage[]) => {
    if (older.length === 0) return;
    const current = savedRef.current ?? UNKNOWN;
    // Unknown, or a save that already held them went out first: nothing to note.
    if (current === UNKNOWN || current.messages[0]?.id === older[0]?.id) return;
    const list = [...older, ...current.messages];
    savedRef.current = { messages: list, sig: signature(list) };
  }, []);

  const flush = useCallback(() => {
    pending.current = false;
    saveNow(latestRef.current.messages).catch((error: unknown) => latestRef.current.onError?.(error));
  }, [saveNow, latestRef]);

  useEffect(() => {
    if (status !== "ready" && status !== "error") return;
    pending.current = true;
    const timer = setTimeout(flush, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [status, messages, delayMs, flush]);

  // Closing the chat (switching to another) must not drop a change made just before.
  useEffect(
    () => () => {
      if (pending.current) flush();
    },
    [flush],
  );

  return { saveNow, rememberOlder };
}
