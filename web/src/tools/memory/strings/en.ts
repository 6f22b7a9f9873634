import type { Translation } from "../../../i18n/families";

/**
 * The memory family's strings (`memory.*` in the catalogue), in English: the source of
 * its keys. The spec's quoted texts (001 §2.6) are kept exactly: 'Memory Search', 'No
 * memories found', and the three failures ('Failed to search memories', 'Failed to add
 * memory', 'Failed to delete memory'), each followed by the error.
 */
const en = {
  titles: {
    search: "Memory Search",
    searchFor: "Memory Search: {{query}}",
    save: "Save Memory",
    delete: "Delete Memory",
  },
  running: {
    search: "Searching memories…",
    save: "Saving the memory…",
    delete: "Deleting the memory…",
  },
  /** The line under the title once the tool has answered. */
  results: {
    search_one: "Found {{count}} memory",
    search_other: "Found {{count}} memories",
    searchNone: "No memories found",
    save: "Memory saved",
    delete: "Memory deleted",
  },
  /** A call that failed, with its error. */
  failed: {
    search: "Failed to search memories: {{error}}",
    save: "Failed to add memory: {{error}}",
    delete: "Failed to delete memory: {{error}}",
  },
  query: "Query",
  label: "Memories found",
  none: "No memories found",
  showAll: "Show all",
  showLess: "Show less",
  score: "Score {{score}}",
  scoreHint: "How well it matches the search, from 0 to 1",
  created: "Saved {{date}}",
  saved: "Memory saved",
  deleted: "Memory deleted",
  /** What a call that changes the memories will do, shown with Approve and Deny. */
  approval: {
    savePersonal: "Remembers this for you:",
    saveSystem: "Remembers this for everyone in your company:",
    delete: "Forgets this memory:",
  },
  parameters: {
    content: "Memory",
    importance: "Importance",
    type: "Type",
    memoryId: "Memory ID",
  },
  type: {
    personal: "Personal",
    system: "Company",
  },
  importance: {
    low: "Low",
    medium: "Medium",
    high: "High",
  },
  importanceBadge: {
    low: "Low importance",
    medium: "Medium importance",
    high: "High importance",
  },
  source: {
    chat: "From chat",
    manual: "Added by hand",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
