import { BarController, BarElement, CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from "chart.js";
import { type DashboardChart, FONT_FAMILY } from "./chartConfig";

/**
 * Chart.js with only what the dashboard draws — line and bar charts on a category and a
 * linear axis, with legend and tooltips — so the rest of it is left out of the bundle.
 * Only the dashboard page imports Chart.js (dashboard/imports.test.ts, and the build).
 */
Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
// The page's own font (dashboard.css), read before any style sheet has to be loaded.
Chart.defaults.font.family = FONT_FAMILY;
Chart.defaults.color = "#475569";

/** Draws a chart into `canvas` (at once: the configs have no animation); null when the canvas cannot be drawn on. */
export function drawChart(canvas: HTMLCanvasElement, config: DashboardChart): { destroy: () => void } | null {
  // A canvas without a 2D context (a browser that refuses one) leaves the tile without its chart, not the page without tiles.
  if (!canvas.getContext("2d")) return null;
  return new Chart(canvas, config);
}
