/** The interface languages, each named in its own language (as the switcher shows it). */
export const LANGUAGES = [
  { code: "en", nativeName: "English" },
  { code: "zh-CN", nativeName: "简体中文" },
  { code: "zh-TW", nativeName: "繁體中文" },
  { code: "es", nativeName: "Español" },
  { code: "ja", nativeName: "日本語" },
  { code: "de", nativeName: "Deutsch" },
  { code: "fr", nativeName: "Français" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LANGUAGE: LanguageCode = "en";
export const LANGUAGE_STORAGE_KEY = "waybill.language";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/**
 * Maps a browser language tag to a supported language: exact match first, then Chinese by
 * script or region (Hant, TW, HK, MO → Traditional), then the base language.
 */
export function matchLanguage(tag: string): LanguageCode | null {
  const lower = tag.toLowerCase();
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === lower);
  if (exact) return exact.code;
  const [base] = lower.split("-");
  if (base === "zh") return /-(hant|tw|hk|mo)\b/.test(lower) ? "zh-TW" : "zh-CN";
  return LANGUAGES.find((l) => l.code === base)?.code ?? null;
}

/** The remembered choice, else the first browser language we support, else English. */
export function initialLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): LanguageCode {
  if (isLanguageCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
