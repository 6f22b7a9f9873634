import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QUESTION_MAX_CHARS } from "../api/knowledge";
import { Spinner } from "../../../components/icons";
import { SearchIcon } from "../../../components/moreIcons";
import { buttonClass } from "../../../components/ui/Dialog";
import { inputClass } from "../../../components/ui/fields";
import { FormAlert } from "../../../components/ui/FormAlert";
import { useErrorText } from "../../../components/useErrorText";
import { cut } from "../../../lib/text";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import type { KbPassage } from "../../../generated/tools/knowledge/KbPassage";
import { badge, userText } from "./knowledgeParts";
import { useKnowledgeSearch } from "./queries";

/**
 * "Try a question": searches the knowledge base shown as the assistant does, and lists the
 * passages found with their source and score, best first — or 'No documents found for
 * this query'.
 */
export function TryQuestion({ kb }: { kb: KnowledgeBaseItem }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = { title: useId(), input: useId(), hint: useId(), list: useId() };
  const [question, setQuestion] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const search = useKnowledgeSearch(kb.id, asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = question.trim();
    if (!q) return;
    if (q === asked) void search.refetch();
    else setAsked(q);
  };

  const results = search.data?.results;
  return (
    <section aria-labelledby={ids.title} className="space-y-3" data-testid="kb-try">
      <div>
        <h3 id={ids.title} className="text-base font-semibold text-navy-950">
          {t("knowledge.basesPage.try.title")}
        </h3>
        <p id={ids.hint} className={`mt-0.5 text-sm text-slate-600 ${userText}`}>
          {t("knowledge.basesPage.try.hint", { name: kb.name })}
        </p>
      </div>
      <form role="search" aria-labelledby={ids.title} onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={ids.input} className="sr-only">
            {t("knowledge.basesPage.try.label")}
          </label>
          <input
            id={ids.input}
            type="search"
            dir="auto"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={QUESTION_MAX_CHARS}
            placeholder={t("knowledge.basesPage.try.placeholder")}
            aria-describedby={ids.hint}
            className={`${inputClass} mt-0`}
          />
        </div>
        <button type="submit" className={`${buttonClass.secondary} gap-1.5`} disabled={question.trim() === "" || search.isFetching}>
          {search.isFetching ? <Spinner className="size-4" /> : <SearchIcon className="size-4" />}
          {search.isFetching ? t("knowledge.basesPage.try.searching") : t("knowledge.basesPage.try.submit")}
        </button>
      </form>
      {search.isError && <FormAlert>{errorText(search.error, t("knowledge.basesPage.try.failed"))}</FormAlert>}
      {results && search.data && (
        <div className="space-y-2" aria-busy={search.isFetching} data-testid="kb-try-results">
          <p role="status" className="text-sm font-medium text-slate-700" data-testid="kb-try-summary">
            {results.length === 0 ? t("knowledge.basesPage.try.none") : t("knowledge.basesPage.try.results", { count: results.length })}
          </p>
          {results.length > 0 && (
            <ol aria-label={t("knowledge.basesPage.try.list")} className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {results.map((passage, i) => (
                <Passage key={i} passage={passage} />
              ))}
            </ol>
          )}
          <p className="text-xs text-slate-400" data-testid="kb-try-ranking">
            {search.data.semantic ? t("knowledge.basesPage.try.semantic") : t("knowledge.basesPage.try.lexical")}
          </p>
        </div>
      )}
    </section>
  );
}

/** Characters of a passage shown before '…' and "Show more". */
const PASSAGE_PREVIEW_CHARS = 400;

function Passage({ passage }: { passage: KbPassage }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const id = useId();
  const doc = passage.source_document;
  const source = [doc.name, doc.section, doc.page ? t("knowledge.basesPage.try.page", { n: doc.page }) : undefined].filter(Boolean).join(" › ");
  const score = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.min(1, Math.max(0, passage.score)));
  const whole = passage.content.trim();
  const preview = cut(whole, PASSAGE_PREVIEW_CHARS);
  const long = preview !== whole;
  return (
    <li className="space-y-1 px-4 py-3" data-testid="kb-try-passage">
      <div className="flex min-w-0 items-start justify-between gap-3">
        <span dir="auto" className={`flex-1 text-xs text-slate-500 ${userText}`} data-testid="kb-try-source">
          {source}
        </span>
        <span className={`${badge} bg-teal-50 font-mono text-teal-800`} title={t("knowledge.basesPage.try.scoreHint")} data-testid="kb-try-score">
          {t("knowledge.basesPage.try.score", { score })}
        </span>
      </div>
      <p id={id} dir="auto" className={`text-sm text-slate-800 ${userText} ${all ? "max-h-96 overflow-y-auto" : ""}`} data-testid="kb-try-text">
        {all ? whole : preview}
      </p>
      {long && (
        <button type="button" aria-expanded={all} aria-controls={id} onClick={() => setAll((a) => !a)} className="rounded text-xs font-medium text-teal-700 hover:text-teal-900">
          {all ? t("knowledge.basesPage.try.showLess") : t("knowledge.basesPage.try.showMore")}
        </button>
      )}
    </li>
  );
}
