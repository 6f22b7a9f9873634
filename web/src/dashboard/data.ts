import type { DashboardPage } from "../generated/bi/DashboardPage";
import type { TileData } from "../generated/bi/TileData";
import type { TileKind } from "../generated/bi/TileKind";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import { isRecord } from "../lib/values";

/** The element the server puts the page's data in, right before `</head>`. */
export const DATA_ELEMENT_ID = "dashboard-data";

export const TILE_KINDS = ["kpi", "line", "bar", "stackedBar", "table"] as const satisfies readonly TileKind[];

const isTileKind = (value: unknown): value is TileKind => (TILE_KINDS as readonly unknown[]).includes(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");
const isRows = (value: unknown): value is JsonValue[][] => Array.isArray(value) && value.every(Array.isArray);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const textOrNull = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * One tile as the page shows it. What it cannot do without — a title, a kind it knows,
 * its columns and rows — must be there and of its type; the rest (provenance, the chart's
 * columns) is defaulted, so a field the server adds or leaves out does not lose the tile.
 */
function readTile(value: unknown): TileData | null {
  if (!isRecord(value) || typeof value.title !== "string" || !isTileKind(value.kind)) return null;
  const columns = value.columns ?? [];
  const rows = value.rows ?? [];
  if (!isStrings(columns) || !isRows(rows)) return null;
  return {
    title: value.title,
    kind: value.kind,
    x: textOrNull(value.x),
    y: isStrings(value.y) ? value.y : [],
    series: textOrNull(value.series),
    columns,
    rows,
    query: text(value.query),
    sql: text(value.sql),
    filters: isStrings(value.filters) ? value.filters : [],
    facilities: isStrings(value.facilities) ? value.facilities : [],
    dataAsOf: textOrNull(value.dataAsOf),
    truncated: value.truncated === true,
    error: typeof value.error === "string" ? value.error : null,
  };
}

/** The page's data as parsed JSON, checked: the dashboard, or null when it is not one. */
export function readDashboard(value: unknown): DashboardPage | null {
  if (!isRecord(value) || typeof value.name !== "string" || !Array.isArray(value.tiles)) return null;
  const tiles: TileData[] = [];
  for (const tile of value.tiles) {
    const read = readTile(tile);
    if (!read) return null;
    tiles.push(read);
  }
  return { name: value.name, renderedAt: text(value.renderedAt), tiles };
}

/**
 * The dashboard the server embedded in the page (`<script type="application/json"
 * id="dashboard-data">`), or null when it is missing, not JSON or not a dashboard.
 */
export function embeddedDashboard(doc: Document): DashboardPage | null {
  const element = doc.getElementById(DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return readDashboard(JSON.parse(element.textContent));
  } catch {
    return null;
  }
}
