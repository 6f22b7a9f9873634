import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { selectCurrentTenant } from "../../../auth/roles";
import { useAuthStore } from "../../../auth/store";
import { PlusIcon } from "../../../components/icons";
import { PageHeading } from "../../../components/PageHeading";
import { ListEmpty, ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { type Notice, NoticeBanner } from "../../../components/NoticeBanner";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { ConfirmDialog, buttonClass } from "../../../components/ui/Dialog";
import { useErrorText } from "../../../components/useErrorText";
import type { KbDocumentItem } from "../../../generated/KbDocumentItem";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import { KnowledgeBaseIcon } from "./icons";
import { KnowledgeBaseDetail } from "./KnowledgeBaseDetail";
import { KnowledgeBaseDialog } from "./KnowledgeBaseDialog";
import { KnowledgeBaseList } from "./KnowledgeBaseList";
import { isPending, useDeleteKnowledgeBase, useKnowledgeBase, useKnowledgeBases, useRefreshKnowledge, useRemoveDocument } from "./queries";

/**
 * `/admin/knowledge`, from the user menu, for every member: the knowledge bases the
 * assistant searches — the company's (administrators change them) and the member's own.
 * One is shown at a time (`?kb=`, else the first): its documents and how far each is
 * read and indexed (asked again every second while any is), Add documents (upload, then
 * add; a file the server cannot read says why), Remove, Try again, Edit and Delete, and a
 * question to try. "New knowledge base" creates the member's own, or for administrators
 * the company's.
 */
export default function KnowledgePage() {
  return (
    <SignedInLayout>
      <KnowledgeBases />
    </SignedInLayout>
  );
}

function KnowledgeBases() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const tenantName = useAuthStore((s) => selectCurrentTenant(s)?.name ?? "");
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<KnowledgeBaseItem | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeBaseItem | null>(null);
  const [removing, setRemoving] = useState<KbDocumentItem | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const asked = params.get("kb");
  // The list is asked again while the one shown has documents in progress: its counts move.
  const [polling, setPolling] = useState(false);
  const list = useKnowledgeBases(polling);
  const bases = list.data?.knowledgeBases ?? [];
  const selected = bases.find((kb) => kb.id === asked) ?? bases[0] ?? null;
  const detail = useKnowledgeBase(selected?.id ?? null);
  const pending = detail.data?.documents.some(isPending) ?? false;
  if (pending !== polling) setPolling(pending);
  const refresh = useRefreshKnowledge();
  const wasPending = useRef(false);
  useEffect(() => {
    // The last document done: the list's counts once more.
    if (wasPending.current && !pending) void refresh();
    wasPending.current = pending;
  }, [pending, refresh]);

  const remove = useRemoveDocument();
  const deleteBase = useDeleteKnowledgeBase();

  const select = (id: string | null) => {
    setNotice(null);
    setParams(id ? { kb: id } : {}, { replace: false });
  };

  const confirmDelete = () => {
    const kb = deleting;
    if (!kb) return;
    setNotice(null);
    deleteBase.mutate(kb.id, {
      onSuccess: () => {
        setParams({}, { replace: true });
        setNotice({ tone: "success", text: t("knowledge.basesPage.deleted", { name: kb.name }) });
      },
      onError: (error) => setNotice({ tone: "error", text: errorText(error, t("knowledge.basesPage.deleteFailed")) }),
    });
  };

  const confirmRemove = () => {
    const doc = removing;
    if (!doc || !selected) return;
    setNotice(null);
    remove.mutate(
      { kb: selected.id, doc: doc.id },
      {
        onSuccess: () => setNotice({ tone: "success", text: t("knowledge.basesPage.removed", { name: doc.filename }) }),
        onError: (error) => setNotice({ tone: "error", text: errorText(error, t("knowledge.basesPage.removeFailed")) }),
      },
    );
  };

  const deleteCount = deleting ? (detail.data?.knowledgeBase.id === deleting.id ? detail.data.documents.length : deleting.documents) : 0;

  let content;
  if (list.isPending) {
    content = (
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <ListLoading label={t("knowledge.basesPage.loading")} />
      </div>
    );
  } else if (list.isError && !list.data) {
    content = (
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <ListLoadFailed label={errorText(list.error, t("knowledge.basesPage.loadFailed"))} onRetry={() => void list.refetch()} />
      </div>
    );
  } else if (!selected) {
    content = (
      <ListEmpty
        icon={<KnowledgeBaseIcon className="size-6" />}
        tint="bg-emerald-50 text-emerald-700"
        title={t("knowledge.basesPage.emptyTitle")}
        body={t("knowledge.basesPage.emptyBody")}
        action={t("knowledge.basesPage.create")}
        onAction={() => setCreating(true)}
        testId="kb-empty"
        framed
      />
    );
  } else {
    content = (
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <KnowledgeBaseList bases={bases} selected={selected.id} onSelect={select} />
        <KnowledgeBaseDetail
          key={selected.id}
          kb={selected}
          detail={detail}
          onEdit={() => {
            setNotice(null);
            setEditing(detail.data?.knowledgeBase ?? selected);
          }}
          onDelete={() => setDeleting(detail.data?.knowledgeBase ?? selected)}
          onRemove={setRemoving}
          onNotice={setNotice}
        />
      </div>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="knowledge-title">
      <PageHeading
        id="knowledge-title"
        title={t("knowledge.basesPage.title")}
        subtitle={t("knowledge.basesPage.subtitle", { tenant: tenantName })}
        action={
          <button
            type="button"
            className={`${buttonClass.primary} gap-1.5`}
            onClick={() => {
              setNotice(null);
              setCreating(true);
            }}
            disabled={!list.data}
            data-testid="kb-create"
          >
            <PlusIcon className="size-4" />
            {t("knowledge.basesPage.create")}
          </button>
        }
      />

      {notice && (
        <div className="mt-4">
          <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
        </div>
      )}

      <div className="mt-6">{content}</div>

      <KnowledgeBaseDialog
        open={creating}
        onOpenChange={setCreating}
        canCreateCompany={list.data?.canCreateCompany ?? false}
        tenantName={tenantName}
        onDone={(kb) => {
          setCreating(false);
          select(kb.id);
          setNotice({ tone: "success", text: t("knowledge.basesPage.created", { name: kb.name }) });
        }}
      />
      <KnowledgeBaseDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        editing={editing ?? undefined}
        canCreateCompany={false}
        tenantName={tenantName}
        onDone={() => {
          setEditing(null);
          setNotice({ tone: "success", text: t("knowledge.basesPage.changed") });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("knowledge.basesPage.deleteTitle")}
        body={
          deleting
            ? deleteCount === 0
              ? t("knowledge.basesPage.deleteBodyEmpty", { name: deleting.name })
              : t("knowledge.basesPage.deleteBody", { name: deleting.name, count: deleteCount })
            : ""
        }
        confirmLabel={t("knowledge.basesPage.deleteConfirm")}
        cancelLabel={t("knowledge.basesPage.form.cancel")}
        onConfirm={confirmDelete}
        testId="delete-kb-dialog"
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("knowledge.basesPage.removeTitle")}
        body={removing && selected ? t("knowledge.basesPage.removeBody", { name: removing.filename, kb: selected.name }) : ""}
        confirmLabel={t("knowledge.basesPage.removeConfirm")}
        cancelLabel={t("knowledge.basesPage.form.cancel")}
        onConfirm={confirmRemove}
        testId="remove-document-dialog"
      />
    </section>
  );
}

