import type { ChatHistory } from "../generated/ChatHistory";
import type { ChatId } from "../generated/ChatId";
import type { ChatSummary } from "../generated/ChatSummary";
import type { DeletedChats } from "../generated/DeletedChats";
import type { MessagePage } from "../generated/MessagePage";
import type { RenameChatRequest } from "../generated/RenameChatRequest";
import type { SaveChatRequest } from "../generated/SaveChatRequest";
import type { StopResponse } from "../generated/StopResponse";
import { api } from "./client";

/** Chat history (spec 000 §3–5): the index, load, save, rename and delete. */
const path = (id: string) => `/api/chat-history/${encodeURIComponent(id)}`;

export const chatKeys = {
  list: ["chat-history"] as const,
  one: (id: string) => ["chat-history", id] as const,
};

export function listChats(signal?: AbortSignal): Promise<ChatSummary[]> {
  return api.get<ChatSummary[]>("/api/chat-history", { signal });
}

/**
 * Opens a chat: its model, recordings and newest `limit` messages, with `hasMore` and the
 * `cursor` of the page before them. (Without a limit the server sends every message;
 * the app never asks for that.)
 */
export function loadChat(id: string, limit: number, signal?: AbortSignal): Promise<ChatHistory> {
  return api.get<ChatHistory>(`${path(id)}?limit=${limit}`, { signal });
}

/** The `limit` messages just older than the message `before` (oldest first). */
export function loadMessagesBefore(id: string, before: string, limit: number, signal?: AbortSignal): Promise<MessagePage> {
  const query = new URLSearchParams({ before, limit: String(limit) });
  return api.get<MessagePage>(`${path(id)}/messages?${query}`, { signal });
}

/**
 * Stores these messages for the chat (an unused id creates it). Idempotent. With
 * `loadedFrom`, the stored messages older than that one are kept and the rest replaced.
 */
export function saveChat(id: string, body: SaveChatRequest): Promise<ChatId> {
  return api.put<ChatId>(path(id), body);
}

export function renameChat(id: string, title: string): Promise<void> {
  const body: RenameChatRequest = { title };
  return api.patch<void>(path(id), body);
}

export function deleteChat(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

export function deleteAllChats(): Promise<DeletedChats> {
  return api.delete<DeletedChats>("/api/chat-history");
}

/** Stops the answer being generated in the chat, on purpose (not a dropped connection). */
export function stopChat(id: string): Promise<StopResponse> {
  return api.post<StopResponse>(`/api/chat/${encodeURIComponent(id)}/stop`);
}
