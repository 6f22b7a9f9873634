import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  changeKnowledgeBase,
  createKnowledgeBase,
  deleteKnowledgeBase,
  getKnowledgeBase,
  listKnowledgeBases,
  removeDocument,
  retryDocument,
  searchKnowledge,
} from "../api/knowledge";
import { useAuthStore } from "../../../auth/store";
import type { KbDocumentItem } from "../../../generated/KbDocumentItem";
import type { KnowledgeBaseChange } from "../../../generated/KnowledgeBaseChange";

/** How often a knowledge base whose documents are being read or indexed is asked again. */
export const POLL_MS = 1_000;

/** A document the server is still working on. */
export const isPending = (doc: Pick<KbDocumentItem, "status">) => doc.status === "queued" || doc.status === "extracting" || doc.status === "indexing";

/**
 * Keyed by tenant and member: personal knowledge bases are the member's own, so another
 * member signing in on this browser never sees them from the cache.
 */
export const knowledgeKeys = {
  all: (tenantId: string | null, userId: string | null) => ["knowledge-bases", tenantId, userId] as const,
  list: (tenantId: string | null, userId: string | null) => ["knowledge-bases", tenantId, userId, "list"] as const,
  detail: (tenantId: string | null, userId: string | null, id: string) => ["knowledge-bases", tenantId, userId, "detail", id] as const,
  search: (tenantId: string | null, userId: string | null, id: string, q: string) => ["knowledge-bases", tenantId, userId, "search", id, q] as const,
};

/** Who the cache is for: the tenant, and the member (by email). */
function useOwner() {
  const tenantId = useAuthStore((s) => s.tenantId);
  const userId = useAuthStore((s) => s.user?.email ?? null);
  return { tenantId, userId };
}

/** The knowledge bases the member may read; asked again while a document of the one shown is pending (its counts move). */
export function useKnowledgeBases(polling: boolean) {
  const { tenantId, userId } = useOwner();
  return useQuery({
    queryKey: knowledgeKeys.list(tenantId, userId),
    queryFn: ({ signal }) => listKnowledgeBases(signal),
    refetchInterval: polling ? POLL_MS : false,
  });
}

/** A knowledge base and its documents, asked again every second while any of them is queued, read or indexed. */
export function useKnowledgeBase(id: string | null) {
  const { tenantId, userId } = useOwner();
  return useQuery({
    queryKey: knowledgeKeys.detail(tenantId, userId, id ?? ""),
    queryFn: ({ signal }) => getKnowledgeBase(id ?? "", signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.documents.some(isPending) ? POLL_MS : false),
  });
}

/** The passages of knowledge base `id` that best answer `q` (null: nothing asked yet). */
export function useKnowledgeSearch(id: string, q: string | null) {
  const { tenantId, userId } = useOwner();
  return useQuery({
    queryKey: knowledgeKeys.search(tenantId, userId, id, q ?? ""),
    queryFn: ({ signal }) => searchKnowledge({ q: q ?? "", kb: [id] }, signal),
    enabled: q !== null,
  });
}

/** After a change the list, every knowledge base and every search are loaded again. */
export function useRefreshKnowledge() {
  const queryClient = useQueryClient();
  const { tenantId, userId } = useOwner();
  return () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(tenantId, userId) });
}

export function useCreateKnowledgeBase() {
  const refresh = useRefreshKnowledge();
  return useMutation({ mutationFn: createKnowledgeBase, onSuccess: refresh });
}

export function useChangeKnowledgeBase() {
  const refresh = useRefreshKnowledge();
  return useMutation({ mutationFn: ({ id, change }: { id: string; change: KnowledgeBaseChange }) => changeKnowledgeBase(id, change), onSuccess: refresh });
}

/** One already gone (deleted elsewhere) reloads the list too, so it disappears. */
export function useDeleteKnowledgeBase() {
  const refresh = useRefreshKnowledge();
  return useMutation({ mutationFn: deleteKnowledgeBase, onSettled: refresh });
}

export function useRemoveDocument() {
  const refresh = useRefreshKnowledge();
  return useMutation({ mutationFn: ({ kb, doc }: { kb: string; doc: string }) => removeDocument(kb, doc), onSettled: refresh });
}

export function useRetryDocument() {
  const refresh = useRefreshKnowledge();
  return useMutation({ mutationFn: ({ kb, doc }: { kb: string; doc: string }) => retryDocument(kb, doc), onSettled: refresh });
}
