import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DATA_AS_OF, tile, yardDashboard } from "../test/dashboards";
import { drawChart } from "./chart";
import type { DashboardChart } from "./chartConfig";
import { Dashboard } from "./Dashboard";
import { formatInstant } from "./format";

// jsdom has no canvas: the charts' configurations are what is checked, the drawing is Chart.js's.
vi.mock("./chart", () => ({ drawChart: vi.fn(() => ({ destroy: () => undefined })) }));

const drawn = () => vi.mocked(drawChart).mock.calls.map(([canvas, config]: [HTMLCanvasElement, DashboardChart]) => ({ label: canvas.getAttribute("aria-label"), config }));
const FIVE_MINUTES_LATER = Date.parse(DATA_AS_OF) + 5 * 60_000;
const tiles = () => screen.getAllByTestId("dashboard-tile");
const tileNamed = (name: string) => tiles().find((t) => within(t).queryByRole("heading", { name }))!;

beforeEach(() => vi.mocked(drawChart).mockClear());

describe("the dashboard page", () => {
  it("shows the name, when it was rendered, and every tile; says it is rendered once the charts are drawn", () => {
    const order: string[] = [];
    vi.mocked(drawChart).mockImplementation(() => {
      order.push("chart");
      return { destroy: () => undefined };
    });
    const onRendered = vi.fn(() => order.push("rendered"));
    render(<Dashboard page={yardDashboard()} language="en" now={FIVE_MINUTES_LATER} onRendered={onRendered} />);

    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Yard dwell time");
    expect(screen.getByTestId("dashboard-rendered-at").textContent).toBe(`Rendered at ${formatInstant("2026-11-25T00:25:00Z", "en")}`);
    expect(tiles().map((t) => [t.dataset.kind, t.dataset.state])).toEqual([
      ["kpi", "ok"],
      ["line", "ok"],
      ["stackedBar", "ok"],
      ["table", "ok"],
      ["bar", "failed"],
    ]);
    expect(drawn().map((d) => d.label)).toEqual(["Line chart: Dwell by day", "Stacked bar chart: Visits by status"]);
    expect(onRendered).toHaveBeenCalledTimes(1);
    expect(onRendered).toHaveBeenCalledWith(true);
    expect(order).toEqual(["chart", "chart", "rendered"]);
  });

  it("shows a KPI big, in the page's language, with where it comes from as its tooltip", () => {
    render(<Dashboard page={yardDashboard()} language="en" now={FIVE_MINUTES_LATER} onRendered={() => undefined} />);
    const kpi = within(tileNamed("Average dwell (h)")).getByTestId("tile-kpi");
    expect(kpi.textContent).toBe("18.43");
    expect(kpi.title).toBe(`Query: SELECT AVG(dwell_hours) AS avg_dwell FROM yard_visits\nData as of ${formatInstant(DATA_AS_OF, "en")}`);
  });

  it("charts each kind with its data: dates on a line's axis, stacks pivoted by series", () => {
    render(<Dashboard page={yardDashboard()} language="en" now={FIVE_MINUTES_LATER} onRendered={() => undefined} />);
    const [line, stacked] = drawn().map((d) => d.config);
    expect(line!.type).toBe("line");
    expect(line!.data.labels).toEqual(["Nov 18, 2026", "Nov 19, 2026"]);
    expect(line!.data.datasets.map((d) => [d.label, d.data])).toEqual([["Avg dwell", [17, 19.5]]]);
    expect(line!.options?.animation).toBe(false);
    expect(stacked!.type).toBe("bar");
    expect(stacked!.data.datasets.map((d) => [d.label, d.data])).toEqual([
      ["checked_in", [4, 2]],
      ["departed", [6, null]],
    ]);
  });

  it("shows a table's first 200 rows, every cell as text with its provenance as tooltip", () => {
    const { container } = render(<Dashboard page={yardDashboard()} language="en" now={FIVE_MINUTES_LATER} onRendered={() => undefined} />);
    const table = within(tileNamed("Longest dwelling trailers"));
    const rows = within(table.getByTestId("tile-table")).getAllByRole("row");
    expect(rows).toHaveLength(201);
    expect(within(rows[0]!).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Trailer ID", "<b>carrier</b>", "Dwell hours"]);
    expect(within(rows[1]!).getAllByRole("cell").map((c) => c.textContent)).toEqual(["TR-1000", "<img src=x onerror=alert(1)>", "96"]);
    expect(within(rows[1]!).getAllByRole("cell")[0]!.title).toMatch(/^Query: SELECT trailer_id, carrier_name, dwell_hours FROM yard_visits ORDER BY dwell_hours DESC\nData as of /);
    expect(container.querySelector("img, b, script")).toBeNull();
    expect(table.getByTestId("tile-rows-note").textContent).toBe("Showing 200 of 250 rows");
    expect(table.getByTestId("tile-limited").textContent).toBe("Rows limited");
  });

  it("says where each tile's numbers come from, folded until asked", async () => {
    render(<Dashboard page={yardDashboard()} language="en" now={FIVE_MINUTES_LATER} onRendered={() => undefined} />);
    const table = tileNamed("Longest dwelling trailers");
    const provenance = within(table).getByTestId("tile-provenance");
    expect(provenance).not.toHaveAttribute("open");
    await userEvent.click(within(provenance).getByText("Where this comes from"));
    expect(provenance).toHaveAttribute("open");
    expect(within(provenance).getByTestId("tile-query").textContent).toBe("SELECT trailer_id, carrier_name, dwell_hours FROM yard_visits ORDER BY dwell_hours DESC");
    expect(within(within(provenance).getByTestId("tile-filters")).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "yard_visits.arrived_at >= DATE '2026-11-18'",
      "yard_visits.status <> 'cancelled'",
    ]);
    expect(within(provenance).getByTestId("tile-facilities").textContent).toBe("Facilities: yard-fontana, dc-ontario");
    expect(within(provenance).getByTestId("tile-as-of").textContent).toBe(`Data as of ${formatInstant(DATA_AS_OF, "en")} (5 minutes ago)`);
    expect(within(provenance).getByTestId("tile-rows-limited")).toHaveTextContent("Rows limited");
    expect(within(tileNamed("Average dwell (h)")).queryByTestId("tile-rows-limited")).toBeNull();
  });

  it("shows a failed tile's error in the tile, and still its query", () => {
    render(<Dashboard page={yardDashboard()} language="en" now={FIVE_MINUTES_LATER} onRendered={() => undefined} />);
    const failed = tileNamed("Door turn time");
    expect(within(failed).getByTestId("tile-error")).toHaveTextContent("This tile could not be loaded");
    expect(within(failed).getByTestId("tile-error")).toHaveTextContent("There is no column named turn_minutes in dock_doors");
    expect(within(failed).queryByTestId("tile-chart")).toBeNull();
    expect(within(failed).getByTestId("tile-provenance")).toHaveAttribute("open");
    expect(within(failed).getByTestId("tile-query").textContent).toBe("SELECT door, AVG(turn_minutes) FROM dock_doors GROUP BY door");
    expect(within(failed).getByTestId("tile-as-of").textContent).toBe("No data was read");
    expect(within(failed).getByText("No filters")).toBeInTheDocument();
  });

  it("speaks the page's language: numbers, dates and words", () => {
    const page = { name: "Hof", renderedAt: "2026-11-25T00:25:00Z", tiles: [tile({ title: "Gewicht", kind: "kpi", columns: ["kg"], rows: [[1234567.891]] })] };
    render(<Dashboard page={page} language="de" now={FIVE_MINUTES_LATER} onRendered={() => undefined} />);
    expect(screen.getByTestId("tile-kpi").textContent).toBe("1.234.567,89");
    expect(screen.getByText("Woher diese Zahlen stammen")).toBeInTheDocument();
    expect(screen.getByTestId("tile-as-of").textContent).toBe(`Datenstand ${formatInstant(DATA_AS_OF, "de")} (vor 5 Minuten)`);
  });

  it("says the dashboard could not be loaded when there is no data to read, in the page's language", () => {
    const onRendered = vi.fn();
    render(<Dashboard page={null} language="fr" now={FIVE_MINUTES_LATER} onRendered={onRendered} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Impossible de charger ce tableau de bord");
    expect(screen.queryByTestId("dashboard-tile")).toBeNull();
    expect(onRendered).toHaveBeenCalledWith(false);
  });
});
