import type { Translation } from "../../../i18n/families";

/** The web search family's strings (`web_search.*` in the catalogue), in English: the source of its keys. */
const en = {
  search: {
    title: "Web search: {{query}}",
    titleAnywhere: "Web search",
    running: "Searching the web for {{query}}…",
    runningAnywhere: "Searching the web…",
    results_one: "{{count}} result",
    results_other: "{{count}} results",
    none: "No results",
    noneDetail: "The search found nothing. Other words may find more.",
    list: "Search results",
    via: "Results from {{provider}}",
  },
  page: {
    title: "Read page: {{site}}",
    titleAnywhere: "Read page",
    running: "Reading {{site}}…",
    runningAnywhere: "Reading the page…",
    text: "Text of the page",
    empty: "The page has no text to show.",
    truncated: "Truncated",
    truncatedHint: "Only the beginning of the page was read.",
    showAll: "Show all",
    showLess: "Show less",
    redirected: "Reached through a redirect from {{url}}",
  },
  opensInNewTab: "(opens in a new tab)",
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
