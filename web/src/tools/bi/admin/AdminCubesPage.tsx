import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isForbidden } from "../../../api/client";
import { selectCurrentTenant } from "../../../auth/roles";
import { useAuthStore } from "../../../auth/store";
import { useMediaQuery } from "../../../lib/useMediaQuery";
import { PlusIcon } from "../../../components/icons";
import { CubeIcon } from "../pageIcons";
import { NoticeBanner } from "../../../components/NoticeBanner";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { ConfirmDialog, buttonClass } from "../../../components/ui/Dialog";
import { BackToChat, OnlyAdmins } from "../../../components/OnlyAdmins";
import { CubeCards } from "./CubeCards";
import { CubeFileDialog } from "./CubeFileDialog";
import { CubeTable } from "./CubeTable";
import { CubeUploadDialog } from "./CubeUploadDialog";
import { useCubes } from "./queries";
import { useCubeActions } from "./useCubeActions";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";

/**
 * `/admin/cubes`: the BI cubes the assistant queries, for the current tenant's
 * administrators, in the administration chunk: the shipped ones to read, the tenant's own
 * to add, replace and remove. The route table opens it to them alone (pages.ts); one whose
 * grant is taken away while it is open is told that only administrators manage cubes.
 */
export default function AdminCubesPage() {
  return (
    <SignedInLayout>
      <CubeAdministration />
    </SignedInLayout>
  );
}

function CubesOnlyForAdmins() {
  const { t } = useTranslation();
  return <OnlyAdmins title={t("bi.admin.onlyAdmins")} body={t("bi.admin.onlyAdminsBody")} />;
}

function CubeAdministration() {
  const { t } = useTranslation();
  const tenantName = useAuthStore((s) => selectCurrentTenant(s)?.name ?? "");
  const wide = useMediaQuery("(min-width: 1024px)");
  const list = useCubes();
  const actions = useCubeActions();
  const [adding, setAdding] = useState(false);
  const [now] = useState(() => Date.now());

  // The grant was taken away since the page opened (or the profile was stale).
  if (isForbidden(list.error)) return <CubesOnlyForAdmins />;

  const available = list.data?.available ?? false;
  const cubes = list.data?.cubes ?? [];
  const startAdding = () => {
    actions.dismissNotice();
    setAdding(true);
  };
  const added = (text: string) => {
    setAdding(false);
    actions.done(text);
  };

  let content;
  if (list.isPending) {
    content = <ListLoading label={t("bi.admin.loading")} />;
  } else if (list.isError && !list.data) {
    content = <ListLoadFailed label={t("bi.admin.loadFailed")} onRetry={() => void list.refetch()} />;
  } else if (!available) {
    content = <NoCubes title={t("bi.admin.unavailableTitle")} body={t("bi.admin.unavailableBody")} />;
  } else if (cubes.length === 0) {
    content = <NoCubes title={t("bi.admin.emptyTitle")} body={t("bi.admin.emptyBody")} onAdd={startAdding} />;
  } else {
    const view = { cubes, now, onAction: actions.onAction };
    content = wide ? <CubeTable {...view} /> : <CubeCards {...view} />;
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="cubes-title">
      <BackToChat />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 max-w-3xl">
          <h1 id="cubes-title" className="text-2xl font-semibold tracking-tight text-navy-950">
            {t("bi.admin.title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("bi.admin.subtitle")}</p>
        </div>
        {available && cubes.length > 0 && (
          <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={startAdding} data-testid="cube-add">
            <PlusIcon className="size-4" />
            {t("bi.admin.add")}
          </button>
        )}
      </div>

      {actions.notice && (
        <div className="mt-6">
          <NoticeBanner notice={actions.notice} onDismiss={actions.dismissNotice} />
        </div>
      )}

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={list.isFetching}>
        {content}
      </div>

      <CubeUploadDialog open={adding || actions.replacing !== null} cube={actions.replacing} onClose={() => (adding ? setAdding(false) : actions.stopReplacing())} onDone={added} />
      <CubeFileDialog cube={actions.viewing} onClose={actions.stopViewing} />
      <ConfirmDialog
        open={actions.removing !== null}
        onOpenChange={(open) => !open && actions.stopRemoving()}
        title={t("bi.admin.removeTitle")}
        body={actions.removing ? t("bi.admin.removeBody", { name: actions.removing.name, tenant: tenantName }) : ""}
        confirmLabel={t("bi.admin.removeConfirm")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={actions.confirmRemove}
        testId="remove-cube-dialog"
      />
    </section>
  );
}

/** Why there are no cubes to show, and the way to add the first one where cubes can be added. */
function NoCubes({ title, body, onAdd }: { title: string; body: string; onAdd?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-xl bg-teal-50 text-teal-700">
        <CubeIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-navy-950">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{body}</p>
      {onAdd && (
        <button type="button" className={`${buttonClass.primary} mt-6 gap-1.5`} onClick={onAdd}>
          <PlusIcon className="size-4" />
          {t("bi.admin.add")}
        </button>
      )}
    </div>
  );
}
