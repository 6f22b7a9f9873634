import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type LanguageCode,
  initialLanguage,
  isLanguageCode,
} from "./languages";
import { catalogueLoaders } from "./loaders";
import en from "./locales/en";

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Loads a language's catalogue into i18next unless it is there already. */
async function ensureCatalogue(lng: LanguageCode): Promise<void> {
  if (lng === "en" || i18n.hasResourceBundle(lng, "translation")) return;
  const { default: catalogue } = await catalogueLoaders[lng]();
  i18n.addResourceBundle(lng, "translation", catalogue);
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function chooseLanguage(lng: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode or a full quota: the choice just isn't remembered.
  }
  await ensureCatalogue(lng);
  await i18n.changeLanguage(lng);
}

i18n.on("languageChanged", (lng) => {
  if (isLanguageCode(lng)) document.documentElement.lang = lng;
});

const startLanguage = initialLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((l) => l.code),
  load: "currentOnly",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Resolves once the starting language's catalogue is in: render after it, never in English first. */
export const i18nReady: Promise<void> = ensureCatalogue(startLanguage)
  .then(() => i18n.changeLanguage(startLanguage))
  .then(
    () => undefined,
    () => undefined,
  );

export default i18n;
