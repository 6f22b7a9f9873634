import type { TFunction } from "i18next";
import type { ChatMessage } from "../chat/types";

/**
 * The notices the messaging service sends as `system` messages (docs/live-agent.md,
 * cmd 4), in the words it sends them, with the key of their translation.
 */
const SERVICE_NOTICES: Readonly<Record<string, "joined" | "requeued" | "ended">> = {
  "An agent joined": "joined",
  "The agent was disconnected. You are back in the queue for the next available agent.": "requeued",
  "The agent was disconnected and the conversation has ended.": "ended",
};

/** A service notice in the interface's language; any other text as it is. */
export function translateServiceNotice(text: string, t: TFunction): string {
  const key = SERVICE_NOTICES[text.trim()];
  return key ? t(`liveAgent.notices.${key}`) : text;
}

/** A live-agent system message with its text in the interface's language. */
export function withTranslatedNotice(message: ChatMessage, t: TFunction): ChatMessage {
  if (message.metadata?.sender !== "system") return message;
  return { ...message, parts: message.parts.map((part) => (part.type === "text" ? { ...part, text: translateServiceNotice(part.text, t) } : part)) };
}
