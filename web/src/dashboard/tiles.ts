import type { TileData } from "../generated/bi/TileData";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import { columnLabel } from "../lib/labels";
import { type Formats, timeColumnOf, textOf } from "./format";

type Rows = readonly (readonly JsonValue[])[];

/** A column of numbers: every value a number or NULL, one at least. */
export function isNumericColumn(rows: Rows, index: number): boolean {
  let numbers = 0;
  for (const row of rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    if (typeof value !== "number") return false;
    numbers += 1;
  }
  return numbers > 0;
}

/** Which columns a chart draws, by index: the categories, the values, and the stacks (stackedBar). */
export type Axes = { x: number; y: number[]; series: number | null };

/**
 * The tile's columns as its chart reads them. `x` is the column the tile names, else the
 * first. `series` (stackedBar only) is the column it names, else the first column of
 * text other than x; without one the value columns are stacked instead. The values are
 * the columns `y` names (one only when there are stacks), else every numeric column
 * other than x and series. Names the query does not return are passed over.
 */
export function axesOf(tile: TileData): Axes {
  const { columns, rows } = tile;
  const at = (name: string | null) => (name === null ? -1 : columns.indexOf(name));
  const x = Math.max(0, at(tile.x));
  let series: number | null = null;
  if (tile.kind === "stackedBar") {
    const named = at(tile.series);
    const found = named >= 0 && named !== x ? named : columns.findIndex((_, i) => i !== x && !isNumericColumn(rows, i));
    series = found >= 0 ? found : null;
  }
  const free = (i: number) => i >= 0 && i !== x && i !== series;
  const named = tile.y.map(at).filter(free);
  const y = named.length > 0 ? named : columns.map((_, i) => i).filter((i) => free(i) && isNumericColumn(rows, i));
  return { x, y: series === null ? y : y.slice(0, 1), series };
}

/** The column a KPI shows: the first `y` the query returned, else its first numeric column, else its first. */
export function kpiColumn(tile: TileData): number {
  const named = tile.y.map((name) => tile.columns.indexOf(name)).find((i) => i >= 0);
  if (named !== undefined) return named;
  const numeric = tile.columns.findIndex((_, i) => isNumericColumn(tile.rows, i));
  return numeric >= 0 ? numeric : 0;
}

/** A KPI's value: its column in the first row (undefined when there is no row). */
export function kpiValue(tile: TileData): JsonValue | undefined {
  return tile.rows[0]?.[kpiColumn(tile)];
}

const numberOf = (value: JsonValue | undefined): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** A value as a key: a category or a stack is the same value however often it appears. */
const keyOf = (value: JsonValue | undefined): string => JSON.stringify(value ?? null);

/**
 * Rows pivoted for a stacked bar chart: the categories (x values, in the order they first
 * appear), and for each stack (series value, likewise) its value in each category — the
 * sum when several rows meet there, null when none does.
 */
export function pivot(rows: Rows, x: number, series: number, value: number): { categories: JsonValue[]; stacks: { key: JsonValue; values: (number | null)[] }[] } {
  const categories = new Map<string, { value: JsonValue; index: number }>();
  const stacks = new Map<string, { key: JsonValue; values: (number | null)[] }>();
  for (const row of rows) {
    const category = keyOf(row[x]);
    if (!categories.has(category)) categories.set(category, { value: row[x] ?? null, index: categories.size });
  }
  for (const row of rows) {
    const stackKey = keyOf(row[series]);
    let stack = stacks.get(stackKey);
    if (!stack) {
      stack = { key: row[series] ?? null, values: new Array<number | null>(categories.size).fill(null) };
      stacks.set(stackKey, stack);
    }
    const at = categories.get(keyOf(row[x]))!.index;
    const n = numberOf(row[value]);
    if (n !== null) stack.values[at] = (stack.values[at] ?? 0) + n;
  }
  return { categories: [...categories.values()].map((c) => c.value), stacks: [...stacks.values()] };
}

/** What a chart draws: a label per category and one dataset per value column (or per stack). */
export type ChartSeries = { labels: string[]; datasets: { label: string; data: (number | null)[] }[]; stacked: boolean };

/**
 * A chart tile's data. Categories read as text; a column of timestamps as dates; a
 * number as written (a year is not "2,026"); NULL as an em dash.
 */
export function chartSeries(tile: TileData, formats: Formats): ChartSeries {
  const { columns, rows } = tile;
  const axes = axesOf(tile);
  const time = timeColumnOf(rows, axes.x);
  const label = (value: JsonValue | undefined) => (typeof value === "number" ? String(value) : textOf(value, formats, time));
  const stacked = tile.kind === "stackedBar";
  const value = axes.y[0];
  if (axes.series !== null && value !== undefined) {
    const { categories, stacks } = pivot(rows, axes.x, axes.series, value);
    return {
      labels: categories.map(label),
      datasets: stacks.map((stack) => ({ label: textOf(stack.key, formats), data: stack.values })),
      stacked,
    };
  }
  return {
    labels: rows.map((row) => label(row[axes.x])),
    datasets: axes.y.map((i) => ({ label: columnLabel(columns[i] ?? ""), data: rows.map((row) => numberOf(row[i])) })),
    stacked,
  };
}
