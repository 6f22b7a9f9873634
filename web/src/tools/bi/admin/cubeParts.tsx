import { useTranslation } from "react-i18next";
import { AlertIcon } from "../../../components/icons";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import { formatAge, formatDateTime } from "../../../i18n/format";

const badge = "inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 ring-inset";

/** "Shipped", or who added the cube and how long ago (the exact moment on hover). */
export function CubeOrigin({ cube, now }: { cube: CubeFileInfo; now: number }) {
  const { t, i18n } = useTranslation();
  if (cube.shipped) {
    return (
      <span className={`${badge} whitespace-nowrap bg-slate-100 text-slate-700 ring-slate-500/20`} title={t("bi.admin.shippedHint")}>
        {t("bi.admin.shipped")}
      </span>
    );
  }
  const email = cube.updatedBy ?? "";
  const look = `${badge} font-medium break-all bg-teal-50 text-teal-800 ring-teal-600/20`;
  if (cube.updatedAt === null) return <span className={look}>{t("bi.admin.addedByWhom", { email })}</span>;
  const at = new Date(cube.updatedAt).toISOString();
  return (
    <time dateTime={at} title={formatDateTime(at, i18n.language)} className={look}>
      {t("bi.admin.addedBy", { email, age: formatAge(cube.updatedAt, now, i18n.language) })}
    </time>
  );
}

/** Why a stored cube file is not in use now, in the server's words. */
export function CubeProblem({ problem }: { problem: string }) {
  const { t } = useTranslation();
  return (
    <p className="mt-1.5 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-amber-600/20 ring-inset" data-testid="cube-problem">
      <AlertIcon className="mt-px size-3.5 shrink-0" />
      <span className="min-w-0 break-words">
        <span className="font-semibold">{t("bi.admin.notInUse")}</span> {problem}
      </span>
    </p>
  );
}

/** Title, name and origin, with the problem beneath when there is one. */
export function CubeIdentity({ cube, now }: { cube: CubeFileInfo; now: number }) {
  return (
    <span className="block min-w-0">
      <span className="block font-medium break-words text-slate-900">{cube.title || cube.name}</span>
      <span className="mt-0.5 flex flex-wrap items-center gap-1.5">
        <span className="font-mono text-xs font-normal break-all text-slate-500">{cube.name}</span>
        <CubeOrigin cube={cube} now={now} />
      </span>
      {cube.problem && <CubeProblem problem={cube.problem} />}
    </span>
  );
}

/** The description in three lines at most; the whole of it on hover. */
export function CubeDescription({ cube }: { cube: CubeFileInfo }) {
  return (
    <span className="line-clamp-3 break-words text-slate-700" title={cube.description}>
      {cube.description}
    </span>
  );
}

/** How many measures and dimensions, and the cubes it joins. */
export function CubeContents({ cube }: { cube: CubeFileInfo }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0 text-slate-700">
      <span className="block">
        <span className="whitespace-nowrap">{t("bi.admin.measures", { n: cube.measures.length })}</span> ·{" "}
        <span className="whitespace-nowrap">{t("bi.admin.dimensions", { n: cube.dimensions.length })}</span>
      </span>
      {cube.joins.length > 0 && (
        <span className="block text-xs break-words text-slate-500">
          {t("bi.admin.joins")} <span className="font-mono">{cube.joins.join(", ")}</span>
        </span>
      )}
    </span>
  );
}
