import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { openArtifact } from "../../artifacts/store";
import { FileClassIcon } from "../../files/icons";
import { fileClassOf } from "../../files/kinds";
import { bounded, cut, pretty } from "../../lib/text";
import { PREVIEW_MAX_CHARS, RESULT_PREVIEW_LINES } from "../limits";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { KnowledgeSearchIcon } from "./icons";
import {
  type CitedDocument,
  type DocumentRef,
  PASSAGE_PREVIEW_CHARS,
  type Passage,
  type SearchedBase,
  TITLE_QUESTION_CHARS,
  askedIds,
  askedQuestion,
  citedDocuments,
  documentArtifact,
  formatScore,
  lastHeading,
  readKnowledge,
} from "./knowledge";

/** A section's small capitals label. */
const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";
const BADGE = "inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-[11px] font-medium";
/** Text someone uploaded or the model wrote: isolated, broken anywhere rather than widening the card, line breaks kept. */
const USER_TEXT = "min-w-0 whitespace-pre-wrap wrap-anywhere";

/**
 * queryKnowledgeBase's card (spec 001 §2.7): 'Knowledge base: {question}' with 'N
 * passages' or 'No documents found for this query'; open, the knowledge bases searched
 * (names, scopes and ids), the referenced documents — each once, with the sections and
 * pages cited and a button that opens it in the side panel's file viewer — and the
 * passages with their source and score, long ones cut behind "Show more"; a small note
 * says whether meaning ranked them besides words. Everything from the documents is
 * text, never markup. Folded until clicked.
 */
export function KnowledgeCard({ invocation }: ToolCardProps<"queryKnowledgeBase">) {
  const { t } = useTranslation();
  const reading = readKnowledge(invocation.output);
  const result = reading?.kind === "result" ? reading : undefined;
  const question = result?.question ?? askedQuestion(invocation.input);

  let summary: string | undefined;
  if (result) summary = result.passages.length === 0 ? t("knowledge.none") : t("knowledge.results", { count: result.passages.length });
  const failure = reading?.kind === "failed" ? (reading.message ?? t("tools.unknownError")) : undefined;
  const asked = <Asked input={invocation.input} />;

  let body: ReactNode = null;
  if (result) body = <ResultView result={result} messageId={invocation.messageId} />;
  else if (reading?.kind === "raw") body = <RawView value={reading.value} />;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<KnowledgeSearchIcon className="size-4.5" />}
      accent="emerald"
      title={question ? t("knowledge.title", { question: cut(question, TITLE_QUESTION_CHARS) }) : t("knowledge.titleAnywhere")}
      runningLabel={t("knowledge.running")}
      summary={summary}
      failure={failure}
      runningDetail={asked}
      failureDetail={asked}
    >
      {body}
    </ToolCardShell>
  );
}

/** What the call asked, while it runs and when it failed: the question and the knowledge bases named. */
function Asked({ input }: { input: unknown }) {
  const { t } = useTranslation();
  const question = askedQuestion(input);
  const ids = askedIds(input);
  if (!question && ids.length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm" aria-label={t("tools.parameters")} data-testid="kb-asked">
      {question && (
        <>
          <dt className="text-slate-500">{t("knowledge.question")}</dt>
          <dd dir="auto" className={`max-h-40 overflow-auto font-medium text-slate-900 ${USER_TEXT}`} data-testid="kb-asked-question">
            {cut(question, PREVIEW_MAX_CHARS)}
          </dd>
        </>
      )}
      {ids.length > 0 && (
        <>
          <dt className="text-slate-500">{t("knowledge.bases")}</dt>
          <dd className="min-w-0 font-mono text-xs break-all text-slate-700" data-testid="kb-asked-ids">
            {ids.join(", ")}
          </dd>
        </>
      )}
    </dl>
  );
}

type Result = Extract<ReturnType<typeof readKnowledge>, { kind: "result" }>;

function ResultView({ result, messageId }: { result: Result; messageId: string }) {
  const { t } = useTranslation();
  const documents = citedDocuments(result.passages);
  const ids = { documents: useId(), passages: useId() };
  return (
    <div className="space-y-3">
      <Searched bases={result.bases} />
      {result.passages.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="kb-none">
          {t("knowledge.none")}
        </p>
      ) : (
        <>
          <div>
            <h3 id={ids.documents} className={LABEL}>
              {t("knowledge.documents")}
            </h3>
            <ul aria-labelledby={ids.documents} className="mt-1.5 space-y-1.5" data-testid="kb-documents">
              {documents.map((doc) => (
                <DocumentRow key={doc.source.key} doc={doc} messageId={messageId} />
              ))}
            </ul>
          </div>
          <div>
            <h3 id={ids.passages} className={LABEL}>
              {t("knowledge.passages")}
            </h3>
            <ol aria-labelledby={ids.passages} className="mt-1.5 max-h-[32rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" data-testid="kb-passages">
              {result.passages.map((passage, i) => (
                <PassageRow key={i} passage={passage} />
              ))}
            </ol>
          </div>
        </>
      )}
      {result.semantic !== undefined && (
        <p className="text-xs text-slate-400" data-testid="kb-ranking">
          {result.semantic ? t("knowledge.semantic") : t("knowledge.lexical")}
        </p>
      )}
    </div>
  );
}

