import { useTranslation } from "react-i18next";
import { extensionOf } from "../../../files/kinds";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import type { KbScope } from "../../../generated/tools/knowledge/KbScope";

/**
 * Text a member wrote or uploaded (names, descriptions, file names, passages, the
 * server's sentences about them): isolated from the text around it, broken anywhere
 * rather than widening the page, line breaks kept.
 */
export const userText = "min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]";

export const badge = "inline-flex max-w-full shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium";

/** "Company" or "Personal". */
export function ScopeBadge({ scope }: { scope: KbScope }) {
  const { t } = useTranslation();
  return (
    <span className={`${badge} ${scope === "company" ? "bg-violet-50 text-violet-800" : "bg-sky-50 text-sky-800"}`} data-testid="kb-scope" data-scope={scope}>
      {t(`knowledge.basesPage.scope.${scope}`)}
    </span>
  );
}

/** A knowledge base the member may read but not change (the company's, for a member who is not an administrator). */
export function ReadOnlyBadge() {
  const { t } = useTranslation();
  return (
    <span className={`${badge} bg-slate-100 text-slate-600`} title={t("knowledge.basesPage.readOnlyHint")} data-testid="kb-read-only">
      {t("knowledge.basesPage.readOnly")}
    </span>
  );
}

/** "4 documents · 4 ready · 38 passages". */
export function Counts({ kb, testId }: { kb: Pick<KnowledgeBaseItem, "documents" | "ready" | "chunks">; testId: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId}>
      {[t("knowledge.basesPage.documentCount", { count: kb.documents }), t("knowledge.basesPage.readyCount", { count: kb.ready }), t("knowledge.basesPage.passageCount", { count: kb.chunks })].join(" · ")}
    </span>
  );
}

export type DocumentKind = "pdf" | "word" | "markdown" | "html" | "text" | "csv" | "other";

/** What kind of document a file is, by its media type, then its extension. */
export function kindOf(mediaType: string, filename: string): DocumentKind {
  const type = mediaType.split(";")[0]!.trim().toLowerCase();
  const ext = extensionOf(filename);
  if (type === "application/pdf" || ext === "pdf") return "pdf";
  if (type === "application/vnd.openxmlformats-officedocument.wordprocessingml.document" || ext === "docx") return "word";
  if (type === "text/markdown" || ext === "md" || ext === "markdown") return "markdown";
  if (type === "text/html" || ext === "html" || ext === "htm") return "html";
  if (type === "text/csv" || ext === "csv") return "csv";
  if (type === "text/plain" || ext === "txt") return "text";
  return "other";
}

/** A moment in milliseconds as an ISO string, for `<time dateTime>` and the date formatters. */
export const isoOf = (ms: number) => new Date(ms).toISOString();
