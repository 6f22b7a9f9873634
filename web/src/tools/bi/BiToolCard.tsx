import type { TFunction } from "i18next";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DownloadIcon, type IconProps } from "../../components/icons";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { OutputOf, ToolCardProps } from "../types";
import { type BiTool, FRIENDLY, isEmpty, readBi, withoutPrefix } from "./bi";
import { type NumberFormatter, numberFormatter } from "./format";
import { DownloadView, FileNameView } from "./exports";
import { EnumIcon, QueryIcon, SheetIcon } from "./icons";
import { CubeIcon } from "./pageIcons";
import { LABEL, Parameters } from "./parts";
import { Provenance, QueryTable } from "./QueryResult";
import { CatalogueView, EnumFieldsView, EnumValuesView, SchemaView } from "./views";

/**
 * What the card shows of each tool's result: its icon, the line under the title, the
 * response, and what follows the response even when it is empty (a query's provenance).
 * A BI tool joins the card with an entry here, its name and reader in bi.ts and a line in
 * family.ts.
 */
type View<N extends BiTool> = {
  icon: (props: IconProps) => ReactNode;
  /** Whether the call opens by itself: the query's rows are the answer; the lookups before it are steps. */
  open: boolean;
  summary: (result: OutputOf<N>, t: TFunction, n: NumberFormatter) => string;
  Response: (props: { result: OutputOf<N> }) => ReactNode;
  After?: (props: { result: OutputOf<N> }) => ReactNode;
};

const VIEWS: { readonly [N in BiTool]: View<N> } = {
  getCubeDescTool: {
    icon: CubeIcon,
    open: false,
    summary: (r, t, n) => t("bi.summary.cubes", { n: n(r.cubes.length) }),
    Response: CatalogueView,
  },
  getCubeSchemaInfoTool: {
    icon: CubeIcon,
    open: false,
    summary: (r, t, n) => t("bi.summary.schema", { title: r.title || r.cube, measures: n(r.measures.length), dimensions: n(r.dimensions.length) }),
    Response: SchemaView,
  },
  getCubeFieldEnumQueryIdsTool: {
    icon: EnumIcon,
    open: false,
    summary: (r, t, n) => t("bi.summary.fields", { cube: r.cube, n: n(r.fields.length) }),
    Response: EnumFieldsView,
  },
  getCubeEnumValuesTool: {
    icon: EnumIcon,
    open: false,
    summary: (r, t, n) => t("bi.summary.values", { n: n(r.fields.reduce((sum, field) => sum + field.values.length, 0)) }),
    Response: EnumValuesView,
  },
  testQuerySqlTool: {
    icon: QueryIcon,
    open: true,
    summary: (r, t, n) => t("bi.summary.rows", { rows: n(r.rows.length), columns: n(r.columns.length) }),
    Response: QueryTable,
    After: Provenance,
  },
  generateFileNameTool: {
    icon: SheetIcon,
    open: false,
    summary: (r) => r.fileName,
    Response: FileNameView,
  },
  downloadFileTool: {
    icon: DownloadIcon,
    open: true,
    summary: (r, t, n) => t("bi.summary.download", { name: r.fileName, rows: n(r.rowCount) }),
    Response: DownloadView,
    After: Provenance,
  },
};

/**
 * The BI tools' card (spec 001 §2.13), one for the cube tools, the query and the export:
 * titled 'BI Tool: {friendly name}'; expanded, the parameters, then the response — the
 * cubes, a cube's measures and dimensions, its enum fields or their values, the query's
 * rows or the exported file, with how they were computed — or 'No result data
 * available'; 'BI Tool Results' at the foot. A failed call reads 'BI Tool failed:
 * {error}', an output of another shape 'Result parsing error' (§8). The query and the
 * export open by themselves; the lookups before them stay folded.
 */
export function BiToolCard<N extends BiTool>({ invocation }: ToolCardProps<N>) {
  const { t, i18n } = useTranslation();
  const tool = invocation.toolName;
  const view: View<N> = VIEWS[tool];
  const key: (typeof FRIENDLY)[BiTool] = FRIENDLY[tool];
  const reading = readBi(tool, invocation.output);
  const result = reading && "result" in reading ? reading.result : undefined;
  const empty = result !== undefined && isEmpty(tool, result);
  const format = useMemo(() => numberFormatter(i18n.language), [i18n.language]);
  const Icon = view.icon;

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = t("bi.failed", { error: withoutPrefix(invocation.errorText ?? "") || t("tools.unknownError") });
  else if (reading && "unreadable" in reading) failure = t("bi.parseError");
  else if (reading && "failed" in reading) failure = t("bi.failed", { error: reading.failed ?? t("tools.unknownError") });

  const parameters = <Parameters input={invocation.input} />;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<Icon className="size-4.5" />}
      accent="violet"
      title={t("bi.title", { name: t(`bi.tools.${key}`) })}
      runningLabel={t(`bi.running.${key}`)}
      summary={result && (empty ? t("tools.noResult") : view.summary(result, t, format))}
      failure={failure}
      runningDetail={parameters}
      failureDetail={parameters}
      defaultOpen={view.open}
    >
      {parameters}
      {result && (
        <section className="space-y-1.5" aria-label={t("bi.response")} data-testid="bi-response">
          <h4 className={LABEL}>{t("bi.response")}</h4>
          {empty ? (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="bi-empty">
              {t("tools.noResult")}
            </p>
          ) : (
            <view.Response result={result} />
          )}
          {view.After && <view.After result={result} />}
        </section>
      )}
      <p className="border-t border-slate-100 pt-2 text-[11px] text-slate-400" data-testid="bi-footer">
        {t("bi.footer")}
      </p>
    </ToolCardShell>
  );
}
