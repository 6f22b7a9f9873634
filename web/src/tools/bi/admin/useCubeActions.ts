import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "../../../components/NoticeBanner";
import { useErrorText } from "../../../components/useErrorText";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import type { CubeAction } from "./CubeActions";
import { useRemoveCube } from "./queries";

/**
 * Carries out what a cube's buttons ask, each through its dialog. Each outcome becomes a
 * notice; a refusal (the cube another one joins, a shipped cube) is the server's own sentence.
 */
export function useCubeActions() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useRemoveCube();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [viewing, setViewing] = useState<CubeFileInfo | null>(null);
  const [replacing, setReplacing] = useState<CubeFileInfo | null>(null);
  const [removing, setRemoving] = useState<CubeFileInfo | null>(null);

  const onAction = useCallback((action: CubeAction, cube: CubeFileInfo) => {
    setNotice(null);
    const open: Record<CubeAction, (cube: CubeFileInfo) => void> = { view: setViewing, replace: setReplacing, remove: setRemoving };
    open[action](cube);
  }, []);

  const confirmRemove = useCallback(() => {
    if (!removing) return;
    const { name } = removing;
    remove.mutate(name, {
      onSuccess: () => setNotice({ tone: "success", text: t("bi.admin.removed", { name }) }),
      onError: (error) => setNotice({ tone: "error", text: errorText(error, t("bi.admin.errorGeneric")) }),
    });
  }, [errorText, remove, removing, t]);

  /** A dialog finished its change: it closes, and the notice says what was done. */
  const done = useCallback((text: string) => {
    setReplacing(null);
    setNotice({ tone: "success", text });
  }, []);

  return {
    onAction,
    notice,
    dismissNotice: () => setNotice(null),
    viewing,
    stopViewing: () => setViewing(null),
    replacing,
    stopReplacing: () => setReplacing(null),
    removing,
    stopRemoving: () => setRemoving(null),
    confirmRemove,
    done,
  };
}
