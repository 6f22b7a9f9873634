import { cut } from "../../lib/text";
import type { SampleChecks } from "../types";
import { PAGE_PREVIEW_CHARS } from "./web_search";

/**
 * What the web search cards show of their tools' golden samples: the query and the
 * number of results, each result's title, site and snippet; the page's site, title and
 * the beginning of its text.
 */
const checks: SampleChecks = {
  webSearch: (sample) => [
    `Web search: ${sample.query}`,
    sample.results.length === 1 ? "1 result" : sample.results.length === 0 ? "No results" : `${sample.results.length} results`,
    ...sample.results.flatMap((hit) => [hit.title, hit.site, hit.snippet, ...(hit.publishedAt ? [hit.publishedAt] : [])]),
  ],
  readWebPage: (sample) => [`Read page: ${sample.site}`, sample.title, cut(sample.text.trim(), PAGE_PREVIEW_CHARS), ...(sample.truncated ? ["Truncated"] : [])],
};

export default checks;
