import type { ChatStatus, UIMessage } from "ai";
import { isRecord } from "../lib/values";

/**
 * What a message may carry besides its parts (spec 000 §3, 001 §2.1): the model that
 * answered (sent by the server), when it was written, whether it was stopped, and for
 * live-agent messages the sender's nickname, avatar and ids.
 */
export type ChatMetadata = {
  model?: string;
  /** Milliseconds since the epoch. */
  createdAt?: number;
  sendNickName?: string;
  userAvatar?: string;
  groupId?: string;
  sendId?: string;
  liveAgent?: boolean;
  /** `live_agent` for messages of a live-agent conversation (spec 002 §3). */
  source?: string;
  /** Who wrote a live-agent message: `user`, `agent` or `system`. */
  sender?: string;
  /** When the messaging service says a live-agent message was sent (epoch milliseconds). */
  timestamp?: number;
  /** The answer was stopped before it finished (by the user's Stop or Escape). */
  stopped?: boolean;
};

export type ChatMessage = UIMessage<ChatMetadata>;

export type { ChatStatus };

/** A response is running: the user may stop it, and may not send another. */
export function isRunning(status: ChatStatus): boolean {
  return status === "submitted" || status === "streaming";
}

/**
 * Stored messages arrive as `unknown` (the server keeps them as the client sent them):
 * keep those shaped like UI messages. Their parts are read defensively when rendered.
 */
export function toChatMessages(raw: readonly unknown[]): ChatMessage[] {
  return raw.filter(
    (m): m is ChatMessage =>
      isRecord(m) &&
      typeof m.id === "string" &&
      (m.role === "user" || m.role === "assistant" || m.role === "system") &&
      Array.isArray(m.parts),
  );
}

export { isRecord };
