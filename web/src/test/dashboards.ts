import type { DashboardInfo } from "../generated/bi/DashboardInfo";
import type { DashboardPage } from "../generated/bi/DashboardPage";
import type { TileData } from "../generated/bi/TileData";
import { type Call, json } from "./fetchMock";

/** When the tiles' data was read, as the server writes it (RFC 3339, nanoseconds). */
export const DATA_AS_OF = "2026-11-25T00:24:44.933489692Z";

/** A tile as the server sends one, with what a test changes. */
export function tile(extra: Partial<TileData>): TileData {
  return {
    title: "Tile",
    kind: "table",
    x: null,
    y: [],
    series: null,
    columns: [],
    rows: [],
    query: "SELECT 1",
    sql: "SELECT 1",
    filters: [],
    facilities: [],
    dataAsOf: DATA_AS_OF,
    truncated: false,
    error: null,
    ...extra,
  };
}

/** A dashboard of each kind of tile, one of them failed. */
export function yardDashboard(): DashboardPage {
  const provenance = {
    filters: ["yard_visits.arrived_at >= DATE '2026-11-18'", "yard_visits.status <> 'cancelled'"],
    facilities: ["yard-fontana", "dc-ontario"],
  };
  return {
    name: "Yard dwell time",
    renderedAt: "2026-11-25T00:25:00Z",
    tiles: [
      tile({ ...provenance, title: "Average dwell (h)", kind: "kpi", columns: ["avg_dwell"], rows: [[18.4321]], query: "SELECT AVG(dwell_hours) AS avg_dwell FROM yard_visits" }),
      tile({
        ...provenance,
        title: "Dwell by day",
        kind: "line",
        columns: ["day", "avg_dwell"],
        rows: [
          ["2026-11-18T00:00:00Z", 17],
          ["2026-11-19T00:00:00Z", 19.5],
        ],
        query: "SELECT date_trunc('day', arrived_at) AS day, AVG(dwell_hours) AS avg_dwell FROM yard_visits GROUP BY 1",
      }),
      tile({
        ...provenance,
        title: "Visits by status",
        kind: "stackedBar",
        x: "day",
        series: "status",
        y: ["visits"],
        columns: ["day", "status", "visits"],
        rows: [
          ["2026-11-18T00:00:00Z", "checked_in", 4],
          ["2026-11-18T00:00:00Z", "departed", 6],
          ["2026-11-19T00:00:00Z", "checked_in", 2],
        ],
        query: "SELECT date_trunc('day', arrived_at) AS day, status, COUNT(visit_id) AS visits FROM yard_visits GROUP BY 1, 2",
      }),
      tile({
        ...provenance,
        title: "Longest dwelling trailers",
        kind: "table",
        truncated: true,
        columns: ["trailer_id", "<b>carrier</b>", "dwell_hours"],
        rows: Array.from({ length: 250 }, (_, i) => [`TR-${1000 + i}`, i === 0 ? "<img src=x onerror=alert(1)>" : "XPO", 96 - i * 0.25]),
        query: "SELECT trailer_id, carrier_name, dwell_hours FROM yard_visits ORDER BY dwell_hours DESC",
      }),
      tile({
        title: "Door turn time",
        kind: "bar",
        dataAsOf: null,
        query: "SELECT door, AVG(turn_minutes) FROM dock_doors GROUP BY door",
        sql: "",
        error: "There is no column named turn_minutes in dock_doors",
      }),
    ],
  };
}

/** A dashboard as the Dashboards page lists one. */
export function dashboardInfo(id: string, name: string, extra: Partial<DashboardInfo> = {}): DashboardInfo {
  return { id, name, chatId: `chat-${id}`, tileCount: 4, createdAt: Date.parse("2026-11-24T09:00:00Z"), link: `/d/tok-${id}`, ...extra };
}

type Options = {
  dashboards: DashboardInfo[];
  /** `GET /api/dashboards` is refused this many times first (404: a server without dashboards yet, which the client does not retry). */
  listFailures?: number;
  /** Actions on these ids are refused as the server refuses an unknown dashboard (404). */
  gone?: string[];
};

/**
 * The dashboards API in memory, for component tests: the list, a new link (the old one
 * dropped), a revoked link, a deleted dashboard. Returns undefined for other paths, so it
 * can be a `fakeServer` override.
 */
export function fakeDashboardsServer({ dashboards, listFailures = 0, gone = [] }: Options) {
  const store = new Map(dashboards.map((d) => [d.id, { ...d }]));
  let failures = listFailures;
  let renewed = 0;
  const handler = (call: Call): Response | undefined => {
    const { pathname } = new URL(call.path, "http://waybill.test");
    if (pathname === "/api/dashboards" && call.method === "GET") {
      if (failures > 0) {
        failures -= 1;
        return json(404, { code: "not_found", message: "Not found" });
      }
      return json(200, { dashboards: [...store.values()] });
    }
    const match = /^\/api\/dashboards\/([^/]+)(\/link)?$/.exec(pathname);
    if (!match) return undefined;
    const id = decodeURIComponent(match[1]!);
    const dashboard = store.get(id);
    if (!dashboard || gone.includes(id)) return json(404, { code: "not_found", message: "This dashboard no longer exists" });
    if (match[2] && call.method === "POST") {
      renewed += 1;
      dashboard.link = `/d/new-${id}-${renewed}`;
      return json(200, { link: dashboard.link });
    }
    if (match[2] && call.method === "DELETE") {
      dashboard.link = null;
      return new Response(null, { status: 204 });
    }
    if (!match[2] && call.method === "DELETE") {
      store.delete(id);
      return new Response(null, { status: 204 });
    }
    return json(405, { code: "method_not_allowed", message: "Method not allowed" });
  };
  return { handler, store };
}
