import { UPLOAD_PATH } from "../../../files/upload";
import type { KbDocumentItem } from "../../../generated/KbDocumentItem";
import type { KnowledgeBaseChange } from "../../../generated/KnowledgeBaseChange";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import type { NewKnowledgeBase } from "../../../generated/NewKnowledgeBase";
import type { KbPassage } from "../../../generated/tools/knowledge/KbPassage";
import type { KbScope } from "../../../generated/tools/knowledge/KbScope";
import { type Call, json } from "../../../test/fetchMock";

/** What the file picker's kinds are, as the server says them. */
export const SUPPORTED = "PDF, Word (.docx), Markdown, HTML, plain text and CSV";

const AT = Date.UTC(2026, 10, 20, 14, 5);

/** A knowledge base as the fake keeps it: its counts are worked out from its documents. */
export type FakeBase = { id: string; name: string; description: string; scope: KbScope; createdAt: number; updatedAt: number };

export function knowledgeBase(id: string, name: string, extra: Partial<FakeBase> = {}): FakeBase {
  return { id, name, description: "", scope: "personal", createdAt: AT, updatedAt: AT, ...extra };
}

/** A passage of a document, for the fake's search. */
export type FakePassage = { content: string; section?: string; page?: number };

/** A document as the fake keeps it: the page's item, and the passages a search finds in it once ready. */
export type FakeDocument = KbDocumentItem & { kbId: string; passages: FakePassage[] };

export function kbDocument(kbId: string, id: string, filename: string, extra: Partial<FakeDocument> = {}): FakeDocument {
  const passages = extra.passages ?? [];
  return {
    kbId,
    id,
    fileId: `file-${id}`,
    filename,
    mediaType: "text/markdown",
    size: 2_048,
    status: "ready",
    done: passages.length,
    total: passages.length,
    chunks: passages.length,
    createdAt: AT,
    updatedAt: AT,
    viewUrl: `/api/file-app/v1/file/view/tok-${id}/${encodeURIComponent(filename)}`,
    passages,
    ...extra,
  };
}

const refused = (status: number, code: string, message: string) => json(status, { code, message });
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The share of the question's words a passage holds: enough to rank and to leave out what does not match (below 0.3). */
function score(question: string, passage: string): number {
  const wanted = new Set(words(question));
  if (wanted.size === 0) return 0;
  const held = new Set(words(passage));
  let hits = 0;
  for (const word of wanted) if (held.has(word)) hits += 1;
  return Math.round((hits / wanted.size) * 1000) / 1000;
}

type Options = {
  bases: FakeBase[];
  documents?: FakeDocument[];
  /** Whether the server takes the caller for an administrator (it may not, even when the session says so). */
  admin?: boolean;
  /** Whether meaning ranks passages besides words. */
  semantic?: boolean;
  /** The server's sentence for a file it cannot read, by its name; undefined: it reads it. */
  unreadable?: (filename: string) => string | undefined;
};

/**
 * The knowledge bases API in memory, for component tests, with the file service's upload:
 * list (the company's first, counts from the documents), create (400 for an empty or long
 * name, 403 for a member creating the company's), read, change and delete (404 unknown,
 * 403 a member's write to the company's), add uploaded files (422 with the server's
 * sentence for one it cannot read, 404 for a file never uploaded), remove, retry (400
 * unless failed) and search (ready documents only, ranked by the share of words). Tests
 * drive a document's ingestion with `advance`. Returns undefined for other paths, so it
 * can be a `fakeServer` override.
 */
