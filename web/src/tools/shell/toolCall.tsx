import { createContext, useContext, useMemo } from "react";
import type { OutputOf } from "../types";
import type { SubAgentProgress } from "../../generated/tools/SubAgentProgress";

/**
 * The one way a card takes part in its call (DESIGN §4, "Interactive cards"): post the
 * call's result (client tools), approve or deny it (state-changing tools), report an
 * async task's end, and read the `data-*` parts the server streamed for it. Cards use
 * `useToolCall(invocation)`; the conversation provides the implementation
 * (chat/toolCalls/useToolCallActions.ts) and each message its calls' data parts
 * (chat/toolCalls/dataParts.ts), so the SDK calls stay in the chat module and a card
 * never sees `useChat`.
 */

/** What an async tool's output says about its task (spec 000 §3). */
export type BrowserExecution = {
  /** `running` while the task goes on; `completed`, `failed` or `cancelled` once over. */
  status: string;
  data?: unknown;
  /** ISO 8601, when the status was last set. */
  timestamp?: string;
  summary?: string;
};

/** What a sub-agent run shows in the card of the tool that started it (`data-subagent`). */
export type { SubAgentProgress };

/**
 * The data parts tools stream into their cards, by part name (`data-<name>`, its `id`
 * the call's id). A family adds its own by declaration merging, from its own folder:
 *
 *     declare module "../shell/toolCall" { interface ToolDataParts { "proving-count": CountProgress } }
 *
 * so the shared code never lists a family's parts.
 */
export interface ToolDataParts {
  subagent: SubAgentProgress;
}

/** The latest data of each part streamed for one call (parts with the same id replace each other). */
export type ToolCallData = { readonly [Name in keyof ToolDataParts]?: ToolDataParts[Name] };

/** The decision on a call that asked for approval. */
export type ApprovalAnswer = { approved: boolean; reason?: string };

/** What the conversation does for cards (implemented with the SDK in `useToolCallActions`). */
export type ToolCallActions = {
  /** The conversation's id ("" outside one): what a card keeps per chat, such as a form's draft. */
  chatId: string;
  submitOutput: (toolName: string, toolCallId: string, output: unknown) => Promise<void>;
  submitError: (toolName: string, toolCallId: string, errorText: string) => Promise<void>;
  respond: (toolCallId: string, answer: ApprovalAnswer) => Promise<void>;
  settle: (toolCallId: string, execution: BrowserExecution) => Promise<void>;
};

const done = () => Promise.resolve();

/** Outside a conversation (a card rendered alone) there is no chat to answer: nothing happens. */
const DETACHED: ToolCallActions = { chatId: "", submitOutput: done, submitError: done, respond: done, settle: done };

export const ToolCallActionsContext = createContext<ToolCallActions>(DETACHED);

const NO_DATA: ReadonlyMap<string, ToolCallData> = new Map();

/**
 * Whether the calls of this message can still be answered: only the last message's can.
 * Once the conversation went on, an approval or a client tool left waiting is no longer
 * asked (the SDK drops unanswered approvals of earlier messages from the model's history).
 */
export const ToolCallAnswerableContext = createContext<boolean>(true);

/** The data parts of one message, by the call they belong to (provided by the message's bubble). */
export const ToolCallDataContext = createContext<ReadonlyMap<string, ToolCallData>>(NO_DATA);

export type ToolCallHandle<N extends string> = {
  /** The conversation the call is in ("" outside one). */
  chatId: string;
  /** The data parts streamed for this call so far. */
  data: ToolCallData;
  /** Whether the call can still be answered (its message is the last one). */
  answerable: boolean;
  /** A client tool's result: the chat posts it and the answer goes on. */
  submitOutput: (output: OutputOf<N>) => Promise<void>;
  /** A client tool that could not run: the model hears the error. */
  submitError: (errorText: string) => Promise<void>;
  approve: () => Promise<void>;
  deny: (reason?: string) => Promise<void>;
  /** An async task this call started is over (or was cancelled) in the browser. */
  settle: (execution: BrowserExecution) => Promise<void>;
};

/** A card's handle on its call: see `ToolCallActions`. */
export function useToolCall<N extends string>({ toolName, toolCallId }: { toolName: N; toolCallId: string }): ToolCallHandle<N> {
  const actions = useContext(ToolCallActionsContext);
  const data = useContext(ToolCallDataContext).get(toolCallId);
  const answerable = useContext(ToolCallAnswerableContext);
  return useMemo(
    () => ({
      chatId: actions.chatId,
      data: data ?? {},
      answerable,
      submitOutput: (output) => actions.submitOutput(toolName, toolCallId, output),
      submitError: (errorText) => actions.submitError(toolName, toolCallId, errorText),
      approve: () => actions.respond(toolCallId, { approved: true }),
      deny: (reason) => actions.respond(toolCallId, { approved: false, ...(reason?.trim() ? { reason: reason.trim() } : {}) }),
      settle: (execution) => actions.settle(toolCallId, execution),
    }),
    [actions, answerable, data, toolName, toolCallId],
  );
}
