import { type ToolInvocation, toToolInvocation } from "../../tools/types";
import { attachmentMetadataOf } from "../attachments";
import { isRecord } from "../types";
import { dataUrlSize } from "./attachmentArtifact";

/** A message part as the bubble renders it (spec 001 §2.1, §3). */
export type PartView =
  | { kind: "text"; text: string; streaming: boolean }
  | { kind: "reasoning"; text: string; streaming: boolean }
  | { kind: "file"; url: string; filename: string | undefined; mediaType: string; size?: number; fileId?: string }
  | { kind: "tool"; invocation: ToolInvocation };

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Reads a part defensively (stored chats are data, not code): text, reasoning, file,
 * image_url and every tool part shape. Parts with nothing to show (step markers, data)
 * give null.
 */
export function viewOfPart(part: unknown, messageId: string): PartView | null {
  if (!isRecord(part)) return null;
  switch (part.type) {
    case "text":
    case "reasoning": {
      const text = str(part.text) ?? "";
      if (!text.trim() && part.state !== "streaming") return null;
      return { kind: part.type, text, streaming: part.state === "streaming" };
    }
    case "file": {
      const url = str(part.url);
      if (!url) return null;
      // Our uploads say their size; an inline file's is its data's.
      const { size = url.startsWith("data:") ? dataUrlSize(url) : undefined, fileId } = attachmentMetadataOf(part);
      return {
        kind: "file",
        url,
        filename: str(part.filename) ?? str(part.name),
        mediaType: str(part.mediaType) ?? str(part.contentType) ?? "application/octet-stream",
        ...(size === undefined ? {} : { size }),
        ...(fileId === undefined ? {} : { fileId }),
      };
    }
    case "image_url": {
      const url = isRecord(part.image_url) ? str(part.image_url.url) : undefined;
      return url ? { kind: "file", url, filename: undefined, mediaType: "image/*" } : null;
    }
    default: {
      const invocation = toToolInvocation(part, messageId);
      return invocation ? { kind: "tool", invocation } : null;
    }
  }
}

/** The last tool part of a message, if any. */
export function lastToolName(parts: readonly unknown[], messageId: string): string | null {
  for (let i = parts.length - 1; i >= 0; i--) {
    const invocation = toToolInvocation(parts[i], messageId);
    if (invocation) return invocation.toolName;
  }
  return null;
}
