import { useCallback, useEffect, useRef } from "react";
import { stopChat } from "../../api/chats";
import { useLatest } from "../../lib/useLatest";
import { STOP_WAIT_MS, markStopped } from "../stopping";
import type { ChatMessage } from "../types";

type Options = {
  chatId: string;
  /** An answer is running (submitted or streaming). */
  running: boolean;
  /** The SDK's `stop()`: stops reading the answer. */
  stop: () => Promise<void>;
  setMessages: (update: (messages: ChatMessage[]) => ChatMessage[]) => void;
  waitMs?: number;
};

/**
 * Stop (button or Escape). The server is told first (`POST /api/chat/{id}/stop`): it
 * ends every unfinished tool call as stopped, marks the answer `stopped` and closes the
 * stream, so the client reads the same ending the server stores. Reading is cut at once
 * when the server has nothing running (404 for a chat it has not stored, `stopped:
 * false`, or unreachable), and after `waitMs` at most; then the answer is marked here
 * exactly as the server would have, before autosave writes it. Pressing Stop again while
 * this runs does nothing more.
 */
export function useStopAnswer({ chatId, running, stop, setMessages, waitMs = STOP_WAIT_MS }: Options) {
  const ended = useRef<Array<() => void>>([]);
  const stopping = useRef(false);
  const runningRef = useLatest(running);

  useEffect(() => {
    if (running) return;
    // The answer is over, whoever ended it: a Stop waiting for that goes on.
    for (const resolve of ended.current.splice(0)) resolve();
  }, [running]);

  return useCallback(async () => {
    if (stopping.current) return;
    stopping.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answerEnded = new Promise<true>((resolve) => ended.current.push(() => resolve(true)));
      const endedByServer = await Promise.race([
        stopChat(chatId).then(
          (r) => (r.stopped ? answerEnded : false),
          () => false,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
      ]);
      // Ended by the server: its own chunks marked the answer. Ended on its own meanwhile:
      // it was not cut short.
      if (endedByServer || !runningRef.current) return;
      await stop();
      setMessages(markStopped);
    } finally {
      clearTimeout(timer);
      stopping.current = false;
    }
  }, [chatId, stop, setMessages, waitMs, runningRef]);
}
