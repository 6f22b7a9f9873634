import type { ToolFamily } from "../types";
import strings from "./strings/en";
import { WebPageCard } from "./WebPageCard";
import { WebSearchCard } from "./WebSearchCard";

/** The web search family's web half: the cards of webSearch (the results) and readWebPage (the page read). */
const webSearch: ToolFamily<typeof strings> = {
  strings,
  cards: { webSearch: WebSearchCard, readWebPage: WebPageCard },
};

export default webSearch;
