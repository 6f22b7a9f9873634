import type { ToolFamily } from "../types";
import { MemoryCard } from "./MemoryCard";
import pages from "./pages";
import strings from "./strings/en";

/**
 * What the assistant remembers, its web half (spec 001 §2.6): one card for its three
 * tools — searching the memories, saving one and deleting one. Saving and deleting ask
 * for approval first.
 * Its page: what the assistant remembers, for every member.
 */
const memory: ToolFamily<typeof strings> = {
  strings,
  pages,
  cards: {
    searchMemories: MemoryCard,
    saveMemory: MemoryCard,
    deleteMemory: MemoryCard,
  },
};

export default memory;
