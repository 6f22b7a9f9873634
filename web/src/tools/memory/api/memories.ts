import type { MemoryChange } from "../../../generated/MemoryChange";
import type { MemoryItem } from "../../../generated/MemoryItem";
import type { MemoryList } from "../../../generated/MemoryList";
import type { NewMemory } from "../../../generated/NewMemory";
import type { MemoryType } from "../../../generated/tools/memory/MemoryType";
import { api } from "../../../api/client";

/**
 * What the assistant remembers (`/api/memories`): the caller's personal memories and the
 * company's system memories. Every member reads both and writes their own; admins also
 * write the company's (others get 403).
 */
const memory = (id: string) => `/api/memories/${encodeURIComponent(id)}`;

/** The most characters a memory holds (the server refuses more with 400 `invalid_body`). */
export const MEMORY_MAX_CHARS = 2_000;

export type MemoryQuery = {
  /** Absent: personal and system. */
  type?: MemoryType;
  /** A case-insensitive substring; empty: every memory. */
  q: string;
  limit: number;
  offset: number;
};

/** One page of the memories, newest first, holding `q` when given. */
export function listMemories({ type, q, limit, offset }: MemoryQuery, signal?: AbortSignal): Promise<MemoryList> {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (q.trim()) params.set("q", q.trim());
  params.set("limit", String(limit));
  params.set("offset", String(offset));
  return api.get<MemoryList>(`/api/memories?${params}`, { signal });
}

/** The memories that best match `q` by the words they share, ranked as the assistant ranks them, each with its `score`. */
export function searchMemories({ q, type }: { q: string; type?: MemoryType }, signal?: AbortSignal): Promise<MemoryList> {
  const params = new URLSearchParams({ q: q.trim() });
  if (type) params.set("type", type);
  return api.get<MemoryList>(`/api/memories/search?${params}`, { signal });
}

/** Keeps a new memory (201): a personal one, or an admin's system one. */
export function addMemory(body: NewMemory): Promise<MemoryItem> {
  return api.post<MemoryItem>("/api/memories", body);
}

/** Changes a memory's text or importance. */
export function changeMemory(id: string, body: MemoryChange): Promise<MemoryItem> {
  return api.patch<MemoryItem>(memory(id), body);
}

/** Deletes a memory (204). */
export function deleteMemory(id: string): Promise<void> {
  return api.delete<void>(memory(id));
}
