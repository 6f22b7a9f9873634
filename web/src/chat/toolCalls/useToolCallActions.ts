import type { UseChatHelpers } from "@ai-sdk/react";
import { type ChatStatus, isToolUIPart } from "ai";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLatest } from "../../lib/useLatest";
import type { ChatMessage } from "../types";
import type { BrowserExecution, ToolCallActions } from "../../tools/shell/toolCall";

type Options = {
  chatId: string;
  messages: ChatMessage[];
  addToolOutput: UseChatHelpers<ChatMessage>["addToolOutput"];
  addToolApprovalResponse: UseChatHelpers<ChatMessage>["addToolApprovalResponse"];
  settle: (toolCallId: string, execution: BrowserExecution) => Promise<void>;
  /** The chat's status: a post of a card's result that ends in "error" did not reach the server. */
  status: ChatStatus;
  /** Posts the conversation as it stands again (the SDK's `sendMessage()` without a message). */
  post: () => Promise<void>;
};

export type ToolCallConversation = {
  actions: ToolCallActions;
  /**
   * A card's result could not be posted (the network, an error status): the answer it
   * was to continue did not start. The result stays in the call, so nothing the user
   * entered is lost, and `retryResult` posts it again.
   */
  resultFailed: boolean;
  retryResult: () => void;
};

/** The id of the approval a call still waits for, if it does. */
function pendingApproval(messages: readonly ChatMessage[], toolCallId: string): string | undefined {
  for (const message of messages) {
    for (const part of message.parts) {
      if (isToolUIPart(part) && part.toolCallId === toolCallId && part.state === "approval-requested") return part.approval.id;
    }
  }
  return undefined;
}

/** Whether a call still waits for its result (a client tool not answered yet). */
function awaitingOutput(messages: readonly ChatMessage[], toolCallId: string): boolean {
  return messages.some((m) => m.parts.some((p) => isToolUIPart(p) && p.toolCallId === toolCallId && (p.state === "input-available" || p.state === "input-streaming")));
}

/**
 * What cards can do to their calls, done with the SDK (`addToolOutput`,
 * `addToolApprovalResponse`); the chat's `sendAutomaticallyWhen` then posts the answer.
 * An approval is found by its call in the current messages, so a card never holds a
 * stale approval id, and a call answered already (a second click, an answer loaded
 * meanwhile) is not answered twice. The actions keep their identity for the
 * chat's life, so the cards they reach stay memoised.
 */
export function useToolCallActions({ chatId, messages, addToolOutput, addToolApprovalResponse, settle, status, post }: Options): ToolCallConversation {
  const latestRef = useLatest({ messages, addToolOutput, addToolApprovalResponse, settle, post });
  // A result handed to the SDK is posted by `sendAutomaticallyWhen` after `addToolOutput`
  // returns: the request's end shows only in the chat's status.
  const posting = useRef(false);
  const [resultFailed, setResultFailed] = useState(false);
  useEffect(() => {
    if (status === "error" && posting.current) setResultFailed(true);
    if (status === "ready" || status === "error") posting.current = false;
  }, [status]);
  const retryResult = useCallback(() => {
    setResultFailed(false);
    posting.current = true;
    latestRef.current.post().catch(() => setResultFailed(true));
  }, [latestRef]);
  const actions = useMemo<ToolCallActions>(
    () => ({
      chatId,
      submitOutput: async (tool, toolCallId, output) => {
        if (!awaitingOutput(latestRef.current.messages, toolCallId)) return;
        posting.current = true;
        setResultFailed(false);
        await latestRef.current.addToolOutput({ tool, toolCallId, output });
      },
      submitError: async (tool, toolCallId, errorText) => {
        if (!awaitingOutput(latestRef.current.messages, toolCallId)) return;
        posting.current = true;
        setResultFailed(false);
        await latestRef.current.addToolOutput({ tool, toolCallId, state: "output-error", errorText });
      },
      respond: async (toolCallId, { approved, reason }) => {
        const id = pendingApproval(latestRef.current.messages, toolCallId);
        if (id === undefined) return;
        await latestRef.current.addToolApprovalResponse({ id, approved, ...(reason === undefined ? {} : { reason }) });
      },
      settle: (toolCallId, execution) => latestRef.current.settle(toolCallId, execution),
    }),
    [chatId, latestRef],
  );
  return { actions, resultFailed: resultFailed && status === "error", retryResult };
}
