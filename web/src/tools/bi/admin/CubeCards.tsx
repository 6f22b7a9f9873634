import { useTranslation } from "react-i18next";
import { CubeActions } from "./CubeActions";
import type { CubeViewProps } from "./CubeTable";
import { CubeContents, CubeDescription, CubeIdentity } from "./cubeParts";

/** The cubes as a list of cards, for a phone: every field labelled, the buttons beneath. */
export function CubeCards({ cubes, now, onAction }: CubeViewProps) {
  const { t } = useTranslation();
  const term = "text-xs font-medium text-slate-500";
  return (
    <ul className="divide-y divide-slate-100" aria-label={t("bi.admin.title")}>
      {cubes.map((cube) => (
        <li key={cube.name} className="px-4 py-3" data-testid="cube-row">
          <CubeIdentity cube={cube} now={now} />
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt className={term}>{t("bi.admin.column.description")}</dt>
            <dd className="min-w-0">
              <CubeDescription cube={cube} />
            </dd>
            <dt className={term}>{t("bi.admin.column.table")}</dt>
            <dd className="min-w-0 font-mono text-xs break-all text-slate-700">{cube.table}</dd>
            <dt className={term}>{t("bi.admin.column.contents")}</dt>
            <dd className="min-w-0">
              <CubeContents cube={cube} />
            </dd>
          </dl>
          <div className="mt-3">
            <CubeActions cube={cube} onAction={onAction} align="start" />
          </div>
        </li>
      ))}
    </ul>
  );
}
