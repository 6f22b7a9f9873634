import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MemoryQuery, addMemory, changeMemory, deleteMemory, listMemories, searchMemories } from "../api/memories";
import { useAuthStore } from "../../../auth/store";
import type { MemoryChange } from "../../../generated/MemoryChange";
import type { MemoryType } from "../../../generated/tools/memory/MemoryType";

/** Memories shown per page. */
export const MEMORIES_PAGE_SIZE = 50;

/**
 * Keyed by tenant and member: personal memories are the member's own, so another member
 * signing in on this browser never sees them from the cache.
 */
export const memoryKeys = {
  all: (tenantId: string | null, userId: string | null) => ["memories", tenantId, userId] as const,
  page: (tenantId: string | null, userId: string | null, query: MemoryQuery) => ["memories", tenantId, userId, "page", query] as const,
  search: (tenantId: string | null, userId: string | null, q: string, type: MemoryType | undefined) => ["memories", tenantId, userId, "search", q, type ?? "all"] as const,
};

/** Who the cache is for: the tenant, and the member (by email). */
function useOwner() {
  const tenantId = useAuthStore((s) => s.tenantId);
  const userId = useAuthStore((s) => s.user?.email ?? null);
  return { tenantId, userId };
}

/** One page of the memories, newest first; the previous page stays on screen while the next loads. */
export function useMemoryPage(query: MemoryQuery, enabled: boolean) {
  const { tenantId, userId } = useOwner();
  return useQuery({
    queryKey: memoryKeys.page(tenantId, userId, query),
    queryFn: ({ signal }) => listMemories(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The memories ranked by the words they share with `q` (null: no search asked), each with its score. */
export function useMemorySearch(q: string | null, type: MemoryType | undefined) {
  const { tenantId, userId } = useOwner();
  return useQuery({
    queryKey: memoryKeys.search(tenantId, userId, q ?? "", type),
    queryFn: ({ signal }) => searchMemories({ q: q ?? "", type }, signal),
    enabled: q !== null,
  });
}

/** After a change every list and search is loaded again. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  const { tenantId, userId } = useOwner();
  return () => void queryClient.invalidateQueries({ queryKey: memoryKeys.all(tenantId, userId) });
}

export function useAddMemory() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: addMemory, onSuccess: refresh });
}

export function useChangeMemory() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: ({ id, change }: { id: string; change: MemoryChange }) => changeMemory(id, change), onSuccess: refresh });
}

/** A memory already gone (deleted elsewhere) reloads the list too, so it disappears. */
export function useDeleteMemory() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: deleteMemory, onSettled: refresh });
}
