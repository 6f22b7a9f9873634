import type { ChatStatus, UIMessage } from "ai";

/**
 * What a message may carry besides its parts (spec 000 §3, 001 §2.1): the model that
 * answered (sent by the server), when it was written, and for live-agent messages the
 * sender's nickname, avatar and ids.
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
};

export type ChatMessage = UIMessage<ChatMetadata>;

export type { ChatStatus };

/** A response is running: the user may stop it, and may not send another. */
export function isRunning(status: ChatStatus): boolean {
  return status === "submitted" || status === "streaming";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
