import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { selectCurrentTenant, selectIsAdmin } from "../../../auth/roles";
import { useAuthStore } from "../../../auth/store";
import { ArrowLeftIcon, ChevronRight, PlusIcon } from "../../../components/icons";
import { MemoryIcon } from "../pageIcons";
import { PageHeading } from "../../../components/PageHeading";
import { ListEmpty, ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { type Notice, NoticeBanner } from "../../../components/NoticeBanner";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { ConfirmDialog, buttonClass } from "../../../components/ui/Dialog";
import { useErrorText } from "../../../components/useErrorText";
import type { MemoryItem } from "../../../generated/MemoryItem";
import { cut } from "../../../lib/text";
import { AddMemoryDialog } from "./AddMemoryDialog";
import { MemoryFilters, type TypeFilter } from "./MemoryFilters";
import { MemoryRow } from "./MemoryRow";
import { MEMORIES_PAGE_SIZE, useDeleteMemory, useMemoryPage, useMemorySearch } from "./queries";

/** Typing pauses this long before the list is filtered. */
const SEARCH_DELAY_MS = 300;
/** Characters of a memory the delete confirmation quotes. */
const QUOTED_CHARS = 200;

/**
 * `/admin/memories`, from the user menu, for every member: what the assistant remembers —
 * the member's own personal memories, which they change and delete, and the company's
 * system memories, which only administrators change (the server says which with
 * `editable`). Filtered by type and by text as one types, or ranked by the words shared with a search (as the assistant ranks them);
 * 50 a page, newest first; added from "Add memory".
 */
export default function MemoriesPage() {
  return (
    <SignedInLayout>
      <Memories />
    </SignedInLayout>
  );
}

function Memories() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isAdmin = useAuthStore(selectIsAdmin);
  const tenantName = useAuthStore((s) => selectCurrentTenant(s)?.name ?? "");
  const [search, setSearch] = useState("");
  const [type, setType] = useState<TypeFilter>("all");
  const [offset, setOffset] = useState(0);
  /** The text last ranked by; null while the list is filtered by text. */
  const [ranked, setRanked] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MemoryItem | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const memoryType = type === "all" ? undefined : type;

  const page = useMemoryPage({ ...(memoryType ? { type: memoryType } : {}), q: settledSearch, limit: MEMORIES_PAGE_SIZE, offset }, ranked === null);
  const found = useMemorySearch(ranked, memoryType);
  const remove = useDeleteMemory();
  const shown = ranked === null ? page : found;

  const memories = shown.data?.memories ?? [];
  const total = Number(shown.data?.total ?? 0);

  const onSearch = (value: string) => {
    setSearch(value);
    setRanked(null);
    setOffset(0);
  };
  const showAll = () => {
    setSearch("");
    setRanked(null);
    setOffset(0);
  };
  const confirmDelete = () => {
    const item = deleting;
    if (!item) return;
    setNotice(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        setNotice({ tone: "success", text: t("memory.page.deleted") });
        // The last memory of a later page: back to the page before, which still has some.
        if (ranked === null && memories.length === 1 && offset > 0) setOffset(Math.max(0, offset - MEMORIES_PAGE_SIZE));
      },
      onError: (error) => setNotice({ tone: "error", text: errorText(error, t("memory.page.deleteFailed")) }),
    });
  };

  let list;
  if (shown.isPending) {
    list = <ListLoading label={t("memory.page.loading")} />;
  } else if (shown.isError && !shown.data) {
    list = <ListLoadFailed label={errorText(shown.error, t("memory.page.loadFailed"))} onRetry={() => void shown.refetch()} />;
  } else if (memories.length === 0 && ranked === null && settledSearch === "" && type === "all" && offset === 0) {
    list = (
      <ListEmpty
        icon={<MemoryIcon className="size-6" />}
        tint="bg-teal-50 text-teal-700"
        title={t("memory.page.emptyTitle")}
        body={t("memory.page.emptyBody")}
        action={t("memory.page.add")}
        onAction={() => setAdding(true)}
        testId="memories-empty"
      />
    );
  } else if (memories.length === 0) {
    list = (
      <p className="px-4 py-10 text-center text-sm text-slate-500" data-testid="memories-no-match">
        {t("memory.page.noMatches")}
      </p>
    );
  } else {
    list = (
      <ul className="divide-y divide-slate-100" aria-label={t("memory.page.list")} data-testid="memory-list">
        {memories.map((item) => (
          <MemoryRow
            key={item.id}
            item={item}
            editing={editing === item.id}
            onEdit={() => {
              setNotice(null);
              setEditing(item.id);
            }}
            onEditDone={(saved) => {
              setEditing(null);
              if (saved) setNotice({ tone: "success", text: t("memory.page.changed") });
            }}
            onDelete={setDeleting}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="memories-title">
      <PageHeading
        id="memories-title"
        title={t("memory.page.title")}
        subtitle={t("memory.page.subtitle", { tenant: tenantName })}
        action={
          <button
            type="button"
            className={`${buttonClass.primary} gap-1.5`}
            onClick={() => {
              setNotice(null);
              setAdding(true);
            }}
            data-testid="memory-add"
          >
            <PlusIcon className="size-4" />
            {t("memory.page.add")}
          </button>
        }
      />

      <div className="mt-6">
        <MemoryFilters
          search={search}
          onSearch={onSearch}
          onSearchByMeaning={() => {
            setRanked(search.trim());
            setEditing(null);
          }}
          type={type}
          onType={(value) => {
            setType(value);
            setOffset(0);
          }}
        />
      </div>

      {notice && (
        <div className="mt-4">
          <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
        </div>
      )}

      {ranked !== null && found.data && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-teal-50 px-4 py-2.5 text-sm text-teal-900" role="status" data-testid="memories-ranked">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {found.data.memories.length === 0 ? t("memory.page.rankedNone", { query: ranked }) : t("memory.page.ranked", { count: found.data.memories.length, query: ranked })}
          </span>
          <button type="button" className="shrink-0 rounded font-medium text-teal-800 underline hover:text-teal-950" onClick={showAll}>
            {t("memory.page.clearSearch")}
          </button>
        </div>
      )}

      <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={shown.isFetching} data-testid="memory-results">
        {list}
        {ranked === null && memories.length > 0 && <Pager offset={offset} shown={memories.length} total={total} onOffset={setOffset} />}
      </div>

      <AddMemoryDialog
        open={adding}
        onOpenChange={setAdding}
        isAdmin={isAdmin}
        tenantName={tenantName}
        onAdded={() => {
          setAdding(false);
          setNotice({ tone: "success", text: t("memory.page.added") });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("memory.page.deleteTitle")}
        body={
          deleting
            ? deleting.memoryType === "system"
              ? t("memory.page.deleteBodySystem", { tenant: tenantName, memory: cut(deleting.memory, QUOTED_CHARS) })
              : t("memory.page.deleteBody", { memory: cut(deleting.memory, QUOTED_CHARS) })
            : ""
        }
        confirmLabel={t("memory.page.deleteConfirm")}
        cancelLabel={t("memory.page.cancel")}
        onConfirm={confirmDelete}
        testId="delete-memory-dialog"
      />
    </section>
  );
}

/** "51–100 of 123" with the previous and next page. */
function Pager({ offset, shown, total, onOffset }: { offset: number; shown: number; total: number; onOffset: (offset: number) => void }) {
  const { t } = useTranslation();
  const button =
    "inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label={t("memory.page.pages")} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3" data-testid="memory-pager">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t("memory.page.range", { from: offset + 1, to: offset + shown, total })}
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - MEMORIES_PAGE_SIZE))}>
          <ArrowLeftIcon className="size-4" />
          {t("memory.page.previous")}
        </button>
        <button type="button" className={button} disabled={offset + shown >= total} onClick={() => onOffset(offset + MEMORIES_PAGE_SIZE)}>
          {t("memory.page.next")}
          <ChevronRight className="size-4" />
        </button>
      </div>
    </nav>
  );
}
