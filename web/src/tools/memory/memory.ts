import type { Importance } from "../../generated/tools/memory/Importance";
import type { MemoryRecord } from "../../generated/tools/memory/MemoryRecord";
import type { MemoryType } from "../../generated/tools/memory/MemoryType";
import type { Source } from "../../generated/tools/memory/Source";
import { isRecord, num, str } from "../../lib/values";
import type { OutputOf, ToolName } from "../types";

/** The memory tools: one card shows them all (spec 001 §2.6). */
export const MEMORY_TOOLS = ["searchMemories", "saveMemory", "deleteMemory"] as const satisfies readonly ToolName[];
export type MemoryTool = (typeof MEMORY_TOOLS)[number];

/** The catalogue key of each tool (`memory.titles.<key>`, `memory.running.<key>`, `memory.failed.<key>`). */
export const TOOL_KEY = {
  searchMemories: "search",
  saveMemory: "save",
  deleteMemory: "delete",
} as const satisfies Record<MemoryTool, string>;

/** Characters of a memory a search's row shows before '…' (the whole text in its tooltip and behind "Show all"). */
export const ROW_PREVIEW_CHARS = 80;

/**
 * What the card makes of a tool's output: the result; one that says it did not succeed
 * (with its message, if any); or one of another shape (a stored chat's older result, a
 * text), which the card shows as raw JSON.
 */
export type MemoryReading<T> = { result: T } | { failed: string | undefined } | { raw: unknown } | undefined;

const isMemoryRecord = (value: unknown): value is MemoryRecord => isRecord(value) && typeof value.memory === "string";

/** What each tool's result must hold for its view to show it. */
const SHAPE: { readonly [N in MemoryTool]: (output: Record<string, unknown>) => boolean } = {
  searchMemories: (o) => Array.isArray(o.memories) && o.memories.every(isMemoryRecord),
  saveMemory: (o) => isMemoryRecord(o.memory),
  deleteMemory: (o) => isMemoryRecord(o.memory),
};

/** A tool's output read for its view (a stored chat may keep it as a JSON string). */
export function readMemory<N extends MemoryTool>(tool: N, output: unknown): MemoryReading<OutputOf<N>> {
  if (output === undefined || output === null) return undefined;
  let value: unknown = output;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { raw: output };
    }
  }
  if (!isRecord(value)) return { raw: output };
  if (value.success === false) return { failed: str(value.error)?.trim() || str(value.message)?.trim() || undefined };
  // The tool's generated type, once its shape is checked.
  return SHAPE[tool](value) ? { result: value as OutputOf<N> } : { raw: value };
}

/**
 * The tools' inputs as the card shows them, read tolerantly: the model may still be
 * writing them, and a stored chat may hold older shapes.
 */
export type MemoryParameters = {
  query?: string;
  limit?: number;
  threshold?: number;
  content?: string;
  importance?: Importance;
  memoryType?: MemoryType;
  memoryId?: string;
};

const text = (value: unknown) => str(value)?.trim() || undefined;
const importanceOf = (value: unknown): Importance | undefined => (value === "low" || value === "medium" || value === "high" ? value : undefined);
const typeOf = (value: unknown): MemoryType | undefined => (value === "personal" || value === "system" ? value : undefined);

export function parametersOf(input: unknown): MemoryParameters {
  if (!isRecord(input)) return {};
  return {
    query: text(input.query),
    limit: num(input.limit),
    threshold: num(input.threshold),
    content: text(input.content),
    importance: importanceOf(input.importance),
    memoryType: typeOf(input.memory_type ?? input.memoryType),
    memoryId: text(input.memory_id ?? input.memoryId),
  };
}

/** A memory's importance and type as shown, whatever an older record holds. */
export function recordImportance(record: MemoryRecord): Importance | undefined {
  return importanceOf(isRecord(record.metadata) ? record.metadata.importance : undefined);
}

export function recordType(record: MemoryRecord): MemoryType | undefined {
  return typeOf(record.memoryType);
}

export function recordSource(record: MemoryRecord): Source | undefined {
  const source = isRecord(record.metadata) ? record.metadata.source : undefined;
  return source === "chat" || source === "manual" ? source : undefined;
}

/** A score as the card writes it: two decimals in the reader's language ("0.87", "0,87"); nothing when there is none. */
export function formatScore(score: unknown, language: string): string | undefined {
  if (typeof score !== "number" || !Number.isFinite(score)) return undefined;
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.min(1, Math.max(0, score)));
}

/** A moment as a local short date and time ("11/20/26, 8:30 AM"); the text as given when it is not a date. */
export function formatShortDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(date);
}
