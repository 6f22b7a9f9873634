import { getToolName, isToolUIPart } from "ai";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLatest } from "../../lib/useLatest";
import type { ChatMessage, ChatStatus } from "../types";
import {
  type AsyncToolsEvent,
  type AsyncToolsState,
  INITIAL,
  asyncToolsReducer,
  cancelAsyncCalls,
  followUpDue,
  isAsyncOutput,
  runningAsync,
  seenCalls,
  withExecution,
} from "./asyncTools";
import type { BrowserExecution } from "../../tools/shell/toolCall";

type Options = {
  status: ChatStatus;
  messages: ChatMessage[];
  setMessages: (update: (messages: ChatMessage[]) => ChatMessage[]) => void;
  /** The SDK's `addToolOutput`: replaces a call's output and asks whether to post again. */
  replaceOutput: (toolName: string, toolCallId: string, output: unknown) => Promise<void>;
};

/**
 * Drives the async-tool machine (`asyncTools.ts`) for one chat: registers the calls of
 * the message being streamed, completes plain calls when the answer finishes, records a
 * task's end (`settle`), says whether a follow-up is due (`claimFollowUp`, for
 * `sendAutomaticallyWhen`) and cancels running tasks on Stop (`cancelAll`). The state is
 * kept in a ref as well as rendered: the SDK asks `claimFollowUp` between renders.
 */
export function useAsyncTools({ status, messages, setMessages, replaceOutput }: Options) {
  const state = useRef<AsyncToolsState>(INITIAL);
  const [running, setRunning] = useState(false);
  const dispatch = useCallback((event: AsyncToolsEvent) => {
    state.current = asyncToolsReducer(state.current, event);
    setRunning(runningAsync(state.current).length > 0);
  }, []);
  const messagesRef = useLatest(messages);

  // Spec 000 §4: an async tool is registered when it appears in a streaming assistant message.
  const last = messages.at(-1);
  useEffect(() => {
    if (status === "streaming" && last?.role === "assistant") dispatch({ type: "seen", calls: seenCalls(last.parts) });
  }, [status, last, dispatch]);

  /** The answer finished (`onFinish`): its calls are seen as they ended, plain ones complete. */
  const finished = useCallback(
    (message: ChatMessage) => {
      if (message.role === "assistant") dispatch({ type: "seen", calls: seenCalls(message.parts) });
      dispatch({ type: "finished" });
    },
    [dispatch],
  );

  const claimFollowUp = useCallback(() => {
    if (!followUpDue(state.current)) return false;
    dispatch({ type: "followUpSent" });
    return true;
  }, [dispatch]);

  const settle = useCallback(
    async (toolCallId: string, execution: BrowserExecution) => {
      const part = messagesRef.current.flatMap((m) => m.parts.filter(isToolUIPart)).find((p) => p.toolCallId === toolCallId);
      if (part?.state !== "output-available" || !isAsyncOutput(part.output)) return;
      const toolName = getToolName(part);
      dispatch({ type: "settled", toolCallId, status: execution.status });
      const stamped = { ...execution, timestamp: execution.timestamp ?? new Date().toISOString() };
      // Through the SDK, so the streaming copy of the message changes too, and the SDK
      // asks `sendAutomaticallyWhen` at once when the chat is idle.
      await replaceOutput(toolName, toolCallId, withExecution(part.output, stamped));
    },
    [dispatch, replaceOutput, messagesRef],
  );

  /** Spec 000 §4, Stop: running tasks are marked cancelled in the messages and forgotten here. */
  const cancelAll = useCallback(() => {
    const ids = runningAsync(state.current);
    dispatch({ type: "stopped" });
    if (ids.length > 0) setMessages((list) => cancelAsyncCalls(list, ids));
  }, [dispatch, setMessages]);

  return { running, finished, claimFollowUp, settle, cancelAll };
}