export function fakeKnowledgeServer({ bases, documents = [], admin = true, semantic = false, unreadable = () => undefined }: Options) {
  const store = new Map(bases.map((b) => [b.id, { ...b }]));
  const docs = new Map(documents.map((d) => [d.id, { ...d }]));
  const uploads = new Map<string, { filename: string; size: number }>();
  let made = 0;
  let uploaded = 0;
  const next = () => (made += 1);

  const writable = (b: FakeBase) => b.scope === "personal" || admin;
  const docsOf = (id: string) => [...docs.values()].filter((d) => d.kbId === id).sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
  const item = (b: FakeBase): KnowledgeBaseItem => {
    const own = docsOf(b.id);
    return {
      ...b,
      documents: own.length,
      ready: own.filter((d) => d.status === "ready").length,
      chunks: own.reduce((n, d) => n + d.chunks, 0),
      editable: writable(b),
    };
  };
  const shown = ({ kbId: _kb, passages: _p, ...doc }: FakeDocument): KbDocumentItem => doc;
  const ordered = () => [...store.values()].sort((a, b) => a.scope.localeCompare(b.scope) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
  const forbidden = () => refused(403, "forbidden", "Only administrators can change the company's knowledge bases");
  const notFound = () => refused(404, "not_found", "Knowledge base not found");

  const checkName = (name: string | undefined, required: boolean): Response | null => {
    if (name === undefined) return required ? refused(400, "invalid_body", "name: give the knowledge base a name") : null;
    const n = Array.from(name.trim()).length;
    if (n === 0) return refused(400, "invalid_body", "name: give the knowledge base a name");
    if (n > 100) return refused(400, "invalid_body", `A knowledge base's name is at most 100 characters; this one has ${n}`);
    return null;
  };

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    if (url.pathname === UPLOAD_PATH && call.method === "POST") {
      const filename = url.searchParams.get("filename") ?? "file";
      uploaded += 1;
      const id = `upload-${uploaded}`;
      const size = 1_000 + uploaded;
      uploads.set(id, { filename, size });
      return json(200, {
        success: true,
        msg: "",
        data: { id, filename, non_expire_view_url: `/api/file-app/v1/file/view/tok-${id}/${encodeURIComponent(filename)}`, mime_type: "application/octet-stream", size, watermarked: false },
      });
    }
    if (url.pathname !== "/api/knowledge-bases" && !url.pathname.startsWith("/api/knowledge-bases/")) return undefined;

    if (url.pathname === "/api/knowledge-bases") {
      if (call.method === "GET") {
        return json(200, { knowledgeBases: ordered().map(item), canCreateCompany: admin, semantic, supported: SUPPORTED });
      }
      if (call.method === "POST") {
        const body = call.body as NewKnowledgeBase;
        const refusal = checkName(body.name, true);
        if (refusal) return refusal;
        if ((body.description ?? "").length > 500) return refused(400, "invalid_body", "A description is at most 500 characters");
        const scope = body.scope ?? "personal";
        if (scope === "company" && !admin) return refused(403, "forbidden", "Only administrators can create the company's knowledge bases");
        if (ordered().some((b) => b.scope === scope && b.name.toLowerCase() === body.name.trim().toLowerCase())) {
          return refused(409, "conflict", `There is already a knowledge base named "${body.name.trim()}"`);
        }
        const at = Date.UTC(2026, 10, 24, 9, 30) + next() * 60_000;
        const created = knowledgeBase(`kb-new-${made}`, body.name.trim(), { description: body.description?.trim() ?? "", scope, createdAt: at, updatedAt: at });
        store.set(created.id, created);
        return json(201, item(created));
      }
      return refused(405, "method_not_allowed", "Method not allowed");
    }

    if (url.pathname === "/api/knowledge-bases/search" && call.method === "GET") {
      const q = url.searchParams.get("q")?.trim() ?? "";
      if (!q) return refused(400, "bad_request", "q is 1 to 1,000 characters of text");
      const ids = (url.searchParams.get("kb") ?? "").split(",").filter(Boolean);
      if (ids.some((id) => !store.has(id))) return notFound();
      const limit = Number(url.searchParams.get("limit") ?? 5);
      const searched = ids.length > 0 ? ids : [...store.keys()];
      const results: KbPassage[] = [...docs.values()]
        .filter((d) => searched.includes(d.kbId) && d.status === "ready")
        .flatMap((d) =>
          d.passages.map((p) => ({
            content: p.content,
            score: score(q, p.content),
            kbId: d.kbId,
            source_document: {
              documentId: d.id,
              name: d.filename,
              mediaType: d.mediaType,
              fileId: d.fileId,
              ...(p.section ? { section: p.section } : {}),
              ...(p.page ? { page: p.page } : {}),
              ...(d.viewUrl ? { url: d.viewUrl } : {}),
            },
          })),
        )
        .filter((p) => p.score >= 0.3)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
      return json(200, { results, semantic });
    }

    const [id, section, docId, action] = url.pathname.slice("/api/knowledge-bases/".length).split("/").map(decodeURIComponent);
    const kb = store.get(id!);
    if (!kb) return notFound();

    if (section === undefined) {
      if (call.method === "GET") return json(200, { knowledgeBase: item(kb), documents: docsOf(kb.id).map(shown) });
      if (!writable(kb)) return forbidden();
      if (call.method === "PATCH") {
        const change = call.body as KnowledgeBaseChange;
        const refusal = checkName(change.name, false);
        if (refusal) return refusal;
        const changed = { ...kb, name: change.name?.trim() ?? kb.name, description: change.description?.trim() ?? kb.description, updatedAt: Date.UTC(2026, 10, 25, 12, 0) };
        store.set(kb.id, changed);
        return json(200, item(changed));
      }
      if (call.method === "DELETE") {
        store.delete(kb.id);
        for (const d of docsOf(kb.id)) docs.delete(d.id);
        return new Response(null, { status: 204 });
      }
      return refused(405, "method_not_allowed", "Method not allowed");
    }

    if (section !== "documents") return refused(404, "not_found", "No such route");
    if (!writable(kb)) return forbidden();
    if (docId === undefined && call.method === "POST") {
      const { fileIds } = call.body as { fileIds: string[] };
      if (!Array.isArray(fileIds) || fileIds.length === 0 || fileIds.length > 50) return refused(400, "invalid_body", "Add 1 to 50 files at a time");
      const files = [];
      for (const fileId of fileIds) {
        const file = uploads.get(fileId);
        if (!file) return refused(404, "not_found", "File not found");
        const sentence = unreadable(file.filename);
        if (sentence) return refused(422, "unprocessable", sentence);
        files.push({ fileId, ...file });
      }
      const added = files.map(({ fileId, filename, size }) => {
        const at = Date.UTC(2026, 10, 26, 8, 0) + next() * 60_000;
        const doc = kbDocument(kb.id, `doc-new-${made}`, filename, { fileId, size, status: "queued", done: 0, total: 0, chunks: 0, createdAt: at, updatedAt: at });
        docs.set(doc.id, doc);
        return doc;
      });
      return json(202, { documents: added.map(shown) });
    }
    const doc = docId === undefined ? undefined : docs.get(docId);
    if (!doc || doc.kbId !== kb.id) return refused(404, "not_found", "Document not found");
    if (action === undefined && call.method === "DELETE") {
      docs.delete(doc.id);
      return new Response(null, { status: 204 });
    }
    if (action === "retry" && call.method === "POST") {
      if (doc.status !== "failed") return refused(400, "invalid_body", "Only a document that failed can be tried again");
      const { error: _error, ...rest } = doc;
      const queued: FakeDocument = { ...rest, status: "queued", done: 0, total: 0 };
      docs.set(doc.id, queued);
      return json(200, shown(queued));
    }
    return refused(405, "method_not_allowed", "Method not allowed");
  };

  /** Moves a document's ingestion on, as the server's background work would. */
  const advance = (id: string, change: Partial<FakeDocument>) => {
    const doc = docs.get(id);
    if (!doc) throw new Error(`no document ${id}`);
    docs.set(id, { ...doc, ...change });
  };
  /** The documents added from a file of this name (newest first). */
  const added = (filename: string) => [...docs.values()].filter((d) => d.filename === filename);

  return { handler, store, docs, uploads, advance, added };
}
