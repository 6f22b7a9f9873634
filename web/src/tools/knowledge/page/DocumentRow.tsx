import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, TrashIcon } from "../../../components/icons";
import { RefreshIcon } from "../../../components/moreIcons";
import { useFormatBytes } from "../../../files/formatBytes";
import { FileClassIcon } from "../../../files/icons";
import { fileClassOf } from "../../../files/kinds";
import type { KbDocumentItem } from "../../../generated/KbDocumentItem";
import { formatDateTime } from "../../../i18n/format";
import { badge, isoOf, kindOf, userText } from "./knowledgeParts";

type Props = {
  doc: KbDocumentItem;
  editable: boolean;
  onRemove: (doc: KbDocumentItem) => void;
  onRetry: (doc: KbDocumentItem) => void;
  retrying: boolean;
};

const small = "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium disabled:opacity-60";

/**
 * One document: its name (opening the file in a new tab), size, kind, pages, passages and
 * when it was added; where its ingestion stands — Queued, Reading (pages done of all) or
 * Indexing (passages done of all) with a progress bar, Ready, or Failed with the server's
 * sentence and Try again; a notice about a ready one; and Remove when it may be changed.
 */
export function DocumentRow({ doc, editable, onRemove, onRetry, retrying }: Props) {
  const { t, i18n } = useTranslation();
  const formatBytes = useFormatBytes();
  const nameId = useId();
  const facts = [
    formatBytes(doc.size),
    t(`knowledge.basesPage.kind.${kindOf(doc.mediaType, doc.filename)}`),
    doc.pages ? t("knowledge.basesPage.pages", { count: doc.pages }) : undefined,
    doc.status === "ready" ? t("knowledge.basesPage.passages", { count: doc.chunks }) : undefined,
  ].filter(Boolean);
  const added = isoOf(doc.createdAt);
  return (
    <li className="px-4 py-3.5 sm:px-5" data-testid="kb-document-row" data-id={doc.id} data-status={doc.status}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FileClassIcon fileClass={fileClassOf({ fileName: doc.filename, mimeType: doc.mediaType })} className="hidden size-6 shrink-0 text-slate-400 sm:block" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <p id={nameId} className="text-sm font-medium">
            {doc.viewUrl ? (
              <a href={doc.viewUrl} target="_blank" rel="noopener noreferrer" dir="auto" className={`text-teal-800 underline-offset-2 hover:underline ${userText}`} data-testid="kb-document-name">
                <span>{doc.filename}</span> <span className="sr-only">{t("knowledge.basesPage.opensInNewTab")}</span>
              </a>
            ) : (
              <span dir="auto" className={`text-slate-900 ${userText}`} data-testid="kb-document-name">
                {doc.filename}
              </span>
            )}
          </p>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500" data-testid="kb-document-facts">
            {facts.map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
            <time dateTime={added}>{t("knowledge.basesPage.added", { date: formatDateTime(added, i18n.language) })}</time>
          </p>
          <Status doc={doc} />
          {doc.notice && doc.status === "ready" && (
            <p dir="auto" className={`rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 ${userText}`} data-testid="kb-document-notice">
              {doc.notice}
            </p>
          )}
        </div>
        {editable && (
          <div className="flex shrink-0 items-center gap-1">
            {doc.status === "failed" && (
              <button type="button" className={`${small} text-slate-700 hover:bg-slate-100`} onClick={() => onRetry(doc)} disabled={retrying} aria-describedby={nameId}>
                <RefreshIcon className="size-4" />
                {t("knowledge.basesPage.retry")}
              </button>
            )}
            <button type="button" className={`${small} text-red-700 hover:bg-red-50`} onClick={() => onRemove(doc)} aria-describedby={nameId}>
              <TrashIcon className="size-4" />
              {t("knowledge.basesPage.remove")}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

const TONE = {
  queued: "bg-slate-100 text-slate-700",
  extracting: "bg-sky-50 text-sky-800",
  indexing: "bg-sky-50 text-sky-800",
  ready: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
} as const satisfies Record<KbDocumentItem["status"], string>;

/** The status badge, the progress while it is read or indexed, and why it failed. */
function Status({ doc }: { doc: KbDocumentItem }) {
  const { t, i18n } = useTranslation();
  const status = t(`knowledge.basesPage.status.${doc.status}`);
  const working = doc.status === "extracting" || doc.status === "indexing";
  const n = new Intl.NumberFormat(i18n.language);
  const progress =
    working && doc.total > 0
      ? t(doc.status === "extracting" ? "knowledge.basesPage.progressPages" : "knowledge.basesPage.progressPassages", { done: n.format(Math.min(doc.done, doc.total)), total: n.format(doc.total) })
      : undefined;
  return (
    <div className="space-y-1.5" data-testid="kb-document-status">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`${badge} gap-1 ${TONE[doc.status]}`} data-testid="kb-status-badge">
          {doc.status === "ready" ? <CheckIcon className="size-3" /> : doc.status === "failed" ? <AlertIcon className="size-3" /> : null}
          {status}
        </span>
        {progress && <span className="text-slate-600">{progress}</span>}
      </p>
      {working && (
        <div
          role="progressbar"
          aria-label={t("knowledge.basesPage.progressLabel", { status, name: doc.filename })}
          aria-valuemin={0}
          {...(doc.total > 0 ? { "aria-valuemax": doc.total, "aria-valuenow": Math.min(doc.done, doc.total), "aria-valuetext": progress } : {})}
          className="h-1.5 max-w-md overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={`h-full rounded-full bg-teal-500 transition-[width] ${doc.total > 0 ? "" : "w-1/3 animate-pulse"}`}
            style={doc.total > 0 ? { width: `${Math.round((Math.min(doc.done, doc.total) / doc.total) * 100)}%` } : undefined}
          />
        </div>
      )}
      {doc.status === "failed" && doc.error && (
        <p dir="auto" className={`text-sm text-red-800 ${userText}`} data-testid="kb-document-error">
          {doc.error}
        </p>
      )}
    </div>
  );
}
