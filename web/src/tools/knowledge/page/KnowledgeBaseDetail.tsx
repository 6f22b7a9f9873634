import { useTranslation } from "react-i18next";
import { PencilIcon, TrashIcon } from "../../../components/icons";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { useErrorText } from "../../../components/useErrorText";
import type { KbDocumentItem } from "../../../generated/KbDocumentItem";
import type { KnowledgeBaseDetail as Detail } from "../../../generated/KnowledgeBaseDetail";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import type { Notice } from "../../../components/NoticeBanner";
import { AddDocuments } from "./AddDocuments";
import { DocumentRow } from "./DocumentRow";
import { Counts, ReadOnlyBadge, ScopeBadge, userText } from "./knowledgeParts";
import { useRefreshKnowledge, useRetryDocument } from "./queries";
import { TryQuestion } from "./TryQuestion";

type Props = {
  /** The knowledge base as the list has it, shown while its documents load. */
  kb: KnowledgeBaseItem;
  detail: { data: Detail | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  onEdit: () => void;
  onDelete: () => void;
  onRemove: (doc: KbDocumentItem) => void;
  onNotice: (notice: Notice) => void;
};

const small = "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium";

/**
 * The knowledge base chosen: its name, description, scope and counts, Edit and Delete
 * when it may be changed; its documents (with Add documents for those who may), and a
 * question to try on it.
 */
export function KnowledgeBaseDetail({ kb: listed, detail, onEdit, onDelete, onRemove, onNotice }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const refresh = useRefreshKnowledge();
  const retry = useRetryDocument();
  const kb = detail.data?.knowledgeBase ?? listed;
  const documents = detail.data?.documents ?? [];

  const onRetry = (doc: KbDocumentItem) =>
    retry.mutate(
      { kb: kb.id, doc: doc.id },
      {
        onSuccess: () => onNotice({ tone: "success", text: t("knowledge.basesPage.retried", { name: doc.filename }) }),
        onError: (error) => onNotice({ tone: "error", text: errorText(error, t("knowledge.basesPage.retryFailed")) }),
      },
    );

  let list;
  if (detail.isPending) {
    list = <ListLoading label={t("knowledge.basesPage.detailLoading")} />;
  } else if (detail.isError && !detail.data) {
    list = <ListLoadFailed label={errorText(detail.error, t("knowledge.basesPage.detailFailed"))} onRetry={() => void detail.refetch()} />;
  } else if (documents.length === 0) {
    list = (
      <div className="px-5 py-8 text-center" data-testid="kb-no-documents">
        <p className="text-sm font-medium text-slate-700">{t("knowledge.basesPage.noDocuments")}</p>
        {kb.editable && <p className="mt-1 text-sm text-slate-500">{t("knowledge.basesPage.noDocumentsHint")}</p>}
      </div>
    );
  } else {
    list = (
      <ul className="divide-y divide-slate-100" aria-label={t("knowledge.basesPage.documents")} data-testid="kb-documents">
        {documents.map((doc) => (
          <DocumentRow key={doc.id} doc={doc} editable={kb.editable} onRemove={onRemove} onRetry={onRetry} retrying={retry.isPending} />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-5" data-testid="kb-detail" data-id={kb.id}>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1.5">
            <h2 dir="auto" className={`text-xl font-semibold text-navy-950 ${userText}`} data-testid="kb-detail-name">
              {kb.name}
            </h2>
            {kb.description && (
              <p dir="auto" className={`text-sm text-slate-600 ${userText}`} data-testid="kb-detail-description">
                {kb.description}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <ScopeBadge scope={kb.scope} />
              {!kb.editable && <ReadOnlyBadge />}
              <Counts kb={kb} testId="kb-detail-counts" />
            </div>
          </div>
          {kb.editable && (
            <div className="flex shrink-0 items-center gap-1">
              <button type="button" className={`${small} text-slate-700 hover:bg-slate-100`} onClick={onEdit}>
                <PencilIcon className="size-4" />
                {t("knowledge.basesPage.edit")}
              </button>
              <button type="button" className={`${small} text-red-700 hover:bg-red-50`} onClick={onDelete}>
                <TrashIcon className="size-4" />
                {t("knowledge.basesPage.delete")}
              </button>
            </div>
          )}
        </div>
        {kb.editable && (
          <div className="mt-5">
            <AddDocuments key={kb.id} kbId={kb.id} onAdded={() => void refresh()} />
          </div>
        )}
      </div>

      <section aria-labelledby="kb-documents-title" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <h3 id="kb-documents-title" className="border-b border-slate-100 px-5 py-3 text-base font-semibold text-navy-950">
          {t("knowledge.basesPage.documents")}
        </h3>
        {list}
      </section>

      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <TryQuestion key={kb.id} kb={kb} />
      </div>
    </div>
  );
}
