import type { ChatMessage } from "../chat/types";
import { MESSAGE_TYPE } from "./constants";
import type { WireMessage } from "./wire";

/**
 * Live-agent messages in the chat's own form (spec 002 §3): `live-agent-<id>`, the user's
 * role for the customer and the assistant's for the agent and the system, and the wire
 * fields kept in the metadata, so they are stored with the chat and a reload shows them.
 */

export const LIVE_AGENT_ID_PREFIX = "live-agent-";
export const LIVE_AGENT_SOURCE = "live_agent";

/** Who wrote a live-agent message, as its metadata says. */
export type LiveSender = "user" | "agent" | "system";

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  svg: "image/svg+xml",
};

function filenameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const last = path.split("/").filter(Boolean).at(-1) ?? "";
  try {
    return decodeURIComponent(last) || "image";
  } catch {
    return last || "image";
  }
}

function imageTypeOf(filename: string): string {
  const ext = filename.toLowerCase().split(".").at(-1) ?? "";
  return IMAGE_TYPES[ext] ?? "image/jpeg";
}

function partsOf(type: number, content: string): ChatMessage["parts"] {
  if (type === MESSAGE_TYPE.image) {
    const filename = filenameOf(content);
    return [{ type: "file", url: content, mediaType: imageTypeOf(filename), filename }];
  }
  if (type === MESSAGE_TYPE.file) {
    return [{ type: "file", url: content, mediaType: "application/octet-stream", filename: filenameOf(content) }];
  }
  return [{ type: "text", text: content }];
}

/** A message from the socket. `own`: the customer wrote it (from another tab or device). */
export function fromWire(message: WireMessage, own: boolean): ChatMessage {
  const sender: LiveSender = own ? "user" : message.sender === "system" ? "system" : "agent";
  return {
    id: `${LIVE_AGENT_ID_PREFIX}${message.id}`,
    role: own ? "user" : "assistant",
    parts: partsOf(message.type, message.content),
    metadata: {
      createdAt: message.timestamp,
      source: LIVE_AGENT_SOURCE,
      sender,
      timestamp: message.timestamp,
      groupId: message.groupId,
      sendId: message.sendId,
      ...(message.sendNickName ? { sendNickName: message.sendNickName } : {}),
      ...(message.userAvatar ? { userAvatar: message.userAvatar } : {}),
    },
  };
}

/** What the customer sent, as the service acknowledged it. */
export function ownMessage(input: { id: string; sendId: string; groupId: string; type: number; content: string; timestamp: number; filename?: string }): ChatMessage {
  const parts = partsOf(input.type, input.content);
  if (input.filename && parts[0]?.type === "file") parts[0] = { ...parts[0], filename: input.filename, mediaType: imageTypeOf(input.filename) };
  return {
    id: `${LIVE_AGENT_ID_PREFIX}${input.id}`,
    role: "user",
    parts,
    metadata: {
      createdAt: input.timestamp,
      source: LIVE_AGENT_SOURCE,
      sender: "user",
      timestamp: input.timestamp,
      groupId: input.groupId,
      sendId: input.sendId,
    },
  };
}

let systemCount = 0;

/** A notice of the connection itself ('Successfully disconnected from live agent.'). */
export function systemMessage(text: string, now: number, groupId?: string): ChatMessage {
  systemCount += 1;
  return {
    id: `${LIVE_AGENT_ID_PREFIX}system-${now}-${systemCount}`,
    role: "assistant",
    parts: [{ type: "text", text }],
    metadata: { createdAt: now, source: LIVE_AGENT_SOURCE, sender: "system", timestamp: now, ...(groupId ? { groupId } : {}) },
  };
}

/** Whether a message came through the live agent (either side). */
export function isLiveAgentSource(message: Pick<ChatMessage, "metadata">): boolean {
  return message.metadata?.source === LIVE_AGENT_SOURCE;
}
