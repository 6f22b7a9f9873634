import { useId } from "react";
import { useTranslation } from "react-i18next";
import { chooseLanguage } from "../i18n";
import { LANGUAGES, isLanguageCode } from "../i18n/languages";
import { GlobeIcon } from "./icons";

type Props = { tone?: "light" | "dark" };

/** A select listing every interface language in its own name. `light` is for dark backgrounds. */
export function LanguageSwitcher({ tone = "dark" }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const colors =
    tone === "light"
      ? "border-white/20 bg-white/10 text-white hover:bg-white/15 [&>option]:text-slate-900"
      : "border-slate-300 bg-white text-slate-700 hover:border-slate-400";
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <GlobeIcon
        className={`pointer-events-none absolute left-2.5 size-4 ${tone === "light" ? "text-teal-200" : "text-slate-500"}`}
      />
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => {
          const next = e.target.value;
          if (isLanguageCode(next)) void chooseLanguage(next);
        }}
        className={`h-9 cursor-pointer appearance-none rounded-lg border py-1 pr-3 pl-8 text-sm font-medium transition ${colors}`}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
