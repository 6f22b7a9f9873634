import type { MemoryRecord } from "../../generated/tools/memory/MemoryRecord";
import { cut } from "../../lib/text";
import type { OutputOf, SampleChecks, ToolTypes } from "../types";
import { ROW_PREVIEW_CHARS, formatScore, formatShortDateTime } from "./memory";

/** Each memory's facts as the card writes them in English: whose, how important, where from, its score, when saved. */
function facts(record: MemoryRecord): string[] {
  const score = formatScore(record.score, "en");
  return [
    record.memoryType === "system" ? "Company" : "Personal",
    { low: "Low importance", medium: "Medium importance", high: "High importance" }[record.metadata.importance],
    record.metadata.source === "chat" ? "From chat" : "Added by hand",
    ...(score ? [`Score ${score}`] : []),
    `Saved ${formatShortDateTime(record.createdAt, "en")}`,
  ];
}

/**
 * What the memory card shows of its tools' golden samples (spec 001 §2.6): the title
 * with the query, the result line, and each memory found (its text up to 80 characters,
 * its facts) or 'No memories found'; the memory saved or deleted with its facts.
 */
const checks: SampleChecks = {
  searchMemories: (sample) => [
    sample.query.trim() ? `Memory Search: ${sample.query.trim()}` : "Memory Search",
    ...(sample.memories.length === 0
      ? ["No memories found"]
      : [
          `Found ${sample.memories.length} ${sample.memories.length === 1 ? "memory" : "memories"}`,
          ...sample.memories.flatMap((record) => [cut(record.memory, ROW_PREVIEW_CHARS), ...facts(record)]),
        ]),
  ],
  saveMemory: (sample) => ["Save Memory", "Memory saved", sample.memory.memory, ...facts(sample.memory)],
  deleteMemory: (sample) => ["Delete Memory", "Memory deleted", sample.memory.memory, ...facts(sample.memory)],
};

export default checks;

const record = (id: string, memory: string, over: Partial<MemoryRecord> = {}): MemoryRecord => ({
  id,
  memory,
  createdAt: "2026-11-20T14:05:00Z",
  memoryType: "personal",
  metadata: { importance: "medium", source: "chat" },
  ...over,
});

/** A memory longer than a row shows: 120 characters. */
const LONG =
  "Trailers for Pacific Outdoor Supply go to door 12 only; door 7 is for returns and reefer loads until the end of season.";

/**
 * Inputs and outputs for each view of the card, as the server writes them
 * (crates/waybill-knowledge/src/memory/tools.rs): the component tests render these.
 */
export const examples = {
  searchInput: { query: "UPS" } satisfies ToolTypes["searchMemories"]["input"],
  search: {
    success: true,
    query: "UPS",
    memories: [
      record("mem-1", "Our UPS cut-off is 4 pm.", { score: 0.874, metadata: { importance: "high", source: "chat" } }),
      record("mem-2", "UPS pickups skip door 4 on Fridays.", { score: 0.5, memoryType: "system", metadata: { importance: "medium", source: "manual" } }),
      record("mem-3", LONG, { score: 0.31, metadata: { importance: "low", source: "manual" } }),
    ],
  } satisfies OutputOf<"searchMemories">,
  searchEmpty: { success: true, query: "FedEx", memories: [] } satisfies OutputOf<"searchMemories">,
  long: LONG,
  saveInput: { content: "Our UPS cut-off is 4 pm.", importance: "high" } satisfies ToolTypes["saveMemory"]["input"],
  saveSystemInput: { content: "Door 7 is for returns.", memory_type: "system" } satisfies ToolTypes["saveMemory"]["input"],
  saved: {
    success: true,
    message: "Memory saved",
    memory_id: "mem-1",
    memory: record("mem-1", "Our UPS cut-off is 4 pm.", { metadata: { importance: "high", source: "chat" } }),
  } satisfies OutputOf<"saveMemory">,
  deleteInput: { memory_id: "mem-2" } satisfies ToolTypes["deleteMemory"]["input"],
  deleted: {
    success: true,
    message: "Memory deleted",
    memory_id: "mem-2",
    memory: record("mem-2", "UPS pickups skip door 4 on Fridays.", { memoryType: "system", metadata: { importance: "medium", source: "manual" } }),
  } satisfies OutputOf<"deleteMemory">,
  /** A memory meant to break the card: markup, a right-to-left override and 10,000 characters. */
  hostile: `<img src=x onerror=alert(1)>\u202E${"x".repeat(10_000)}`,
  failed: "The memory store could not be reached right now",
};
