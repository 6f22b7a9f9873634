import type { MemoryChange } from "../../../generated/MemoryChange";
import type { MemoryItem } from "../../../generated/MemoryItem";
import type { NewMemory } from "../../../generated/NewMemory";
import { type Call, json } from "../../../test/fetchMock";

/** The server's limit on a memory's text, in characters. */
export const MAX_CHARS = 2_000;

/** A memory as the server lists one (`editable` is worked out per caller by the fake). */
export function memoryItem(id: string, memory: string, extra: Partial<MemoryItem> = {}): MemoryItem {
  const at = Date.UTC(2026, 10, 20, 14, 5);
  return { id, memory, memoryType: "personal", importance: "medium", source: "chat", createdAt: at, updatedAt: at, editable: true, ...extra };
}

const refused = (status: number, code: string, message: string) => json(status, { code, message });

/** The words of a text, lower case, for the fake's ranking. */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A stand-in for the server's ranking: the share of the query's words the memory holds.
 * Enough to rank, to leave out what does not match (below 0.3), and to give a score.
 */
function score(query: string, memory: string): number {
  const wanted = new Set(words(query));
  if (wanted.size === 0) return 0;
  const held = new Set(words(memory));
  let hits = 0;
  for (const word of wanted) if (held.has(word)) hits += 1;
  return Math.round((hits / wanted.size) * 1000) / 1000;
}

type Options = {
  memories: MemoryItem[];
  /** Whether the server takes the caller for an administrator (it may not, even when the session says so). */
  admin?: boolean;
  /** How many memories of a type there may be; one more is refused with 409. */
  most?: number;
};

/**
 * The memories API in memory, for component tests: list (type, case-insensitive text,
 * newest first, paged), search (ranked, with scores), add (400 for an empty or too long
 * text, 403 for a member writing a system memory, 409 past the limit), change and delete
 * (404 for an unknown memory, 403 for a member's system memory). `editable` says what
 * the caller may change. Returns undefined for other paths, so it can be a `fakeServer`
 * override.
 */
export function fakeMemoriesServer({ memories, admin = true, most = 1_000 }: Options) {
  const store = new Map(memories.map((m) => [m.id, { ...m }]));
  let created = 0;
  const shown = (m: MemoryItem, extra: Partial<MemoryItem> = {}): MemoryItem => ({ ...m, editable: m.memoryType === "personal" || admin, ...extra });
  const newestFirst = (a: MemoryItem, b: MemoryItem) => b.createdAt - a.createdAt;
  const ofType = (type: string | null) => [...store.values()].filter((m) => !type || m.memoryType === type);

  const checkText = (text: string): Response | null => {
    const chars = Array.from(text.trim()).length;
    if (chars === 0) return refused(400, "invalid_body", "A memory needs some text");
    if (chars > MAX_CHARS) return refused(400, "invalid_body", `A memory is at most ${MAX_CHARS} characters; this one has ${chars}`);
    return null;
  };
  const forbidden = () => refused(403, "forbidden", "Only administrators can change the company's system memories");

  const handler = (call: Call): Response | undefined => {
    const url = new URL(call.path, "http://waybill.test");
    if (url.pathname !== "/api/memories" && !url.pathname.startsWith("/api/memories/")) return undefined;
    const type = url.searchParams.get("type");

    if (url.pathname === "/api/memories/search" && call.method === "GET") {
      const q = url.searchParams.get("q")?.trim() ?? "";
      if (!q) return refused(400, "bad_request", "q: give some text to search for");
      const found = ofType(type)
        .map((m) => ({ m, s: score(q, m.memory) }))
        .filter(({ s }) => s >= 0.3)
        .sort((a, b) => b.s - a.s || newestFirst(a.m, b.m))
        .slice(0, 50)
        .map(({ m, s }) => shown(m, { score: s }));
      return json(200, { memories: found, total: found.length });
    }

    if (url.pathname === "/api/memories") {
      if (call.method === "GET") {
        const q = url.searchParams.get("q")?.trim().toLowerCase() ?? "";
        const limit = Number(url.searchParams.get("limit") ?? 50);
        const offset = Number(url.searchParams.get("offset") ?? 0);
        const matching = ofType(type)
          .filter((m) => !q || m.memory.toLowerCase().includes(q))
          .sort(newestFirst);
        return json(200, { memories: matching.slice(offset, offset + limit).map((m) => shown(m)), total: matching.length });
      }
      if (call.method === "POST") {
        const body = call.body as NewMemory;
        const memoryType = body.memoryType ?? "personal";
        const refusal = checkText(body.memory ?? "");
        if (refusal) return refusal;
        if (memoryType === "system" && !admin) return forbidden();
        if (ofType(memoryType).length >= most) return refused(409, "conflict", `There are already ${most} ${memoryType} memories; delete some first`);
        created += 1;
        const now = Date.UTC(2026, 10, 24, 9, 30) + created * 60_000;
        const item = memoryItem(`mem-new-${created}`, body.memory.trim(), { memoryType, importance: body.importance ?? "medium", source: "manual", createdAt: now, updatedAt: now });
        store.set(item.id, item);
        return json(201, shown(item));
      }
      return refused(405, "method_not_allowed", "Method not allowed");
    }

    const id = decodeURIComponent(url.pathname.slice("/api/memories/".length));
    const current = store.get(id);
    if (!current) return refused(404, "not_found", "Memory not found");
    if (current.memoryType === "system" && !admin) return forbidden();
    if (call.method === "PATCH") {
      const change = call.body as MemoryChange;
      if (change.memory !== undefined) {
        const refusal = checkText(change.memory);
        if (refusal) return refusal;
      }
      const next = { ...current, memory: change.memory?.trim() ?? current.memory, importance: change.importance ?? current.importance, updatedAt: Date.UTC(2026, 10, 25, 12, 0) };
      store.set(id, next);
      return json(200, shown(next));
    }
    if (call.method === "DELETE") {
      store.delete(id);
      return new Response(null, { status: 204 });
    }
    return refused(405, "method_not_allowed", "Method not allowed");
  };
  return { handler, store };
}
