import type { Artifact } from "../../artifacts/store";
import type { FileDisplayProps } from "../../files/types";
import type { KbScope } from "../../generated/tools/knowledge/KbScope";
import type { QueryKnowledgeBaseResult } from "../../generated/tools/knowledge/QueryKnowledgeBaseResult";
import { isRecord, num, str } from "../../lib/values";

/** Characters of the question the card's title shows before '…'. */
export const TITLE_QUESTION_CHARS = 80;
/** Characters of a passage shown before '…' and "Show more". */
export const PASSAGE_PREVIEW_CHARS = 300;

/** Where a passage comes from, as the card shows it. */
export type DocumentRef = {
  /** What makes two passages come from the same document: its id, else its file, else its name. */
  key: string;
  name: string;
  mediaType: string | undefined;
  fileId: string | undefined;
  url: string | undefined;
  page: number | undefined;
  section: string | undefined;
};

/** A knowledge base searched: named, with its scope, when the result says. */
export type SearchedBase = { id: string; name: string | undefined; scope: KbScope | undefined };

export type Passage = { content: string; score: number | undefined; kbId: string | undefined; source: DocumentRef };

/** A document the passages cite, once, with the sections and pages cited, in the order first met. */
export type CitedDocument = { source: DocumentRef; citations: Citation[] };
export type Citation = { section: string | undefined; page: number | undefined };

/** What the card makes of the result. */
export type KnowledgeReading =
  | {
      kind: "result";
      question: string | undefined;
      /** The knowledge bases searched: named when the result says, else by id alone. */
      bases: SearchedBase[];
      passages: Passage[];
      semantic: boolean | undefined;
    }
  | { kind: "failed"; message: string | undefined }
  | { kind: "raw"; value: unknown };

const text = (value: unknown) => str(value)?.trim() || undefined;
const scopeOf = (value: unknown): KbScope | undefined => (value === "company" || value === "personal" ? value : undefined);

/**
 * A passage's source. The server writes `source_document`; the spec (001 §3) also names
 * `source` and `document`, which older results may hold, as an object or just a name.
 */
function sourceOf(item: Record<string, unknown>): DocumentRef | undefined {
  const raw = item.source_document ?? item.source ?? item.document;
  if (typeof raw === "string" && raw.trim()) {
    const name = raw.trim();
    return { key: `name:${name}`, name, mediaType: undefined, fileId: undefined, url: undefined, page: undefined, section: undefined };
  }
  if (!isRecord(raw)) return undefined;
  const documentId = text(raw.documentId ?? raw.document_id ?? raw.id);
  const fileId = text(raw.fileId ?? raw.file_id);
  const name = text(raw.name ?? raw.filename ?? raw.fileName ?? raw.title) ?? documentId ?? fileId;
  if (!name) return undefined;
  const page = num(raw.page);
  return {
    key: documentId ? `doc:${documentId}` : fileId ? `file:${fileId}` : `name:${name}`,
    name,
    mediaType: text(raw.mediaType ?? raw.media_type ?? raw.mimeType),
    fileId,
    url: text(raw.url),
    page: page !== undefined && page >= 1 ? Math.floor(page) : undefined,
    section: text(raw.section),
  };
}

function passageOf(item: unknown): Passage | undefined {
  if (!isRecord(item)) return undefined;
  const content = str(item.content ?? item.text);
  const source = sourceOf(item);
  if (content === undefined || !source) return undefined;
  return { content, score: num(item.score), kbId: text(item.kbId), source };
}

/** The ids the call asked for (`kbId`: one, or a list), while there is no result to say which were searched. */
export function askedIds(input: unknown): string[] {
  if (!isRecord(input)) return [];
  const { kbId } = input;
  const ids = Array.isArray(kbId) ? kbId : [kbId];
  return ids.map(text).filter((id): id is string => id !== undefined);
}

export function askedQuestion(input: unknown): string | undefined {
  return isRecord(input) ? text(input.message) : undefined;
}

/**
 * Reads queryKnowledgeBase's output: the result; one that says it failed (with its
 * words, if any); or one of another shape (a stored chat's older result), shown raw. A
 * stored chat may keep the output as a JSON string.
 */
export function readKnowledge(output: QueryKnowledgeBaseResult | undefined): KnowledgeReading | undefined {
  if (output === undefined || output === null) return undefined;
  let value: unknown = output;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { kind: "raw", value: output };
    }
  }
  if (!isRecord(value)) return { kind: "raw", value };
  if (value.success === false) return { kind: "failed", message: text(value.error) ?? text(value.message) };
  if (!Array.isArray(value.results)) return { kind: "raw", value };
  const passages = value.results.map(passageOf);
  if (passages.some((p) => p === undefined)) return { kind: "raw", value };

  const named: SearchedBase[] = Array.isArray(value.knowledgeBases)
    ? value.knowledgeBases.filter(isRecord).flatMap((kb) => {
        const id = text(kb.id);
        const scope = scopeOf(kb.scope);
        return id ? [{ id, name: text(kb.name), scope }] : [];
      })
    : [];
  const ids = Array.isArray(value.kbId) ? value.kbId.map(text).filter((id): id is string => id !== undefined) : askedIds(value);
  const bases = named.length > 0 ? named : ids.map((id): SearchedBase => ({ id, name: undefined, scope: undefined }));
  return {
    kind: "result",
    question: text(value.message),
    bases,
    passages: passages as Passage[],
    semantic: typeof value.semantic === "boolean" ? value.semantic : undefined,
  };
}

/** Each document the passages cite, once, with the sections and pages cited (each once), in the order first met. */
export function citedDocuments(passages: readonly Passage[]): CitedDocument[] {
  const byKey = new Map<string, CitedDocument>();
  for (const { source } of passages) {
    let doc = byKey.get(source.key);
    if (!doc) {
      doc = { source, citations: [] };
      byKey.set(source.key, doc);
    }
    if (source.section === undefined && source.page === undefined) continue;
    if (!doc.citations.some((c) => c.section === source.section && c.page === source.page)) doc.citations.push({ section: source.section, page: source.page });
    // A later passage may carry the link an earlier one lacked.
    if (!doc.source.url && source.url) doc.source = { ...doc.source, url: source.url };
  }
  return [...byKey.values()];
}

/** The last heading of a section's path ("Cycle Count SOP › 6 Variances" → "6 Variances"). */
export function lastHeading(section: string): string {
  const parts = section.split("›").map((p) => p.trim()).filter(Boolean);
  return parts.at(-1) ?? section;
}

/** A score as the card writes it: two decimals in the reader's language ("0.87", "0,87"). */
export function formatScore(score: number | undefined, language: string): string | undefined {
  if (score === undefined || !Number.isFinite(score)) return undefined;
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.min(1, Math.max(0, score)));
}

function withDownload(url: string): string {
  const [path, hash] = url.split("#", 2) as [string, string | undefined];
  const joined = `${path}${path.includes("?") ? "&" : "?"}download=1`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/**
 * The side panel's file viewer on a cited document (a `file-display` artifact, as the
 * files family opens one): its view link to preview, `?download=1` to download. A
 * document with no link still opens, and the viewer offers what it can.
 */
export function documentArtifact(source: DocumentRef): Artifact {
  const fileId = source.fileId ?? source.key;
  const props: FileDisplayProps = { fileId, fileName: source.name };
  if (source.mediaType) props.mimeType = source.mediaType;
  if (source.url) {
    props.previewUrl = source.url;
    props.downloadUrl = withDownload(source.url);
  }
  return { id: `kb-document-${fileId}`, type: "file-display", title: source.name, props };
}
