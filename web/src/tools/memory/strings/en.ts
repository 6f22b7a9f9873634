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
  page: {
    menu: "Memory",
    title: "Memory",
    subtitle: "What the assistant remembers about you and {{tenant}}. Your personal memories are yours alone; company memories are shared with everyone there.",
    add: "Add memory",
    search: "Search memories",
    searchPlaceholder: "Text in the memory",
    searchByMeaning: "Rank by relevance",
    searchHint: "Typing filters by text. Rank by relevance orders the memories as the assistant does: by the words they share with yours, in every language (not by meaning).",
    typeFilter: "Show",
    filter: {
      all: "All",
      personal: "Personal",
      system: "Company",
    },
    ranked_one: "{{count}} memory shares words with “{{query}}”, best first.",
    ranked_other: "{{count}} memories share words with “{{query}}”, best first.",
    rankedNone: "No memory shares words with “{{query}}”. Memories are ranked by the words they have in common with the search, not by meaning: try the words the memory itself would use.",
    clearSearch: "Show all, newest first",
    loading: "Loading memories…",
    loadFailed: "The memories could not be loaded.",
    emptyTitle: "Nothing remembered yet",
    emptyBody: "Ask the assistant in the chat to remember something, such as “remember that our UPS cut-off is 4 pm”, or add a memory here.",
    noMatches: "No memories match.",
    list: "Memories",
    score: "Score {{score}}",
    scoreHint: "How well it matches the search, from 0 to 1",
    created: "Created {{date}}",
    updated: "Updated {{date}}",
    readOnly: "Read-only",
    readOnlyHint: "Only administrators change the company's memories.",
    edit: "Edit",
    delete: "Delete",
    save: "Save",
    saving: "Saving…",
    cancel: "Cancel",
    text: "Memory",
    textPlaceholder: "For example: Our UPS cut-off is 4 pm.",
    counter: "{{n}} / {{max}} characters",
    tooLong: "A memory holds at most {{max}} characters.",
    empty: "Write what the assistant should remember.",
    importanceLabel: "Importance",
    typeLabel: "Type",
    typePersonalHint: "Only you",
    typeSystemHint: "Everyone in {{tenant}}",
    addDescription: "The assistant uses memories to answer in later chats.",
    adding: "Adding…",
    deleteTitle: "Delete memory",
    deleteBody: "The assistant will no longer remember: “{{memory}}”",
    deleteBodySystem: "Everyone in {{tenant}} loses this company memory: “{{memory}}”",
    deleteConfirm: "Delete",
    added: "Memory added.",
    changed: "Memory updated.",
    deleted: "Memory deleted.",
    addFailed: "The memory could not be added.",
    changeFailed: "The memory could not be changed.",
    deleteFailed: "The memory could not be deleted.",
    range: "{{from}}–{{to}} of {{total}}",
    pages: "Memory pages",
    previous: "Previous page",
    next: "Next page",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
