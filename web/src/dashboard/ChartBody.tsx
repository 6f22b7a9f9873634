import { useLayoutEffect, useMemo, useRef } from "react";
import type { TileData } from "../generated/bi/TileData";
import { drawChart } from "./chart";
import { chartConfig, chartHeight } from "./chartConfig";
import { usePage } from "./context";
import { fill } from "./strings";
import { chartSeries } from "./tiles";

/**
 * A line, bar or stacked bar chart of the tile's rows, drawn into its canvas as the page
 * commits (layout effect), so the page counts as rendered only once every chart is drawn.
 */
export function ChartBody({ tile, kind }: { tile: TileData; kind: "line" | "bar" | "stackedBar" }) {
  const { strings, language, formats } = usePage();
  const canvas = useRef<HTMLCanvasElement>(null);
  const config = useMemo(() => chartConfig(kind, chartSeries(tile, formats), language), [kind, tile, formats, language]);
  const height = chartHeight(config);

  useLayoutEffect(() => {
    if (!canvas.current) return;
    const chart = drawChart(canvas.current, config);
    return () => chart?.destroy();
  }, [config]);

  return (
    <div className={`relative w-full ${height === undefined ? "h-56 sm:h-64" : ""}`} style={height === undefined ? undefined : { height }} data-testid="tile-chart">
      <canvas ref={canvas} role="img" aria-label={fill(strings.chart, { kind: strings.kind[kind], title: tile.title })} />
    </div>
  );
}
