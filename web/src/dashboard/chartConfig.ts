import type { ChartConfiguration } from "chart.js";
import type { ChartSeries } from "./tiles";

/** Line and bar charts, each of possibly empty values. */
export type DashboardChart = ChartConfiguration<"line", (number | null)[], string> | ChartConfiguration<"bar", (number | null)[], string>;

/** The series colours: the app's accents (Tailwind's 600s), then slate. */
export const PALETTE = ["#0d9488", "#0284c7", "#7c3aed", "#d97706", "#e11d48", "#059669", "#4f46e5", "#db2777", "#65a30d", "#64748b"];

const colourOf = (index: number) => PALETTE[index % PALETTE.length]!;

/** Above this many points a line is drawn without dots: they would only blur it. */
const DOTS_UP_TO = 60;

/** The app's font stack (index.css, dashboard.css), for the text drawn on the canvas. */
export const FONT_FAMILY =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

const SLATE_500 = "#64748b";
const SLATE_200 = "#e2e8f0";

/**
 * How a chart tile is drawn: no animation (the page renders once, at once), sized by its
 * box, numbers on the axes in the page's language, a legend only when there is more than
 * one series. Labels and tooltips are drawn on the canvas: text, never markup.
 */
export function chartConfig(kind: "line" | "bar" | "stackedBar", series: ChartSeries, language: string): DashboardChart {
  const scales = {
    x: { stacked: series.stacked, grid: { display: false }, ticks: { color: SLATE_500, maxRotation: 0, autoSkip: true } },
    y: { stacked: series.stacked, beginAtZero: true, grid: { color: SLATE_200 }, border: { display: false }, ticks: { color: SLATE_500 } },
  };
  const plugins = {
    legend: { display: series.datasets.length > 1, position: "bottom" as const, labels: { boxWidth: 10, boxHeight: 10, color: "#334155" } },
    tooltip: { mode: "index" as const, intersect: false },
  };
  const common = { animation: false as const, responsive: true, maintainAspectRatio: false, locale: language, scales, plugins };
  if (kind === "line") {
    const dots = series.labels.length <= DOTS_UP_TO;
    return {
      type: "line",
      data: {
        labels: series.labels,
        datasets: series.datasets.map((d, i) => ({
          label: d.label,
          data: d.data,
          borderColor: colourOf(i),
          backgroundColor: colourOf(i),
          borderWidth: 2,
          pointRadius: dots ? 2.5 : 0,
          pointHoverRadius: 4,
          tension: 0.25,
          spanGaps: true,
        })),
      },
      options: { ...common, interaction: { mode: "index", intersect: false } },
    };
  }
  return {
    type: "bar",
    data: {
      labels: series.labels,
      datasets: series.datasets.map((d, i) => ({
        label: d.label,
        data: d.data,
        backgroundColor: colourOf(i),
        borderRadius: series.stacked ? 0 : 3,
        maxBarThickness: 48,
      })),
    },
    options: { ...common, interaction: { mode: "index", intersect: false } },
  };
}
