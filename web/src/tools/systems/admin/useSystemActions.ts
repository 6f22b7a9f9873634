import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { testSystem } from "../api/systems";
import type { ConnectionTest } from "../../../generated/systems/ConnectionTest";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import type { SystemAction } from "./SystemActions";
import type { SystemNotice } from "./SystemNotice";
import { useRemoveSystem } from "./queries";
import { useSystemErrorText } from "./useSystemErrorText";

/**
 * Carries out what a system's buttons and menu ask: a connection test at once (several may
 * run side by side), the others through their dialog. Each outcome becomes a notice; a
 * refusal is the server's own sentence.
 */
export function useSystemActions(tenantName: string) {
  const { t } = useTranslation();
  const errorText = useSystemErrorText();
  const remove = useRemoveSystem();
  const [notice, setNotice] = useState<SystemNotice | null>(null);
  const [testing, setTesting] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<SystemInfo | null>(null);
  const [removing, setRemoving] = useState<SystemInfo | null>(null);
  const [reimporting, setReimporting] = useState<SystemInfo | null>(null);
  const [browsing, setBrowsing] = useState<SystemInfo | null>(null);

  const failed = useCallback((error: unknown) => setNotice({ tone: "error", text: errorText(error, t("systems.admin.errorGeneric")) }), [errorText, t]);

  const tested = useCallback(
    (system: SystemInfo, result: ConnectionTest) =>
      setNotice({
        tone: result.ok ? "success" : "error",
        text: t(result.ok ? "systems.admin.testOk" : "systems.admin.testFailed", { name: system.name }),
        details: [
          result.status === null ? t("systems.admin.testNoStatus") : t("systems.admin.testStatus", { status: result.status }),
          t("systems.admin.testElapsed", { ms: result.elapsedMs }),
          result.message,
        ].filter(Boolean),
      }),
    [t],
  );

  // Callbacks on the mutation itself run for every test, not only the latest.
  const test = useMutation({
    mutationFn: (system: SystemInfo) => testSystem(system.id),
    onMutate: (system) => setTesting((ids) => new Set(ids).add(system.id)),
    onSuccess: (result, system) => tested(system, result),
    onError: failed,
    onSettled: (_result, _error, system) =>
      setTesting((ids) => {
        const next = new Set(ids);
        next.delete(system.id);
        return next;
      }),
  });

  const onAction = useCallback(
    (action: SystemAction, system: SystemInfo) => {
      setNotice(null);
      switch (action) {
        case "test":
          test.mutate(system);
          break;
        case "reimport":
          setReimporting(system);
          break;
        case "operations":
          setBrowsing(system);
          break;
        case "edit":
          setEditing(system);
          break;
        case "remove":
          setRemoving(system);
          break;
      }
    },
    [test],
  );

  const confirmRemove = useCallback(() => {
    if (!removing) return;
    const { id, name } = removing;
    remove.mutate(id, {
      onSuccess: () => setNotice({ tone: "success", text: t("systems.admin.removed", { name, tenant: tenantName }) }),
      onError: failed,
    });
  }, [failed, remove, removing, t, tenantName]);

  /** A dialog finished its change: it closes, and the notice says what was done. */
  const done = useCallback((text: string) => {
    setEditing(null);
    setReimporting(null);
    setBrowsing(null);
    setNotice({ tone: "success", text });
  }, []);

  return {
    onAction,
    notice,
    showNotice: setNotice,
    dismissNotice: () => setNotice(null),
    testing,
    editing,
    stopEditing: () => setEditing(null),
    removing,
    stopRemoving: () => setRemoving(null),
    confirmRemove,
    reimporting,
    stopReimporting: () => setReimporting(null),
    browsing,
    stopBrowsing: () => setBrowsing(null),
    done,
  };
}
