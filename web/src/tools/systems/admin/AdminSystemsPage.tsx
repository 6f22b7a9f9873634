import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isForbidden } from "../../../api/client";
import { selectCurrentTenant } from "../../../auth/roles";
import { useAuthStore } from "../../../auth/store";
import { useMediaQuery } from "../../../lib/useMediaQuery";
import { PlusIcon } from "../../../components/icons";
import { ServerIcon } from "../pageIcons";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { ConfirmDialog, buttonClass } from "../../../components/ui/Dialog";
import { BackToChat, OnlyAdmins } from "../../../components/OnlyAdmins";
import { OperationsDialog } from "./OperationsDialog";
import { useSystems } from "./queries";
import { ReimportDialog } from "./ReimportDialog";
import { SystemCards } from "./SystemCards";
import { SystemFormDialog } from "./SystemFormDialog";
import { SystemNoticeBanner } from "./SystemNotice";
import { SystemTable } from "./SystemTable";
import { useSystemActions } from "./useSystemActions";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";

/**
 * `/admin/systems`: the current tenant's business systems (WMS, FMS, YMS, OMS) for its
 * administrators, in the administration chunk, which the route table opens to them alone
 * (pages.ts). One whose grant is taken away while it is open is told that only
 * administrators manage them.
 */
export default function AdminSystemsPage() {
  return (
    <SignedInLayout>
      <SystemAdministration />
    </SignedInLayout>
  );
}

function SystemsOnlyForAdmins() {
  const { t } = useTranslation();
  return <OnlyAdmins title={t("systems.admin.onlyAdmins")} body={t("systems.admin.onlyAdminsBody")} />;
}

function SystemAdministration() {
  const { t } = useTranslation();
  const tenantName = useAuthStore((s) => selectCurrentTenant(s)?.name ?? "");
  const wide = useMediaQuery("(min-width: 1024px)");
  const list = useSystems();
  const actions = useSystemActions(tenantName);
  const [adding, setAdding] = useState(false);

  // The grant was taken away since the page opened (or the profile was stale).
  if (isForbidden(list.error)) return <SystemsOnlyForAdmins />;

  const systems = list.data?.systems ?? [];
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
    content = <ListLoading label={t("systems.admin.loading")} />;
  } else if (list.isError && !list.data) {
    content = <ListLoadFailed label={t("systems.admin.loadFailed")} onRetry={() => void list.refetch()} />;
  } else if (systems.length === 0) {
    content = <NoSystems onAdd={startAdding} />;
  } else {
    const view = { systems, testing: actions.testing, onAction: actions.onAction };
    content = wide ? <SystemTable {...view} /> : <SystemCards {...view} />;
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="systems-title">
      <BackToChat />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="systems-title" className="text-2xl font-semibold tracking-tight text-navy-950">
            {t("systems.admin.title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("systems.admin.subtitle", { tenant: tenantName })}</p>
        </div>
        {systems.length > 0 && (
          <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={startAdding}>
            <PlusIcon className="size-4" />
            {t("systems.admin.add")}
          </button>
        )}
      </div>

      {actions.notice && (
        <div className="mt-6">
          <SystemNoticeBanner notice={actions.notice} onDismiss={actions.dismissNotice} />
        </div>
      )}

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={list.isFetching}>
        {content}
      </div>

      <SystemFormDialog open={adding || actions.editing !== null} system={actions.editing} onClose={() => (adding ? setAdding(false) : actions.stopEditing())} onDone={added} />
      <ReimportDialog system={actions.reimporting} onClose={actions.stopReimporting} onDone={actions.done} />
      <OperationsDialog system={actions.browsing} onClose={actions.stopBrowsing} onDone={actions.done} />
      <ConfirmDialog
        open={actions.removing !== null}
        onOpenChange={(open) => !open && actions.stopRemoving()}
        title={t("systems.admin.removeTitle")}
        body={actions.removing ? t("systems.admin.removeBody", { name: actions.removing.name, tenant: tenantName }) : ""}
        confirmLabel={t("systems.admin.removeConfirm")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={actions.confirmRemove}
        testId="remove-system-dialog"
      />
    </section>
  );
}

/** What a business system is, and the way to add the first one. */
function NoSystems({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-xl bg-teal-50 text-teal-700">
        <ServerIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-navy-950">{t("systems.admin.emptyTitle")}</h2>
      <p className="mt-2 text-sm text-slate-600">{t("systems.admin.emptyBody")}</p>
      <button type="button" className={`${buttonClass.primary} mt-6 gap-1.5`} onClick={onAdd}>
        <PlusIcon className="size-4" />
        {t("systems.admin.add")}
      </button>
    </div>
  );
}
