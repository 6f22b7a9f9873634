import { useTranslation } from "react-i18next";
import { EyeIcon, TrashIcon } from "../../../components/icons";
import { UploadIcon } from "../../../components/moreIcons";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";

export type CubeAction = "view" | "replace" | "remove";

type Props = {
  cube: CubeFileInfo;
  onAction: (action: CubeAction, cube: CubeFileInfo) => void;
  /** `start` under a card's fields, `end` in a table's last column. */
  align?: "start" | "end";
};

const button = "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium whitespace-nowrap disabled:opacity-60";
const small = `${button} text-slate-700 hover:bg-slate-50`;
const danger = `${button} text-red-700 hover:bg-red-50`;

/** A cube's buttons: every file can be viewed; only the tenant's own can be replaced or removed. */
export function CubeActions({ cube, onAction, align = "end" }: Props) {
  const { t } = useTranslation();
  const act = (action: CubeAction) => () => onAction(action, cube);
  return (
    <div className={`flex flex-wrap items-center gap-1.5 ${align === "end" ? "justify-end" : "justify-start"}`}>
      <button type="button" className={small} onClick={act("view")} aria-label={t("bi.admin.viewFor", { name: cube.name })}>
        <EyeIcon className="size-3.5 text-slate-500" />
        {t("bi.admin.view")}
      </button>
      {!cube.shipped && (
        <>
          <button type="button" className={small} onClick={act("replace")} aria-label={t("bi.admin.replaceFor", { name: cube.name })}>
            <UploadIcon className="size-3.5 text-slate-500" />
            {t("bi.admin.replace")}
          </button>
          <button type="button" className={danger} onClick={act("remove")} aria-label={t("bi.admin.removeFor", { name: cube.name })}>
            <TrashIcon className="size-3.5" />
            {t("bi.admin.remove")}
          </button>
        </>
      )}
    </div>
  );
}
