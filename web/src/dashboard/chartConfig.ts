import type { ChartConfiguration } from "chart.js";
import type { ChartSeries } from "./tiles";

/** Line and bar charts, each of possibly empty values. */
export type DashboardChart = ChartConfiguration<"line", (number | null)[], string> | ChartConfiguration<"bar", (number | null)[], string | string[]>;

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

/** Bars whose labels no longer fit under them side by side: then the bars lie across, a label before each. */
const UPRIGHT_BARS_UP_TO = 8;
/** A label longer than this (in characters) under an upright bar turns the chart on its side. */
const UPRIGHT_LABEL_CHARS = 12;
/** The characters a label's line holds beside a bar lying across; a longer label wraps (two lines, then cut). */
const LABEL_LINE_CHARS = 22;

/** Whether a bar chart's bars lie across: many bars, or a label too long to stand under its bar. */
export function barsAcross(labels: readonly string[]): boolean {
  return labels.length > UPRIGHT_BARS_UP_TO || labels.some((label) => label.length > UPRIGHT_LABEL_CHARS);
}

/** A label in lines of at most `max` characters, broken at spaces where it can: two lines, the rest cut with '…'. */
export function wrapLabel(label: string, max = LABEL_LINE_CHARS): string | string[] {
  if (label.length <= max) return label;
  const lines: string[] = [];
  let line = "";
  for (const word of label.split(/\s+/)) {
    for (let rest = word; rest.length > 0; ) {
      const room = line ? max - line.length - 1 : max;
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = "";
      } else if (line) {
        lines.push(line);
        line = "";
      } else {
        lines.push(rest.slice(0, max));
        rest = rest.slice(max);
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  const second = lines[1]!;
  return [lines[0]!, `${second.slice(0, max - 1)}…`];
}

/** How tall a chart's box is, in pixels: a chart lying across grows with its bars (every bar gets a labelled row). */
export function chartHeight(config: DashboardChart): number | undefined {
  if (config.type !== "bar" || config.options?.indexAxis !== "y") return undefined;
  const bars = config.data.labels?.length ?? 0;
  const legend = config.data.datasets.length > 1 ? 32 : 0;
  return Math.max(224, bars * 28 + 48 + legend);
}

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
  // Every bar keeps its label (Chart.js would skip labels that do not fit): upright bars
  // tilt long ones; many bars or long labels lie across, each label wrapped before its bar.
  const across = barsAcross(series.labels);
  const categories = { grid: { display: false }, ticks: { color: SLATE_500, autoSkip: false, ...(across ? {} : { maxRotation: 45, minRotation: 0 }) } };
  const values = { beginAtZero: true, grid: { color: SLATE_200 }, border: { display: false }, ticks: { color: SLATE_500 } };
  const barScales = across
    ? { x: { ...values, stacked: series.stacked }, y: { ...categories, stacked: series.stacked } }
    : { x: { ...categories, stacked: series.stacked }, y: { ...values, stacked: series.stacked } };
  return {
    type: "bar",
    data: {
      labels: across ? series.labels.map((label) => wrapLabel(label)) : series.labels,
      datasets: series.datasets.map((d, i) => ({
        label: d.label,
        data: d.data,
        backgroundColor: colourOf(i),
        borderRadius: series.stacked ? 0 : 3,
        maxBarThickness: 48,
      })),
    },
    options: { ...common, scales: barScales, indexAxis: across ? "y" : "x", interaction: { mode: "index", intersect: false, axis: across ? "y" : "x" } },
  };
}
