import type { KbDocumentItem } from "../../../generated/KbDocumentItem";
import type { KbDocumentList } from "../../../generated/KbDocumentList";
import type { KnowledgeBaseChange } from "../../../generated/KnowledgeBaseChange";
import type { KnowledgeBaseDetail } from "../../../generated/KnowledgeBaseDetail";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import type { KnowledgeBaseList } from "../../../generated/KnowledgeBaseList";
import type { KnowledgeSearchResult } from "../../../generated/KnowledgeSearchResult";
import type { NewKnowledgeBase } from "../../../generated/NewKnowledgeBase";
import { api } from "../../../api/client";

/**
 * The knowledge bases (`/api/knowledge-bases`): the company's, which every member reads
 * and administrators change, and each member's own. Documents are files uploaded through
 * the file service first (`files/upload.ts`), then added by id; the server reads and
 * indexes them in the background. Another member's or tenant's knowledge base answers
 * 404; a member changing the company's, 403.
 */
const BASES = "/api/knowledge-bases";
const base = (id: string) => `${BASES}/${encodeURIComponent(id)}`;
const document = (id: string, doc: string) => `${base(id)}/documents/${encodeURIComponent(doc)}`;

/** The server's bounds (it refuses more with 400). */
export const NAME_MAX_CHARS = 100;
export const DESCRIPTION_MAX_CHARS = 500;
export const QUESTION_MAX_CHARS = 1_000;

/** What the file picker offers: the kinds of file the server can read (PDF, Word, Markdown, HTML, text, CSV). */
export const DOCUMENT_ACCEPT = ".pdf,.docx,.md,.markdown,.html,.htm,.txt,.csv";

/** The knowledge bases the caller may read (the company's first), and what the caller may create. */
export function listKnowledgeBases(signal?: AbortSignal): Promise<KnowledgeBaseList> {
  return api.get<KnowledgeBaseList>(BASES, { signal });
}

/** A knowledge base with its documents (newest first) and where their ingestion stands. */
export function getKnowledgeBase(id: string, signal?: AbortSignal): Promise<KnowledgeBaseDetail> {
  return api.get<KnowledgeBaseDetail>(base(id), { signal });
}

/** Creates a knowledge base (201): the caller's own, or an administrator's for the company. */
export function createKnowledgeBase(body: NewKnowledgeBase): Promise<KnowledgeBaseItem> {
  return api.post<KnowledgeBaseItem>(BASES, body);
}

/** Renames a knowledge base or changes its description. */
export function changeKnowledgeBase(id: string, body: KnowledgeBaseChange): Promise<KnowledgeBaseItem> {
  return api.patch<KnowledgeBaseItem>(base(id), body);
}

/** Deletes a knowledge base with its documents, their passages and their files (204). */
export function deleteKnowledgeBase(id: string): Promise<void> {
  return api.delete<void>(base(id));
}

/**
 * Adds uploaded files as documents (202); they are queued for reading and indexing. A
 * file the server cannot read is refused with 422 and its sentence (and then none of
 * the files of that call is added: the page adds them one at a time).
 */
export function addDocuments(id: string, fileIds: string[]): Promise<KbDocumentList> {
  return api.post<KbDocumentList>(`${base(id)}/documents`, { fileIds });
}

/** Removes a document, its passages and its file (204). */
export function removeDocument(id: string, doc: string): Promise<void> {
  return api.delete<void>(document(id, doc));
}

/** Queues a document that failed again. */
export function retryDocument(id: string, doc: string): Promise<KbDocumentItem> {
  return api.post<KbDocumentItem>(`${document(id, doc)}/retry`);
}

export type KnowledgeQuery = {
  q: string;
  /** The knowledge bases to search; every readable one when empty. */
  kb: readonly string[];
  /** 1–20; the server's default (5) when absent. */
  limit?: number;
};

/** The passages that best answer `q`, ranked as the assistant ranks them. */
export function searchKnowledge({ q, kb, limit }: KnowledgeQuery, signal?: AbortSignal): Promise<KnowledgeSearchResult> {
  const params = new URLSearchParams({ q: q.trim() });
  if (kb.length > 0) params.set("kb", kb.join(","));
  if (limit !== undefined) params.set("limit", String(limit));
  return api.get<KnowledgeSearchResult>(`${BASES}/search?${params}`, { signal });
}
