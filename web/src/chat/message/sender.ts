import type { ChatMessage } from "../types";

/** Who wrote a message, as the bubble header names them (spec 001 §2.1). */
export type Sender =
  | { kind: "you" }
  | { kind: "nickname"; name: string; avatar: string | undefined }
  | { kind: "liveAgent" }
  | { kind: "assistant"; name: "assistant" | "claude" | "gemini" };

/**
 * From the live agent's side (spec 002 §3): the metadata says `source: live_agent` with a
 * sender that is not the user, or an annotation of type `live_agent` does (older chats).
 */
export function isLiveAgentMessage(message: Pick<ChatMessage, "role" | "metadata">): boolean {
  const m = message.metadata;
  if (m?.source === "live_agent") return m.sender !== "user" && message.role !== "user";
  const annotated = liveAgentAnnotationSender(message);
  if (annotated !== undefined) return annotated !== "user";
  return message.role !== "user" && Boolean(m?.liveAgent || m?.sendId || m?.groupId);
}

function liveAgentAnnotationSender(message: object): string | undefined {
  const annotations: unknown = "annotations" in message ? message.annotations : undefined;
  if (!Array.isArray(annotations)) return undefined;
  for (const a of annotations as unknown[]) {
    if (typeof a === "object" && a !== null && "type" in a && a.type === "live_agent" && "sender" in a && typeof a.sender === "string") return a.sender;
  }
  return undefined;
}

/**
 * 'You' for the user, or the nickname (with avatar) when the metadata carries one;
 * 'Live Agent' for live-agent messages; otherwise the assistant: 'Claude' or 'Gemini'
 * when the model's name contains the word, 'BI Assistant' by default.
 */
export function senderOf(message: Pick<ChatMessage, "role" | "metadata">, chatModel: string): Sender {
  // The live agent's side reads 'Live Agent' whatever nickname the service gives it.
  if (isLiveAgentMessage(message)) return { kind: "liveAgent" };
  if (message.metadata?.source === "live_agent" && message.role === "user") return { kind: "you" };
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
