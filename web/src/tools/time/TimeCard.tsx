import { useTranslation } from "react-i18next";
import { ClockIcon } from "../../components/moreIcons";
import type { TimeReport } from "../../generated/tools/time/TimeReport";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { instantOf, longDate, offsetLabel, timeOf, twelveHour, worldTimes } from "./clock";

/**
 * timeTool (spec 001 §2.3): date, time, time zone, the 12-hour reading with AM/PM, and
 * the world times of UTC, New York, London, Beijing, Tokyo and Sydney, each by its time
 * zone's rules at the result's instant, labelled with its offset then.
 */
export function TimeCard({ invocation }: ToolCardProps<"timeTool">) {
  const { t } = useTranslation();
  const report = timeOf(invocation.output);
  const zone = report?.timezone || invocation.input?.timezone;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<ClockIcon className="size-4.5" />}
      accent="violet"
      title={zone ? t("time.title", { timezone: zone }) : t("time.titleLocal")}
      runningLabel={t("time.loading")}
      summary={report ? [report.time, report.date].filter(Boolean).join(" · ") : undefined}
      failure={invocation.phase === "completed" && !report ? t("tools.noResult") : undefined}
      defaultOpen
    >
      {report && <TimeDetails report={report} />}
    </ToolCardShell>
  );
}

function TimeDetails({ report }: { report: TimeReport }) {
  const { t, i18n } = useTranslation();
  const twelve = twelveHour(report.hours, report.minutes, report.seconds);
  const date = longDate(report, i18n.language);
  const instant = instantOf(report);
  return (
    <div data-testid="time-report">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
        <p className="text-4xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="time-now">
          {report.time}
        </p>
        <p className="pb-1 text-sm text-slate-600 tabular-nums" data-testid="time-12h">
          {t("time.twelveHour", { clock: twelve.clock, period: t(`time.${twelve.period}`) })}
        </p>
      </div>
      <dl className="mt-1 space-y-0.5 text-sm text-slate-600">
        {date && (
          <div className="flex gap-2">
            <dt className="sr-only">{t("time.date")}</dt>
            <dd>{date}</dd>
          </div>
        )}
        {report.timezone && (
          <div className="flex gap-2">
            <dt className="text-slate-500">{t("time.timezone")}</dt>
            <dd className="font-medium text-slate-800">
              {report.timezone}
              {report.utcOffset && <span className="ml-1 font-normal text-slate-500">({report.utcOffset})</span>}
            </dd>
          </div>
        )}
      </dl>
      {instant !== undefined && (
        <section className="mt-3" aria-label={t("time.worldTimes")}>
          <p className="mb-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{t("time.worldTimes")}</p>
          <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3" data-testid="world-times">
            {worldTimes(instant).map((w) => (
              <li key={w.city} className="rounded-lg bg-slate-50 px-2.5 py-1.5" data-testid="world-time">
                <p className="truncate text-xs text-slate-500">
                  {t(`time.cities.${w.city}`)}
                  {w.city !== "utc" && <span className="ml-1 text-slate-400">{offsetLabel(w.offset)}</span>}
                </p>
                <p className="font-medium text-slate-900 tabular-nums">
                  {w.time}
                  {w.dayShift !== 0 && <span className="ml-1 text-[11px] font-normal text-slate-400">{t("time.dayShift", { n: w.dayShift > 0 ? `+${w.dayShift}` : String(w.dayShift) })}</span>}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
