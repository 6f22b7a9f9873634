import { isRecord } from "../../../lib/values";

/** One part of a chat message as the desk shows it: words, a file, or the name of a tool that ran. */
export type TranscriptPart = { kind: "text"; text: string } | { kind: "file"; url: string; mediaType: string; filename: string } | { kind: "tool"; name: string };

/** A chat message before the hand-over, reduced to what an agent reads. */
export type TranscriptMessage = { id: string; role: "user" | "assistant"; parts: TranscriptPart[] };

function partOf(part: unknown): TranscriptPart | null {
  if (!isRecord(part) || typeof part.type !== "string") return null;
  if (part.type === "text") return typeof part.text === "string" && part.text.trim() ? { kind: "text", text: part.text } : null;
  if (part.type === "file") {
    if (typeof part.url !== "string") return null;
    const mediaType = typeof part.mediaType === "string" ? part.mediaType : "application/octet-stream";
    return { kind: "file", url: part.url, mediaType, filename: typeof part.filename === "string" ? part.filename : "" };
  }
  if (part.type === "dynamic-tool") return typeof part.toolName === "string" ? { kind: "tool", name: part.toolName } : null;
  if (part.type.startsWith("tool-")) return { kind: "tool", name: part.type.slice("tool-".length) };
  return null;
}

/**
 * The customer's AI conversation (the chat's stored UI messages, any shape: stored chats
 * are data) as a read-only transcript: user and assistant messages with their words,
 * files and tools; reasoning, data parts and system messages are left out.
 */
export function transcriptOf(conversation: readonly unknown[]): TranscriptMessage[] {
  const messages: TranscriptMessage[] = [];
  conversation.forEach((message, index) => {
    if (!isRecord(message) || (message.role !== "user" && message.role !== "assistant") || !Array.isArray(message.parts)) return;
    const parts = message.parts.map(partOf).filter((p): p is TranscriptPart => p !== null);
    if (parts.length === 0) return;
    messages.push({ id: typeof message.id === "string" ? message.id : `message-${index}`, role: message.role, parts });
  });
  return messages;
}
