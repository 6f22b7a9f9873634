import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import type { OutputOf } from "../types";
import { BI_TOOLS, type BiTool, readBi } from "./bi";
import { BiToolCard } from "./BiToolCard";
import { formatAsOf } from "./format";
import { examples } from "./samples";

/** The golden samples the server's tests write, read as the card reads them. */
const golden = import.meta.glob("../../generated/samples/*.json", { eager: true, import: "default" });
function sampleOf<N extends BiTool>(tool: N): OutputOf<N> {
  const reading = readBi(tool, golden[`../../generated/samples/${tool}.json`]);
  if (!reading || !("result" in reading)) throw new Error(`${tool}'s golden sample does not read`);
  return reading.result;
}

const done = <N extends BiTool>(tool: N, output: unknown, input: unknown = {}) => toolCall(tool, "completed", { input, output });
const header = () => screen.getByRole("button", { expanded: false });
const expand = () => userEvent.click(header());
/** The query result's table rows, header first, as the texts of their cells. */
const tableRows = () =>
  within(screen.getByTestId("bi-table"))
    .getAllByRole("row")
    .map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent));

describe("the BI tool card", () => {
  it("is the card of every BI tool", () => {
    for (const tool of BI_TOOLS) {
      const { unmount } = render(<ToolPart invocation={done(tool, sampleOf(tool))} />);
      expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", tool);
      unmount();
    }
  });

  it("lists the cubes of the catalogue, folded until opened", async () => {
    const sample = sampleOf("getCubeDescTool");
    render(<BiToolCard invocation={done("getCubeDescTool", sample)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: Cube catalogue");
    expect(screen.getByTestId("tool-status").textContent).toBe(`Cubes: ${sample.cubes.length}`);
    expect(screen.queryByTestId("tool-body")).toBeNull();

    await expand();
    expect(screen.getByTestId("bi-parameters")).toHaveTextContent("No parameters");
    const cubes = within(screen.getByRole("list", { name: "Cubes" })).getAllByTestId("bi-cube");
    expect(cubes.map((cube) => within(cube).getByTestId("bi-cube-title").textContent)).toEqual(sample.cubes.map((cube) => cube.title));
    expect(cubes.map((cube) => within(cube).getByTestId("bi-cube-name").textContent)).toEqual(sample.cubes.map((cube) => cube.name));
    expect(cubes[0]).toHaveTextContent(sample.cubes[0]!.description);
    expect(cubes[0]).toHaveTextContent("Measures: 1 · Dimensions: 9 · Time: window_start");
    expect(screen.getByTestId("bi-footer").textContent).toBe("BI Tool Results");
  });

  it("shows a cube's schema: the measures with their usage, the dimensions with their type and enum mark", async () => {
    const sample = sampleOf("getCubeSchemaInfoTool");
    render(<BiToolCard invocation={done("getCubeSchemaInfoTool", sample, examples.schemaInput)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: Cube schema");
    expect(screen.getByTestId("tool-status").textContent).toBe("Shipments · measures: 4 · dimensions: 10");
    await expand();
    expect(screen.getByTestId("bi-cube-name").textContent).toBe("shipments");

    const measures = within(screen.getByTestId("bi-measures")).getAllByRole("row");
    expect(within(measures[0]!).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "Usage", "Format"]);
    const onTime = measures.find((row) => row.textContent?.includes("Delivered on time"))!;
    expect(within(onTime).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "Delivered on timedelivered_on_time1 for a shipment delivered by its estimated delivery, else 0 - its average is the on-time rate",
      "AVG(delivered_on_time)",
      "percent",
    ]);

    const dimensions = within(screen.getByTestId("bi-dimensions")).getAllByRole("row").slice(1);
    expect(dimensions).toHaveLength(10);
    const marked = dimensions.filter((row) => within(row).queryByTestId("bi-enum-mark"));
    expect(marked.map((row) => within(row).getAllByRole("cell")[0]!.textContent)).toEqual(["Statusstatus"]);
    expect(within(marked[0]!).getByTestId("bi-enum-mark")).toHaveTextContent("Enum field");
    expect(within(dimensions.find((row) => row.textContent?.includes("Shipped"))!).getAllByRole("cell")[1]!.textContent).toBe("time");
    expect(screen.getByTestId("bi-hint")).toHaveTextContent("date_trunc('day', shipped_at)");
  });

  it("lists a cube's enum fields with their query ids", async () => {
    render(<BiToolCard invocation={done("getCubeFieldEnumQueryIdsTool", sampleOf("getCubeFieldEnumQueryIdsTool"), { cubeName: "outbound_orders" })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: Enum fields");
    expect(screen.getByTestId("tool-status").textContent).toBe("outbound_orders · enum fields: 2");
    await expand();
    const rows = within(screen.getByRole("table", { name: "Enum fields" })).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["Statusstatus", "outbound_orders.status"],
      ["Sourcesource", "outbound_orders.source"],
    ]);
  });

  it("lists an enum field's values under its query id", async () => {
    render(<BiToolCard invocation={done("getCubeEnumValuesTool", sampleOf("getCubeEnumValuesTool"), { queryIds: ["outbound_orders.status"] })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: Enum values");
    expect(screen.getByTestId("tool-status").textContent).toBe("Values: 6");
    await expand();
    expect(within(screen.getByTestId("bi-query-ids")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["outbound_orders.status"]);
    const field = screen.getByRole("region", { name: "outbound_orders.status" });
    expect(within(field).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["allocated", "cancelled", "open", "packed", "picking", "shipped"]);
  });

  it("opens on a query's rows: the purpose, the SQL, a table with the columns and numbers right-aligned", () => {
    const sample = sampleOf("testQuerySqlTool");
    render(<BiToolCard invocation={done("testQuerySqlTool", sample, { sql: "SELECT customer_name, COUNT(order_id) AS orders FROM outbound_orders", purpose: "Orders by customer" })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: Query");
    expect(screen.getByTestId("tool-status").textContent).toBe("Rows: 20 · columns: 3");
    expect(screen.getAllByRole("button")[0]).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByTestId("bi-purpose").textContent).toBe("Purpose: Orders by customer");
    expect(screen.getByTestId("bi-sql").textContent).toBe("SELECT customer_name, COUNT(order_id) AS orders FROM outbound_orders");

    const rows = tableRows();
    expect(rows[0]).toEqual(["customer_name", "orders", "units"]);
    expect(rows[1]).toEqual(["Pacific Outdoor Supply", "236", "25,591"]);
    expect(rows).toHaveLength(21);
    const headers = within(screen.getByTestId("bi-table")).getAllByRole("columnheader");
    expect(headers.map((h) => h.classList.contains("text-right"))).toEqual([false, true, true]);
    const first = within(screen.getByTestId("bi-table")).getAllByRole("row")[1]!;
    expect(within(first).getAllByRole("cell").map((c) => c.classList.contains("text-right"))).toEqual([false, true, true]);
    expect(screen.getByRole("region", { name: "Query result" })).toHaveClass("overflow-auto");
    expect(screen.queryByTestId("bi-rows-note")).toBeNull();
    expect(screen.queryByTestId("bi-show-all")).toBeNull();
  });

  it("says how a query was computed: the SQL as it ran, the facilities and when the data was read", async () => {
    const sample = sampleOf("testQuerySqlTool");
    render(<BiToolCard invocation={done("testQuerySqlTool", sample)} />);
    const provenance = screen.getByTestId("bi-provenance");
    expect(provenance).not.toHaveAttribute("open");
    await userEvent.click(within(provenance).getByText("How this was computed"));
    expect(provenance).toHaveAttribute("open");
    expect(within(provenance).getByTestId("bi-generated-sql").textContent).toBe(sample.generatedSql);
    expect(within(provenance).getByTestId("bi-generated-sql")).toHaveClass("font-mono", "overflow-auto");
    expect(within(within(provenance).getByTestId("bi-facilities")).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "dc-ontario",
      "xdock-savannah",
      "yard-fontana",
    ]);
    expect(within(provenance).getByTestId("bi-as-of").textContent).toBe(`Data as of ${formatAsOf(sample.dataAsOf, "en")}`);
    await userEvent.click(within(provenance).getByText("How this was computed"));
    expect(provenance).not.toHaveAttribute("open");
  });

  it("writes numbers the German way and NULL as an em dash", async () => {
    await chooseLanguage("de");
    render(<BiToolCard invocation={done("testQuerySqlTool", examples.byCarrier, examples.queryInput)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI-Werkzeug: Abfrage");
    expect(screen.getByTestId("tool-status").textContent).toBe("Zeilen: 3 · Spalten: 4");
    expect(tableRows()).toEqual([
      ["carrier_name", "shipments", "on_time", "weight"],
      ["Old Dominion", "1.234.567", "0,938", "48.210,5"],
      ["Estes Express", "812", "—", "1.200,25"],
      ["—", "3", "1", "0"],
    ]);
    expect(screen.getByTestId("bi-footer").textContent).toBe("Ergebnisse des BI-Werkzeugs");
    await userEvent.click(screen.getByText("So wurde das berechnet"));
    expect(screen.getByTestId("bi-as-of").textContent).toBe(`Datenstand ${formatAsOf(examples.byCarrier.dataAsOf, "de")}`);
  });

  it("shows a hostile cell as text, and cuts a long one", () => {
    const { container } = render(<BiToolCard invocation={done("testQuerySqlTool", examples.hostile)} />);
    expect(container.querySelector("img, script, b")).toBeNull();
    const rows = within(screen.getByTestId("bi-table")).getAllByRole("row");
    expect(within(rows[0]!).getAllByRole("columnheader")[1]!.textContent).toBe("<b>units</b>");
    expect(within(rows[1]!).getAllByRole("cell")[0]!.textContent).toBe("<img src=x onerror=alert(1)>");

    const long = within(rows[2]!).getAllByRole("cell")[0]!;
    expect(long.textContent).toBe(`${"x".repeat(300)}…`);
    expect(long.title).toHaveLength(3001);
    expect(long.firstElementChild).toHaveClass("wrap-anywhere");
    expect(within(rows[3]!).getAllByRole("cell")[0]!.textContent).toBe('{"nested":"<script>alert(1)</script>"}');
  });

  it("renders the first 200 rows until 'Show all N rows'", async () => {
    render(<BiToolCard invocation={done("testQuerySqlTool", examples.many)} />);
    expect(tableRows()).toHaveLength(201);
    expect(screen.getByTestId("bi-rows-note").textContent).toBe("Showing 200 of 250 rows");
    await userEvent.click(screen.getByRole("button", { name: "Show all 250 rows" }));
    expect(tableRows()).toHaveLength(251);
    expect(screen.queryByTestId("bi-rows-note")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show the first 200 rows" }));
    expect(tableRows()).toHaveLength(201);
  });

  it("says when the query was cut at the row limit", async () => {
    render(<BiToolCard invocation={done("testQuerySqlTool", examples.cut)} />);
    expect(screen.getByTestId("bi-rows-note").textContent).toBe("Showing 200 of 300 rows — the query was cut at the row limit");
    await userEvent.click(screen.getByRole("button", { name: "Show all 300 rows" }));
    expect(screen.getByTestId("bi-rows-note").textContent).toBe("Showing 300 of 300 rows — the query was cut at the row limit");
    expect(screen.queryByText(examples.cut.note)).toBeNull();
  });

  it("says 'No result data available' for a query without rows, and still how it was computed", () => {
    render(<BiToolCard invocation={done("testQuerySqlTool", examples.noRows, examples.queryInput)} />);
    expect(screen.getByTestId("tool-status").textContent).toBe("No result data available");
    expect(screen.getByTestId("bi-empty").textContent).toBe("No result data available");
    expect(screen.queryByTestId("bi-table")).toBeNull();
    expect(screen.getByTestId("bi-provenance")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says 'No result data available' for empty lists", async () => {
    const empties = [
      done("getCubeDescTool", { success: true, cubes: [] }),
      done("getCubeSchemaInfoTool", { success: true, cube: "shipments", title: "Shipments", description: "", measures: [], dimensions: [], hint: "" }),
      done("getCubeFieldEnumQueryIdsTool", { success: true, cube: "carriers", fields: [] }),
      done("getCubeEnumValuesTool", { success: true, fields: [{ queryId: "carriers.mode", values: [] }] }),
    ];
    for (const invocation of empties) {
      const { unmount } = render(<BiToolCard invocation={invocation} />);
      expect(screen.getByTestId("tool-status").textContent, invocation.toolName).toBe("No result data available");
      await expand();
      expect(screen.getByTestId("bi-empty").textContent).toBe("No result data available");
      unmount();
    }
  });

  it("says 'BI Tool failed: {error}' for a failed call, with what it was asked", () => {
    const failed = (errorText?: string) => toolCall("testQuerySqlTool", "failed", { input: examples.queryInput, errorText });
    const { rerender } = render(<BiToolCard invocation={failed(examples.queryFailed)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title").textContent, "the card keeps its own title").toBe("BI Tool: Query");
    expect(screen.getByTestId("tool-status").textContent).toBe(`BI Tool failed: ${examples.queryFailed}`);
    expect(screen.getByRole("alert").textContent).toBe(`BI Tool failed: ${examples.queryFailed}`);
    expect(screen.getByTestId("bi-sql")).toHaveTextContent("SELECT carrier_name");

    rerender(<BiToolCard invocation={failed("BI Tool failed: the engine is still loading")} />);
    expect(screen.getByRole("alert").textContent).toBe("BI Tool failed: the engine is still loading");
    rerender(<BiToolCard invocation={failed()} />);
    expect(screen.getByRole("alert").textContent).toBe("BI Tool failed: Unknown error");
  });

  it("says 'BI Tool failed: …' for a result that did not succeed", () => {
    render(<BiToolCard invocation={done("getCubeDescTool", { success: false, error: "the cube file does not load" })} />);
    expect(screen.getByRole("alert").textContent).toBe("BI Tool failed: the cube file does not load");
  });

  it("says 'Result parsing error' for an output that is not the tool's shape", () => {
    for (const output of ["Internal Server Error", 42, { success: true }, { success: true, columns: ["a"], rows: "1,2" }, { success: true, columns: ["a"], rows: [{ a: 1 }] }]) {
      const { unmount } = render(<BiToolCard invocation={done("testQuerySqlTool", output)} />);
      expect(screen.getByRole("alert").textContent, JSON.stringify(output)).toBe("Result parsing error");
      expect(screen.queryByTestId("bi-table")).toBeNull();
      unmount();
    }
    render(<BiToolCard invocation={done("getCubeSchemaInfoTool", { success: true, cube: "shipments", measures: [{ title: "no name" }], dimensions: [] })} />);
    expect(screen.getByRole("alert").textContent).toBe("Result parsing error");
  });

  it("reads a result kept as a JSON string", () => {
    render(<BiToolCard invocation={done("testQuerySqlTool", JSON.stringify(examples.byCarrier))} />);
    expect(tableRows()[1]).toEqual(["Old Dominion", "1,234,567", "0.938", "48,210.5"]);
  });

  it("shows the query it runs while it runs", () => {
    render(<BiToolCard invocation={toolCall("testQuerySqlTool", "executing", { input: examples.queryInput })} />);
    expect(screen.getByTestId("tool-status").textContent).toBe("Running the query…");
    expect(screen.getByTestId("bi-purpose").textContent).toBe("Purpose: Shipments and on-time rate by carrier");
    expect(screen.queryByTestId("bi-footer")).toBeNull();
  });

  it("shows the name generateFileNameTool chose", async () => {
    const sample = sampleOf("generateFileNameTool");
    render(<BiToolCard invocation={done("generateFileNameTool", sample, { description: "outbound orders by customer", format: "csv" })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: File name");
    expect(screen.getByTestId("tool-status").textContent).toBe(sample.fileName);
    await expand();
    expect(screen.getByTestId("bi-description").textContent).toBe("Description: outbound orders by customer");
    expect(screen.getByTestId("bi-format").textContent).toBe("CSV");
    expect(screen.getByTestId("bi-file-name").textContent).toBe(sample.fileName);
  });

  it("opens on the file downloadFileTool wrote, with its link, its rows and how it was computed", () => {
    const sample = sampleOf("downloadFileTool");
    render(<BiToolCard invocation={done("downloadFileTool", sample)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Tool: Download file");
    expect(screen.getByTestId("tool-status").textContent).toBe(`${sample.fileName} · rows: 20`);
    const link = screen.getByRole("link", { name: `Download ${sample.fileName}` });
    expect(link).toHaveAttribute("href", sample.url);
    expect(link).toHaveAttribute("download", sample.fileName);
    expect(screen.getByTestId("bi-export-rows").textContent).toBe("Rows: 20");
    expect(screen.getByTestId("bi-provenance")).toHaveTextContent("How this was computed");
    expect(screen.queryByTestId("bi-facilities")).toBeNull();
  });

  it("says when an export was cut, and gives no link that is not a file's", () => {
    const { rerender } = render(<BiToolCard invocation={done("downloadFileTool", examples.downloadCut, examples.downloadInput)} />);
    expect(screen.getByTestId("bi-export-rows").textContent).toBe("Rows: 10,000 — the query was cut at the row limit");
    expect(screen.getByTestId("bi-parameter-file-name").textContent).toBe("shipments-by-carrier-2026-11-25");
    rerender(<BiToolCard invocation={done("downloadFileTool", { ...examples.downloadCut, url: "javascript:alert(1)" })} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("download-card")).toHaveTextContent(examples.downloadCut.fileName);
  });
});
