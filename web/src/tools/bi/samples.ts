import type { JsonValue } from "../../generated/serde_json/JsonValue";
import type { CubeInput } from "../../generated/tools/bi/CubeInput";
import type { DashboardInput } from "../../generated/tools/bi/DashboardInput";
import type { DashboardResult } from "../../generated/tools/bi/DashboardResult";
import type { DownloadInput } from "../../generated/tools/bi/DownloadInput";
import type { DownloadResult } from "../../generated/tools/bi/DownloadResult";
import type { QueryInput } from "../../generated/tools/bi/QueryInput";
import type { QueryResultOutput } from "../../generated/tools/bi/QueryResultOutput";
import type { SampleChecks } from "../types";

/** A cell as the English table shows it: numbers grouped, NULL as an em dash. */
function shown(value: JsonValue): string {
  if (value === null) return "—";
  if (typeof value === "number") return new Intl.NumberFormat("en", { maximumFractionDigits: 2 }).format(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * What the BI card shows of its tools' golden samples: the title with the tool's friendly
 * name, then each tool's response — every cube's title and name; the schema's measures
 * (with their usage) and dimensions; the enum fields' query ids; the values; the query's
 * columns and its first row, formatted; the file's name and rows — and the footer. The
 * dashboard's card: its name, its tiles (a failed one's error), and the ways to open it.
 */
const checks: SampleChecks = {
  getCubeDescTool: (sample) => ["BI Tool: Cube catalogue", `Cubes: ${sample.cubes.length}`, ...sample.cubes.flatMap((cube) => [cube.title, cube.name]), "BI Tool Results"],
  getCubeSchemaInfoTool: (sample) => [
    "BI Tool: Cube schema",
    sample.title,
    ...sample.measures.flatMap((measure) => [measure.title, measure.usage]),
    ...sample.dimensions.map((dimension) => dimension.title),
    "BI Tool Results",
  ],
  getCubeFieldEnumQueryIdsTool: (sample) => ["BI Tool: Enum fields", ...sample.fields.map((field) => field.queryId), "BI Tool Results"],
  getCubeEnumValuesTool: (sample) => ["BI Tool: Enum values", ...sample.fields.flatMap((field) => [field.queryId, ...field.values]), "BI Tool Results"],
  testQuerySqlTool: (sample) => ["BI Tool: Query", `Rows: ${sample.rows.length}`, ...sample.columns, ...(sample.rows[0] ?? []).map(shown), "How this was computed", "BI Tool Results"],
  generateFileNameTool: (sample) => ["BI Tool: File name", sample.fileName, "BI Tool Results"],
  downloadFileTool: (sample) => ["BI Tool: Download file", sample.fileName, `Rows: ${sample.rowCount}`, "Download", "How this was computed", "BI Tool Results"],
  biDashboardTool: (sample) => [
    sample.dashboard_name || "BI Dashboard",
    `Tiles: ${shown(sample.tiles.length)}`,
    ...sample.tiles.flatMap((tile) => [tile.title, tile.error === null ? `Rows: ${shown(tile.rowCount)}` : `Failed: ${tile.error}`]),
    "Open dashboard",
    "Open in new tab",
  ],
};

export default checks;

const asOf = "2026-11-25T00:24:44.933489692Z";

/** The query's provenance as the server writes it (crates/waybill-bi/src/tools.rs). */
const provenance = {
  generatedSql: "WITH shipments AS (SELECT … FROM shipments WHERE shipments.facility_id IN ('dc-ontario'))\nSELECT carrier_name, COUNT(shipment_id) AS shipments FROM shipments GROUP BY carrier_name",
  facilities: ["dc-ontario"],
  dataAsOf: asOf,
};

/** Many rows: `n` shipments by day, for the row limit and 'Show all N rows'. */
function daily(n: number): JsonValue[][] {
  return Array.from({ length: n }, (_, i) => [`2026-${String(Math.floor(i / 28) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`, 1000 + i]);
}

/**
 * Inputs and outputs for the card's views beside the golden samples: the component tests
 * render these.
 */
export const examples = {
  schemaInput: { cubeName: "shipments" } satisfies CubeInput,
  queryInput: {
    sql: "SELECT carrier_name, COUNT(shipment_id) AS shipments, AVG(delivered_on_time) AS on_time, SUM(weight_lb) AS weight FROM shipments GROUP BY carrier_name",
    purpose: "Shipments and on-time rate by carrier",
  } satisfies QueryInput,
  byCarrier: {
    success: true,
    columns: ["carrier_name", "shipments", "on_time", "weight"],
    rows: [
      ["Old Dominion", 1234567, 0.9375, 48210.5],
      ["Estes Express", 812, null, 1200.25],
      [null, 3, 1, 0],
    ],
    rowCount: 3,
    truncated: false,
    ...provenance,
  } satisfies QueryResultOutput,
  hostile: {
    success: true,
    columns: ["customer_name", "<b>units</b>"],
    rows: [
      ["<img src=x onerror=alert(1)>", 5],
      ["x".repeat(5000), 1],
      [{ nested: "<script>alert(1)</script>" }, 2],
    ],
    rowCount: 3,
    truncated: false,
    ...provenance,
  } satisfies QueryResultOutput,
  many: { success: true, columns: ["day", "shipments"], rows: daily(250), rowCount: 250, truncated: false, ...provenance } satisfies QueryResultOutput,
  cut: {
    success: true,
    columns: ["day", "shipments"],
    rows: daily(300),
    rowCount: 300,
    truncated: true,
    ...provenance,
    note: "The card shows all 300 rows; you read the first 50.",
  } satisfies QueryResultOutput,
  noRows: { success: true, columns: ["carrier_name", "shipments"], rows: [], rowCount: 0, truncated: false, ...provenance } satisfies QueryResultOutput,
  downloadInput: { sql: "SELECT carrier_name, COUNT(shipment_id) AS shipments FROM shipments GROUP BY carrier_name", fileName: "shipments-by-carrier-2026-11-25", format: "csv" } satisfies DownloadInput,
  downloadCut: {
    success: true,
    fileName: "shipments-by-day-2026-11-25.csv",
    fileId: "01a2101c-d4ef-7010-90d3-9c5a01d2726b",
    url: "/api/file-app/v1/file/view/tok3n/shipments-by-day-2026-11-25.csv",
    mediaType: "text/csv",
    size: 1536,
    rowCount: 10000,
    truncated: true,
    generatedSql: provenance.generatedSql,
    dataAsOf: asOf,
  } satisfies DownloadResult,
  dashboardInput: {
    params: [
      {
        dashboard_name: "Yard dwell time",
        tiles: [
          { title: "Average dwell (h)", kind: "kpi", sql: "SELECT AVG(dwell_hours) AS avg_dwell FROM yard_visits" },
          { title: "Dwell by day", kind: "line", sql: "SELECT date_trunc('day', arrived_at) AS day, AVG(dwell_hours) AS avg_dwell FROM yard_visits GROUP BY 1", x: "day" },
          { title: "Door turn time", kind: "bar", sql: "SELECT door, AVG(turn_minutes) FROM dock_doors GROUP BY door" },
        ],
      },
    ],
  } satisfies DashboardInput,
  dashboard: {
    success: true,
    dashboard_name: "Yard dwell time",
    dashboardId: "01a21044-7f3e-7c11-9d2b-3b1f7a0c5e21",
    url: "/d/dt0k3n",
    tiles: [
      { title: "Average dwell (h)", kind: "kpi", rowCount: 1, error: null },
      { title: "Dwell by day", kind: "line", rowCount: 14, error: null },
      { title: "Door turn time", kind: "bar", rowCount: 0, error: "There is no column named turn_minutes in dock_doors" },
    ],
    artifact: { id: "dashboard-01a21044-7f3e-7c11-9d2b-3b1f7a0c5e21", type: "iframe", title: "Yard dwell time", props: { src: "/d/dt0k3n" } },
  } satisfies DashboardResult,
  queryFailed: "There is no cube named shipmints. The cubes are: appointments, carriers, customers, dock_doors, inventory, order_lines, outbound_orders, receiving, shipments.",
};
