import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  initialLanguage,
  isLanguageCode,
} from "./languages";
import { catalogues } from "./resources";

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function chooseLanguage(lng: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode or a full quota: the choice just isn't remembered.
  }
  await i18n.changeLanguage(lng);
}

const resources = Object.fromEntries(
  Object.entries(catalogues).map(([lng, translation]) => [lng, { translation }]),
);

i18n.on("languageChanged", (lng) => {
  if (isLanguageCode(lng)) document.documentElement.lang = lng;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: Object.keys(catalogues),
  load: "currentOnly",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18n;
