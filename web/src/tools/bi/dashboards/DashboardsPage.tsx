import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DashboardIcon } from "../pageIcons";
import { NoticeBanner } from "../../../components/NoticeBanner";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { ConfirmDialog } from "../../../components/ui/Dialog";
import { BackToChat } from "../../../components/OnlyAdmins";
import { DashboardRow } from "./DashboardRow";
import { useDashboards } from "./queries";
import { useDashboardActions } from "./useDashboardActions";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";

/**
 * `/dashboards`, from the user menu: the dashboards the assistant built for the user,
 * newest first, to open again, share (copy the link), take the link back (revoke it, or
 * make a new one), find the chat each was built in, or delete.
 */
export default function DashboardsPage() {
  return (
    <SignedInLayout>
      <Dashboards />
    </SignedInLayout>
  );
}

function Dashboards() {
  const { t } = useTranslation();
  const list = useDashboards();
  const actions = useDashboardActions();
  // "Created 3 days ago" counts from when the list was shown, not from each render.
  const [now] = useState(() => Date.now());
  const dashboards = list.data ?? [];

  let content;
  if (list.isPending) {
    content = <ListLoading label={t("bi.dashboards.loading")} />;
  } else if (list.isError && !list.data) {
    content = <ListLoadFailed label={t("bi.dashboards.loadFailed")} onRetry={() => void list.refetch()} />;
  } else if (dashboards.length === 0) {
    content = (
      <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-xl bg-violet-50 text-violet-600">
          <DashboardIcon className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-navy-950">{t("bi.dashboards.emptyTitle")}</h2>
        <p className="mt-2 text-sm text-slate-600">{t("bi.dashboards.emptyBody")}</p>
      </div>
    );
  } else {
    content = (
      <ul className="divide-y divide-slate-100" aria-label={t("bi.dashboards.title")}>
        {dashboards.map((dashboard) => (
          <DashboardRow key={dashboard.id} dashboard={dashboard} now={now} onAction={actions.onAction} onCopyRefused={actions.copyRefused} />
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="dashboards-title">
      <BackToChat />
      <div className="mt-4">
        <h1 id="dashboards-title" className="text-2xl font-semibold tracking-tight text-navy-950">
          {t("bi.dashboards.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("bi.dashboards.subtitle")}</p>
      </div>

      {actions.notice && (
        <div className="mt-6">
          <NoticeBanner notice={actions.notice} onDismiss={actions.dismissNotice} />
        </div>
      )}

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={list.isFetching}>
        {content}
      </div>

      <ConfirmDialog
        open={actions.revoking !== null}
        onOpenChange={(open) => !open && actions.stopRevoking()}
        title={t("bi.dashboards.revokeTitle")}
        body={actions.revoking ? t("bi.dashboards.revokeBody", { name: actions.revoking.name }) : ""}
        confirmLabel={t("bi.dashboards.revokeConfirm")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={actions.confirmRevoke}
        testId="revoke-dashboard-dialog"
      />
      <ConfirmDialog
        open={actions.deleting !== null}
        onOpenChange={(open) => !open && actions.stopDeleting()}
        title={t("bi.dashboards.deleteTitle")}
        body={actions.deleting ? t("bi.dashboards.deleteBody", { name: actions.deleting.name }) : ""}
        confirmLabel={t("bi.dashboards.deleteConfirm")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={actions.confirmDelete}
        testId="delete-dashboard-dialog"
      />
    </section>
  );
}
