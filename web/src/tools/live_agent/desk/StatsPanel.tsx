import { useTranslation } from "react-i18next";
import type { DeskStats } from "../api/deskTypes";
import { formatClock } from "./time";

/** Today's figures for the tenant's desk, for agents and administrators. */
export function StatsPanel({ stats }: { stats: DeskStats | undefined }) {
  const { t } = useTranslation();
  const figures: [string, string, string][] = [
    ["queue", t("live_agent.desk.statQueue"), stats ? String(stats.queueLength) : "–"],
    ["average", t("live_agent.desk.statAverageWait"), stats ? formatClock(stats.averageWaitSeconds) : "–"],
    ["longest", t("live_agent.desk.statLongestWait"), stats ? formatClock(stats.longestWaitSeconds) : "–"],
    ["active", t("live_agent.desk.statActive"), stats ? String(stats.activeSessions) : "–"],
    ["agents", t("live_agent.desk.statAgentsOnline"), stats ? String(stats.agentsOnline) : "–"],
  ];
  return (
    <section aria-label={t("live_agent.desk.stats")} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {figures.map(([key, label, value]) => (
          <div key={key} data-testid={`desk-stat-${key}`}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5 text-xl font-semibold text-navy-950 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
