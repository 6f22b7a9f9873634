import { type LanguageCode, initialLanguage } from "../i18n/languages";

/**
 * The page's language: `?lang=` (the chat's card passes the app's), else the first of the
 * browser's languages the page has, else English. Nothing is remembered: in the side
 * panel the page has an opaque origin, with no storage to remember it in.
 */
export function pageLanguage(search: string, browserLanguages: readonly string[]): LanguageCode {
  const asked = new URLSearchParams(search).get("lang");
  return initialLanguage(null, asked ? [asked, ...browserLanguages] : browserLanguages);
}
