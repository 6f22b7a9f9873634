import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { openArtifact } from "../../artifacts/store";
import type { IconProps } from "../../components/icons";
import { ExternalLinkIcon, PanelRightIcon } from "../../components/moreIcons";
import type { TileKind } from "../../generated/bi/TileKind";
import { safeLinkUrl } from "../../markdown/urls";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { withoutPrefix } from "./bi";
import { askedName, askedTiles, dashboardArtifact, readDashboard } from "./dashboard";
import { numberFormatter } from "./format";
import { BarChartIcon, KpiIcon, LineChartIcon, QueryIcon, StackedBarIcon } from "./icons";
import { DashboardIcon } from "./pageIcons";
import { LABEL } from "./parts";

const KIND_ICONS: Record<TileKind, (props: IconProps) => ReactNode> = {
  kpi: KpiIcon,
  line: LineChartIcon,
  bar: BarChartIcon,
  stackedBar: StackedBarIcon,
  table: QueryIcon,
};

/** A tile's kind: its icon, and its name for whoever does not see it. */
function KindMark({ kind }: { kind: TileKind }) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[kind];
  const name = t(`bi.dashboard.kinds.${kind}`);
  return (
    <span className="grid size-6 shrink-0 place-items-center rounded-md bg-violet-50 text-violet-600" title={name}>
      <Icon className="size-3.5" />
      <span className="sr-only">{name}</span>
    </span>
  );
}

/** The tiles the model asks for, as far as it has written them: shown while the dashboard is built, and with a failure. */
function PlannedTiles({ tiles }: { tiles: ReturnType<typeof askedTiles> }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("bi.dashboard.planned")} className="space-y-1.5">
      <h4 className={LABEL}>{t("bi.dashboard.planned")}</h4>
      <ul className="space-y-1">
        {tiles.map((tile, i) => (
          <li key={i} className="flex items-center gap-2 text-sm text-slate-700">
            {tile.kind && <KindMark kind={tile.kind} />}
            <span className="min-w-0 wrap-anywhere">{tile.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * biDashboardTool's card: titled with the dashboard's name (its result's, else the one
 * the model asked for, else 'BI Dashboard'). While it is built, the tiles asked for;
 * then each tile with its kind and rows (a failed tile, its error). Clicking the card, or
 * 'Open dashboard', opens the dashboard page in the side panel, in the reader's language;
 * 'Open in new tab' opens it on its own. A failure reads 'BI Tool failed: {error}'.
 */
export function BiDashboardCard({ invocation }: ToolCardProps<"biDashboardTool">) {
  const { t, i18n } = useTranslation();
  const reading = useMemo(() => readDashboard(invocation.output), [invocation.output]);
  const result = reading && "result" in reading ? reading.result : undefined;
  const title = result?.dashboard_name || askedName(invocation.input) || t("bi.dashboard.title");
  const language = i18n.language;
  const artifact = useMemo(() => (result ? dashboardArtifact(result, title, language) : null), [result, title, language]);
  const format = useMemo(() => numberFormatter(language), [language]);
  const asked = askedTiles(invocation.input);
  // Nothing asked for yet: the shell's skeleton shows instead.
  const planned = asked.length > 0 ? <PlannedTiles tiles={asked} /> : undefined;

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = t("bi.failed", { error: withoutPrefix(invocation.errorText ?? "") || t("tools.unknownError") });
  else if (reading && "unreadable" in reading) failure = t("bi.parseError");
  else if (reading && "failed" in reading) failure = t("bi.failed", { error: reading.failed ?? t("tools.unknownError") });

  const failed = result?.tiles.filter((tile) => tile.error !== null).length ?? 0;
  const summary = result && (failed > 0 ? t("bi.dashboard.summaryFailed", { n: format(result.tiles.length), failed: format(failed) }) : t("bi.dashboard.summary", { n: format(result.tiles.length) }));
  const src = artifact?.props.src;
  const href = typeof src === "string" ? (safeLinkUrl(src) ?? undefined) : undefined;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<DashboardIcon className="size-4.5" />}
      accent="violet"
      title={title}
      runningLabel={t("bi.dashboard.running")}
      summary={summary}
      failure={failure}
      runningDetail={planned}
      failureDetail={planned}
      defaultOpen
      artifact={artifact}
    >
      {result && (
        <>
          <ul aria-label={t("bi.dashboard.tiles")} className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="bi-dashboard-tiles">
            {result.tiles.map((tile, i) => (
              <li key={i} className="flex items-start gap-2.5 px-3 py-2" data-testid="bi-dashboard-tile">
                <KindMark kind={tile.kind} />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm text-slate-900 wrap-anywhere">{tile.title}</span>
                  {tile.error !== null && (
                    <span className="mt-0.5 block text-xs break-words text-red-700" data-testid="bi-dashboard-tile-error">
                      {t("bi.dashboard.tileFailed", { error: tile.error })}
                    </span>
                  )}
                </span>
                {tile.error === null && <span className="shrink-0 pt-0.5 text-xs text-slate-500 tabular-nums">{t("bi.dashboard.rows", { n: format(tile.rowCount) })}</span>}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => artifact && openArtifact(invocation.messageId, artifact)}
              className="inline-flex items-center gap-1.5 rounded-lg bg-navy-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-navy-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
              data-testid="bi-dashboard-open"
            >
              <PanelRightIcon className="size-3.5" />
              {t("bi.dashboard.open")}
            </button>
            {href && (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-medium text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
                data-testid="bi-dashboard-new-tab"
              >
                <ExternalLinkIcon className="size-3.5" />
                {t("bi.dashboard.openInNewTab")}
              </a>
            )}
          </div>
        </>
      )}
    </ToolCardShell>
  );
}