/** The knowledge bases searched: each one's name and scope, and its id. */
function Searched({ bases }: { bases: readonly SearchedBase[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <h3 id={id} className={LABEL}>
        {t("knowledge.searched")}
      </h3>
      {bases.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("knowledge.searchedNone")}</p>
      ) : (
        <ul aria-labelledby={id} className="mt-1.5 flex flex-wrap gap-1.5" data-testid="kb-bases">
          {bases.map((kb) => (
            <li key={kb.id} className="min-w-0 max-w-full rounded-lg bg-slate-50 px-2.5 py-1.5 ring-1 ring-slate-200" title={kb.id} data-testid="kb-base" data-id={kb.id}>
              <span className="flex min-w-0 flex-wrap items-center gap-1.5">
                {kb.name && (
                  <span dir="auto" className={`text-sm font-medium text-slate-900 ${USER_TEXT}`} data-testid="kb-base-name">
                    {kb.name}
                  </span>
                )}
                {kb.scope && (
                  <span className={`${BADGE} ${kb.scope === "company" ? "bg-violet-50 text-violet-800" : "bg-sky-50 text-sky-800"}`} data-testid="kb-base-scope">
                    {t(`knowledge.scope.${kb.scope}`)}
                  </span>
                )}
              </span>
              <span className="block font-mono text-[11px] break-all text-slate-500" data-testid="kb-base-id">
                {t("knowledge.id", { id: kb.id })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Page 4" or a section's last heading (its whole path in the tooltip). */
function Citations({ doc }: { doc: CitedDocument }) {
  const { t } = useTranslation();
  if (doc.citations.length === 0) return null;
  return (
    <span className="flex min-w-0 flex-wrap gap-1" data-testid="kb-citations">
      {doc.citations.map((c, i) => (
        <span key={i} dir="auto" className={`${BADGE} bg-white text-slate-600 ring-1 ring-slate-200 ${USER_TEXT}`} title={c.section} data-testid="kb-citation">
          {[c.section ? lastHeading(c.section) : undefined, c.page !== undefined ? t("knowledge.page", { n: c.page }) : undefined].filter(Boolean).join(" · ")}
        </span>
      ))}
    </span>
  );
}

/** A referenced document: its name, what of it was cited, and Open (the side panel's file viewer). */
function DocumentRow({ doc, messageId }: { doc: CitedDocument; messageId: string }) {
  const { t } = useTranslation();
  const { source } = doc;
  const fileClass = fileClassOf({ fileName: source.name, ...(source.mediaType ? { mimeType: source.mediaType } : {}) });
  return (
    <li className="flex min-w-0 items-start gap-2.5 rounded-lg px-2 py-1.5 ring-1 ring-slate-200" data-testid="kb-document">
      <FileClassIcon fileClass={fileClass} className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <span className="min-w-0 flex-1 space-y-1">
        <span dir="auto" className={`block text-sm font-medium text-slate-900 ${USER_TEXT}`} data-testid="kb-document-name">
          {source.name}
        </span>
        <Citations doc={doc} />
      </span>
      <button
        type="button"
        onClick={() => openArtifact(messageId, documentArtifact(source))}
        aria-label={t("knowledge.openLabel", { name: source.name })}
        className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-teal-700 ring-1 ring-teal-200 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
        data-testid="kb-document-open"
      >
        {t("knowledge.open")}
      </button>
    </li>
  );
}

/** "cycle-count-sop.md › Cycle Count SOP › 6 Variances", or "› Page 4". */
function sourceLine(source: DocumentRef, page: (n: number) => string): string {
  return [source.name, source.section, source.page !== undefined ? page(source.page) : undefined].filter(Boolean).join(" › ");
}

/** One passage: where it comes from, its score, and its text (long ones cut, the rest behind "Show more"). */
function PassageRow({ passage }: { passage: Passage }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const id = useId();
  const score = formatScore(passage.score, i18n.language);
  const whole = cut(passage.content.trim(), PREVIEW_MAX_CHARS);
  const preview = cut(whole, PASSAGE_PREVIEW_CHARS);
  const long = preview !== whole;
  return (
    <li className="min-w-0 space-y-1 px-3 py-2" data-testid="kb-passage">
      <div className="flex min-w-0 items-start justify-between gap-2">
        <span dir="auto" className={`flex-1 text-xs text-slate-500 ${USER_TEXT}`} data-testid="kb-passage-source">
          {sourceLine(passage.source, (n) => t("knowledge.page", { n }))}
        </span>
        {score && (
          <span className={`${BADGE} shrink-0 bg-teal-50 font-mono text-teal-800`} title={t("knowledge.scoreHint")} data-testid="kb-passage-score">
            {t("knowledge.score", { score })}
          </span>
        )}
      </div>
      <p id={id} dir="auto" className={`text-sm text-slate-800 ${USER_TEXT} ${all ? "max-h-80 overflow-y-auto" : ""}`} data-testid="kb-passage-text">
        {all ? whole : preview}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={id}
          onClick={() => setAll((a) => !a)}
          className="rounded text-xs font-medium text-teal-700 hover:text-teal-900"
          data-testid="kb-passage-more"
        >
          {all ? t("knowledge.showLess") : t("knowledge.showMore")}
        </button>
      )}
    </li>
  );
}

/** A result of another shape (an older stored chat's): the output as JSON, cut to the result preview's lines. */
function RawView({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const shown = bounded(pretty(value), RESULT_PREVIEW_LINES, PREVIEW_MAX_CHARS);
  return (
    <div>
      <pre className="max-h-80 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800 wrap-anywhere" data-testid="kb-raw">
        {shown.text}
      </pre>
      {shown.hiddenLines > 0 && <p className="mt-1 text-[11px] text-slate-400">{t("tools.moreLines", { n: shown.hiddenLines })}</p>}
    </div>
  );
}
