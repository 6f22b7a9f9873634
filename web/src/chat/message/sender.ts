import type { ChatMessage } from "../types";

/** Who wrote a message, as the bubble header names them (spec 001 §2.1). */
export type Sender =
  | { kind: "you" }
  | { kind: "nickname"; name: string; avatar: string | undefined }
  | { kind: "liveAgent" }
  | { kind: "assistant"; name: "assistant" | "claude" | "gemini" };

export function isLiveAgentMessage(message: Pick<ChatMessage, "role" | "metadata">): boolean {
  const m = message.metadata;
  return message.role !== "user" && Boolean(m?.liveAgent || m?.sendId || m?.groupId);
}

/**
 * 'You' for the user, or the nickname (with avatar) when the metadata carries one;
 * 'Live Agent' for live-agent messages; otherwise the assistant: 'Claude' or 'Gemini'
 * when the model's name contains the word, 'BI Assistant' by default.
 */
export function senderOf(message: Pick<ChatMessage, "role" | "metadata">, chatModel: string): Sender {
  const nickname = message.metadata?.sendNickName?.trim();
  if (nickname) return { kind: "nickname", name: nickname, avatar: message.metadata?.userAvatar };
  if (message.role === "user") return { kind: "you" };
  if (isLiveAgentMessage(message)) return { kind: "liveAgent" };
  const model = (message.metadata?.model ?? chatModel).toLowerCase();
  if (model.includes("claude")) return { kind: "assistant", name: "claude" };
  if (model.includes("gemini")) return { kind: "assistant", name: "gemini" };
  return { kind: "assistant", name: "assistant" };
}

const VOICE_PREFIXES = ["voice-transcript-", "voice-user-"];

/** Messages that came from a voice conversation carry these id prefixes. */
export function isVoiceMessage(id: string): boolean {
  return VOICE_PREFIXES.some((p) => id.startsWith(p));
}
