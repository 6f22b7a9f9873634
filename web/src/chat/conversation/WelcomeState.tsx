import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LogoMark } from "../../components/icons";
import { isOfflineModel } from "../models";

/**
 * The welcome text and examples for a model. The offline model only matches words
 * against tools, so its examples are questions it answers with one: the time or the
 * weather in a city, marking a task done. A language model gets the logistics ones.
 */
const EXAMPLE_SETS = {
  provider: {
    body: "welcome.body",
    examples: ["welcome.example1", "welcome.example2", "welcome.example3"],
    more: ["welcome.more1", "welcome.more2", "welcome.more3"],
  },
  offline: {
    body: "welcome.offline.body",
    examples: ["welcome.offline.example1", "welcome.offline.example2", "welcome.offline.example3"],
    more: ["welcome.offline.more1", "welcome.offline.more2", "welcome.offline.more3"],
  },
} as const;

/** An empty chat (spec 000 §2): welcome text, three example questions, 'More cases'. */
export function WelcomeState({ model, onAsk }: { model: string; onAsk: (question: string) => void }) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const set = EXAMPLE_SETS[isOfflineModel(model) ? "offline" : "provider"];
  const questions = more ? [...set.examples, ...set.more] : set.examples;
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center overflow-y-auto px-4 py-10 text-center" data-testid="welcome">
      <span className="grid size-14 place-items-center rounded-2xl bg-navy-950 text-teal-300 shadow-lg ring-1 ring-teal-400/30">
        <LogoMark className="size-8" />
      </span>
      <h1 className="mt-5 max-w-xl text-2xl font-semibold tracking-tight text-balance text-navy-950 sm:text-3xl">{t("welcome.title")}</h1>
      <p className="mt-3 max-w-xl text-[15px] leading-relaxed text-slate-600">{t(set.body)}</p>
      <h2 className="sr-only">{t("welcome.examples")}</h2>
      <ul className="mt-8 grid w-full max-w-2xl gap-2.5 sm:grid-cols-3" aria-label={t("welcome.examples")}>
        {questions.map((key, i) => (
          // By position: the set changes when the model list arrives, and a button the
          // user is reaching for must stay the same element.
          <li key={i}>
            <button
              type="button"
              onClick={() => onAsk(t(key))}
              className="h-full w-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm leading-snug text-slate-700 shadow-xs transition hover:border-teal-300 hover:bg-teal-50/40 hover:text-slate-900"
            >
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setMore((m) => !m)} aria-expanded={more} className="mt-4 text-sm font-medium text-teal-700 underline-offset-4 hover:text-teal-900 hover:underline">
        {more ? t("welcome.fewerCases") : t("welcome.moreCases")}
      </button>
    </div>
  );
}
