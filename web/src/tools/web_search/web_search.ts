import type { SearchProvider } from "../../generated/tools/web_search/SearchProvider";
import type { WebPage } from "../../generated/tools/web_search/WebPage";
import type { WebSearchHit } from "../../generated/tools/web_search/WebSearchHit";
import type { WebSearchResults } from "../../generated/tools/web_search/WebSearchResults";
import { isRecord } from "../../lib/values";

/** Characters of a page's text the card shows before "Show all". */
export const PAGE_PREVIEW_CHARS = 600;

/** The providers' own names, the same in every language. */
export const PROVIDER_NAME: Record<SearchProvider, string> = {
  searxng: "SearXNG",
  brave: "Brave Search",
  tavily: "Tavily",
};

const isProvider = (value: unknown): value is SearchProvider => typeof value === "string" && Object.hasOwn(PROVIDER_NAME, value);

/** The provider's name; undefined for one this build does not know. */
export function providerName(provider: unknown): string | undefined {
  return isProvider(provider) ? PROVIDER_NAME[provider] : undefined;
}

/**
 * A link the card may make live: an absolute http(s) URL, else null (a `javascript:`,
 * `data:` or relative address stays text). The server sends only http(s) links; stored
 * chats are data and may hold anything.
 */
export function webLink(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The host of a link without `www.`, for a card whose result does not name its site. */
export function siteOf(url: unknown): string | undefined {
  const link = webLink(url);
  return link ? new URL(link).hostname.replace(/^www\./, "") : undefined;
}

const isText = (value: unknown): value is string => typeof value === "string";

function isHit(value: unknown): value is WebSearchHit {
  return isRecord(value) && isText(value.title) && isText(value.url) && isText(value.site) && isText(value.snippet);
}

/** The search's results, the malformed ones (a stored chat's) left out; null for no result list at all. */
export function hitsOf(output: WebSearchResults | undefined): WebSearchHit[] | null {
  if (!isRecord(output) || !Array.isArray(output.results)) return null;
  return output.results.filter(isHit);
}

/** The page read, or null when the result is not one. */
export function pageOf(output: WebPage | undefined): WebPage | null {
  return isRecord(output) && isText(output.text) && isText(output.url) ? output : null;
}
