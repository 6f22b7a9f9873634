import { lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls } from "ai";
import type { ChatMessage } from "../types";

/**
 * Whether the chat posts again by itself (the SDK's `sendAutomaticallyWhen`, asked when
 * an answer finishes and when a card answers): every approval of the last step is
 * answered, or every client tool of it has its result, or — spec 000 §4 — async results
 * are pending and no async task runs (`asyncFollowUp`, asked last: it claims the
 * follow-up). A stopped answer never goes on by itself: its calls were cut short, not
 * answered.
 */
export function shouldContinue(messages: ChatMessage[], asyncFollowUp: () => boolean): boolean {
  const last = messages.at(-1);
  if (last?.role !== "assistant" || last.metadata?.stopped === true) return false;
  return lastAssistantMessageIsCompleteWithApprovalResponses({ messages }) || lastAssistantMessageIsCompleteWithToolCalls({ messages }) || asyncFollowUp();
}
