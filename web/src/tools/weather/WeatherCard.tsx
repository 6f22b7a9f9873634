import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ToolCardShell } from "../shell/ToolCardShell";
import type { ToolCardProps } from "../types";
import { DropletIcon, SunCloudIcon, WindIcon } from "./icons";
import { conditionKey, formatUpdated, reading, readingOf } from "./weather";

/**
 * weatherTool (spec 001 §2.2): location, temperature with its unit, condition, humidity,
 * wind speed in km/h, the update time, and the note '数据仅供参考' (in Chinese; translated
 * in every other language).
 */
export function WeatherCard({ invocation }: ToolCardProps<"weatherTool">) {
  const { t } = useTranslation();
  const report = readingOf(invocation.output);
  // A chat stored by the spec's earlier assistant may hold a result without the place
  // (spec 001 §3 "Weather result"): then the place asked for names it.
  const location = report?.location || invocation.input?.location;
  const known = report?.condition ? conditionKey(report.condition) : undefined;
  const condition = known ? t(`weather.conditions.${known}`) : report?.condition;
  const temperature = report ? t("weather.temperature", { value: reading(report.temperature), unit: report.unit }) : "";

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<SunCloudIcon className="size-4.5" />}
      accent="sky"
      title={location ? t("weather.title", { location }) : t("weather.titleAnywhere")}
      runningLabel={location ? t("weather.loading", { location }) : t("weather.loadingAnywhere")}
      summary={report ? [temperature, condition].filter(Boolean).join(" · ") : t("tools.noResult")}
      failure={invocation.phase === "completed" && !report ? t("tools.noResult") : undefined}
      defaultOpen
    >
      {report && (
        <div data-testid="weather-report">
          <div className="flex items-end gap-4">
            <p className="text-4xl font-semibold tracking-tight whitespace-nowrap text-slate-900 tabular-nums" data-testid="weather-temperature">
              {temperature}
            </p>
            <div className="min-w-0 pb-1">
              {condition && <p className="font-medium text-slate-800">{condition}</p>}
              {location && <p className="truncate text-sm text-slate-500">{location}</p>}
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <Reading icon={<DropletIcon className="size-4 text-sky-500" />} label={t("weather.humidity")}>
              {report.humidity == null ? "—" : t("weather.percent", { value: reading(report.humidity) })}
            </Reading>
            <Reading icon={<WindIcon className="size-4 text-sky-500" />} label={t("weather.wind")}>
              {report.windSpeed == null ? "—" : t("weather.windSpeed", { value: reading(report.windSpeed) })}
            </Reading>
          </dl>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
            {report.lastUpdated && (
              <span>
                {t("weather.updated", { time: formatUpdated(report.lastUpdated) })}
                {report.timezone && ` · ${report.timezone}`}
              </span>
            )}
            <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800" data-testid="weather-note">
              {t("weather.note")}
            </span>
          </div>
        </div>
      )}
    </ToolCardShell>
  );
}

function Reading({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A value never parts from its unit ('73 %', '23.3 km/h'); where the label leaves no room
    // on a phone, the whole value moves under it instead.
    <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-lg bg-slate-50 px-3 py-2">
      {icon}
      <dt className="text-slate-500">{label}</dt>
      <dd className="ml-auto font-medium whitespace-nowrap text-slate-900 tabular-nums" data-testid="weather-reading">
        {children}
      </dd>
    </div>
  );
}
