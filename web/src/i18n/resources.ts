import type { Catalogue } from "./locales/en";
import de from "./locales/de";
import en from "./locales/en";
import es from "./locales/es";
import fr from "./locales/fr";
import ja from "./locales/ja";
import zhCN from "./locales/zh-CN";
import zhTW from "./locales/zh-TW";
import type { LanguageCode } from "./languages";

/** Every catalogue by language; a language without a catalogue is a type error. */
export const catalogues: Record<LanguageCode, Catalogue> = {
  en,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  es,
  ja,
  de,
  fr,
};
