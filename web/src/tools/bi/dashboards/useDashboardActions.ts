import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "../../../components/NoticeBanner";
import { useErrorText } from "../../../components/useErrorText";
import type { DashboardInfo } from "../../../generated/bi/DashboardInfo";
import { useDeleteDashboard, useRenewLink, useRevokeLink } from "./queries";

/** What a dashboard's menu does: a new link at once; revoking the link and deleting, once confirmed. */
export type DashboardAction = "renew" | "revoke" | "delete";

/**
 * Carries out a dashboard's actions; each outcome becomes a notice above the list, a
 * refusal in the server's own words.
 */
export function useDashboardActions() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const renew = useRenewLink();
  const revoke = useRevokeLink();
  const remove = useDeleteDashboard();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [revoking, setRevoking] = useState<DashboardInfo | null>(null);
  const [deleting, setDeleting] = useState<DashboardInfo | null>(null);

  const failed = useCallback((error: unknown) => setNotice({ tone: "error", text: errorText(error, t("bi.dashboards.errorGeneric")) }), [errorText, t]);

  const onAction = useCallback(
    (action: DashboardAction, dashboard: DashboardInfo) => {
      setNotice(null);
      switch (action) {
        case "renew":
          renew.mutate(dashboard.id, {
            onSuccess: () => setNotice({ tone: "success", text: t("bi.dashboards.renewed", { name: dashboard.name }) }),
            onError: failed,
          });
          break;
        case "revoke":
          setRevoking(dashboard);
          break;
        case "delete":
          setDeleting(dashboard);
          break;
      }
    },
    [failed, renew, t],
  );

  const confirmRevoke = useCallback(() => {
    if (!revoking) return;
    const { id, name } = revoking;
    revoke.mutate(id, { onSuccess: () => setNotice({ tone: "success", text: t("bi.dashboards.revoked", { name }) }), onError: failed });
  }, [failed, revoke, revoking, t]);

  const confirmDelete = useCallback(() => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, { onSuccess: () => setNotice({ tone: "success", text: t("bi.dashboards.deleted", { name }) }), onError: failed });
  }, [deleting, failed, remove, t]);

  /** The clipboard refused the link: it is shown instead, to copy by hand. */
  const copyRefused = useCallback((link: string) => setNotice({ tone: "error", text: t("bi.dashboards.copyRefused", { link }) }), [t]);

  return {
    onAction,
    notice,
    dismissNotice: () => setNotice(null),
    revoking,
    stopRevoking: () => setRevoking(null),
    confirmRevoke,
    deleting,
    stopDeleting: () => setDeleting(null),
    confirmDelete,
    copyRefused,
  };
}
