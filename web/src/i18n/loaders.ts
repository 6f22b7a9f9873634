import type { Catalogue } from "./locales/en";
import type { LanguageCode } from "./languages";

/**
 * Each catalogue but English is its own chunk, fetched when its language is chosen: a
 * visitor downloads one language, not seven. English is built in as the fallback.
 */
export const catalogueLoaders: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: Catalogue }>> = {
  "zh-CN": () => import("./locales/zh-CN"),
  "zh-TW": () => import("./locales/zh-TW"),
  es: () => import("./locales/es"),
  ja: () => import("./locales/ja"),
  de: () => import("./locales/de"),
  fr: () => import("./locales/fr"),
};
