import { useTranslation } from "react-i18next";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import { type CubeAction, CubeActions } from "./CubeActions";
import { CubeContents, CubeDescription, CubeIdentity } from "./cubeParts";

export type CubeViewProps = {
  cubes: readonly CubeFileInfo[];
  /** When the list was shown (ms), for "added 3 days ago". */
  now: number;
  onAction: (action: CubeAction, cube: CubeFileInfo) => void;
};

/** The cubes as a table, where the window is wide enough for one. */
export function CubeTable({ cubes, now, onAction }: CubeViewProps) {
  const { t } = useTranslation();
  const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{t("bi.admin.title")}</caption>
      <colgroup>
        <col className="w-[26%]" />
        <col />
        <col className="w-[13%]" />
        <col className="w-[17%]" />
        <col className="w-[19rem]" />
      </colgroup>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={th}>{t("bi.admin.column.cube")}</th>
          <th scope="col" className={th}>{t("bi.admin.column.description")}</th>
          <th scope="col" className={th}>{t("bi.admin.column.table")}</th>
          <th scope="col" className={th}>{t("bi.admin.column.contents")}</th>
          <th scope="col" className={th}>
            <span className="sr-only">{t("bi.admin.column.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {cubes.map((cube) => (
          <tr key={cube.name} className="align-top hover:bg-slate-50/60" data-testid="cube-row">
            <th scope="row" className="px-3 py-3 text-left font-normal">
              <CubeIdentity cube={cube} now={now} />
            </th>
            <td className="px-3 py-3">
              <CubeDescription cube={cube} />
            </td>
            <td className="px-3 py-3 font-mono text-xs break-all text-slate-700">{cube.table}</td>
            <td className="px-3 py-3">
              <CubeContents cube={cube} />
            </td>
            <td className="px-2 py-2">
              <CubeActions cube={cube} onAction={onAction} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
