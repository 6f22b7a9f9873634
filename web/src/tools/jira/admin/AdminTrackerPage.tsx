import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isForbidden } from "../../../api/client";
import { selectCurrentTenant } from "../../../auth/roles";
import { useAuthStore } from "../../../auth/store";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { NoticeBanner } from "../../../components/NoticeBanner";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { ConfirmDialog } from "../../../components/ui/Dialog";
import { BackToChat, OnlyAdmins } from "../../../components/OnlyAdmins";
import { JiraFormDialog } from "./JiraFormDialog";
import { useJiraConnection } from "./queries";
import { TestOutcome } from "./TestOutcome";
import { TrackerButtons } from "./TrackerButtons";
import { TrackerStatus } from "./TrackerStatus";
import { useTrackerActions } from "./useTrackerActions";

/**
 * `/admin/tracker`: which issue tracker the assistant uses, for the current tenant's
 * administrators, in the administration chunk: Waybill's own, or the company's Jira site,
 * to connect, test, change or disconnect. The route table opens it to them alone
 * (pages.ts); one whose grant is taken away while it is open is told that only
 * administrators do.
 */
export default function AdminTrackerPage() {
  return (
    <SignedInLayout>
      <TrackerAdministration />
    </SignedInLayout>
  );
}

function TrackerOnlyForAdmins() {
  const { t } = useTranslation();
  return <OnlyAdmins title={t("jira.admin.onlyAdmins")} body={t("jira.admin.onlyAdminsBody")} />;
}

function TrackerAdministration() {
  const { t } = useTranslation();
  const tenantName = useAuthStore((s) => selectCurrentTenant(s)?.name ?? "");
  const jira = useJiraConnection();
  const actions = useTrackerActions();
  const [now] = useState(() => Date.now());

  // The grant was taken away since the page opened (or the profile was stale).
  if (isForbidden(jira.error)) return <TrackerOnlyForAdmins />;

  const connection = jira.data?.connection ?? null;
  const oauthAvailable = jira.data?.oauthAvailable ?? false;
  let content;
  if (jira.isPending) {
    content = <ListLoading label={t("jira.admin.loading")} />;
  } else if (jira.isError && !jira.data) {
    content = <ListLoadFailed label={t("jira.admin.loadFailed")} onRetry={() => void jira.refetch()} />;
  } else {
    content = (
      <div className="space-y-5 p-6">
        <TrackerStatus connection={connection} tenantName={tenantName} now={now} onUseSite={oauthAvailable ? actions.signInWithAtlassian : undefined} />
        <TrackerButtons
          connected={connection !== null}
          signedInWithAtlassian={connection?.grant != null}
          atlassian={{ available: oauthAvailable, opening: actions.openingAtlassian, onStart: () => actions.signInWithAtlassian() }}
          testing={actions.test.isPending}
          disconnecting={actions.disconnectPending}
          onEdit={actions.startEditing}
          onTest={actions.runTest}
          onDisconnect={actions.startDisconnecting}
        />
        {connection && <TestOutcome test={actions.test} />}
      </div>
    );
  }

  return (
    <section className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="tracker-title">
      <BackToChat />
      <div className="mt-4 max-w-3xl">
        <h1 id="tracker-title" className="text-2xl font-semibold tracking-tight text-navy-950">
          {t("jira.admin.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("jira.admin.subtitle")}</p>
      </div>

      {actions.notice && (
        <div className="mt-6">
          <NoticeBanner notice={actions.notice} onDismiss={actions.dismissNotice} />
        </div>
      )}

      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={jira.isFetching}>
        {content}
      </div>

      <JiraFormDialog open={actions.editing} connection={connection} offerPastedOAuth={!oauthAvailable} onClose={actions.stopEditing} onDone={actions.done} />
      <ConfirmDialog
        open={actions.disconnecting}
        onOpenChange={(open) => !open && actions.stopDisconnecting()}
        title={t("jira.admin.disconnectTitle")}
        body={connection ? t("jira.admin.disconnectBody", { baseUrl: connection.baseUrl, tenant: tenantName }) : ""}
        confirmLabel={t("jira.admin.disconnectConfirm")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={actions.confirmDisconnect}
        testId="disconnect-jira-dialog"
      />
    </section>
  );
}
