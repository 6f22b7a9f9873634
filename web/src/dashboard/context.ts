import { createContext, useContext } from "react";
import type { LanguageCode } from "../i18n/languages";
import type { Formats } from "./format";
import type { PageStrings } from "./strings";

/** What every part of the page reads: its language, its words, how it writes values, and when it was opened. */
export type PageContext = {
  language: LanguageCode;
  strings: PageStrings;
  formats: Formats;
  /** When the page was opened (ms), for the data's age. */
  now: number;
};

export const Page = createContext<PageContext | null>(null);

export function usePage(): PageContext {
  const page = useContext(Page);
  if (!page) throw new Error("usePage outside the dashboard page");
  return page;
}
