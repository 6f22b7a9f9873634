import { describe, expect, it } from "vitest";
import { isEmpty, parametersOf, readBi, withoutPrefix } from "./bi";
import { EM_DASH, cellOf, formatAsOf, isNumericColumn, numberFormatter } from "./format";

describe("reading a BI tool's output", () => {
  it("reads the tool's shape, filling what the card does not need", () => {
    const reading = readBi("getCubeDescTool", { success: true, cubes: [{ name: "carriers", measures: ["carrier_count"] }] });
    expect(reading).toEqual({ result: { success: true, cubes: [{ name: "carriers", title: "", description: "", timeDimension: undefined, measures: ["carrier_count"], dimensions: [] }] } });
  });

  it("has nothing to read before the call answers", () => {
    expect(readBi("testQuerySqlTool", undefined)).toBeNull();
    expect(readBi("testQuerySqlTool", null)).toBeNull();
  });

  it("parses a result kept as a JSON string, and calls anything else unreadable", () => {
    expect(readBi("generateFileNameTool", '{"success":true,"fileName":"a.csv"}')).toEqual({ result: { success: true, fileName: "a.csv" } });
    expect(readBi("generateFileNameTool", "a.csv")).toEqual({ unreadable: true });
    expect(readBi("generateFileNameTool", '"a.csv"')).toEqual({ unreadable: true });
    expect(readBi("getCubeEnumValuesTool", { success: true, fields: [{ queryId: "a.b", values: [{}] }] })).toEqual({ unreadable: true });
    expect(readBi("getCubeFieldEnumQueryIdsTool", { success: true, cube: "a", fields: [null] })).toEqual({ unreadable: true });
  });

  it("reads enum values that are numbers or flags as their text", () => {
    expect(readBi("getCubeEnumValuesTool", { success: true, fields: [{ queryId: "doors.floor", values: [1, true, "x"] }] })).toEqual({
      result: { success: true, fields: [{ queryId: "doors.floor", values: ["1", "true", "x"] }] },
    });
  });

  it("says a result that did not succeed failed, with its error if it gives one", () => {
    expect(readBi("testQuerySqlTool", { success: false })).toEqual({ failed: undefined });
    expect(readBi("testQuerySqlTool", { success: false, error: "timeout" })).toEqual({ failed: "timeout" });
  });

  it("knows an empty result", () => {
    const query = { success: true, columns: ["a"], rows: [], rowCount: 0, truncated: false, generatedSql: "", facilities: [], dataAsOf: "" };
    expect(isEmpty("testQuerySqlTool", query)).toBe(true);
    expect(isEmpty("testQuerySqlTool", { ...query, rows: [[1]] })).toBe(false);
    expect(isEmpty("getCubeEnumValuesTool", { success: true, fields: [] })).toBe(true);
    expect(isEmpty("getCubeEnumValuesTool", { success: true, fields: [{ queryId: "a.b", values: ["x"] }] })).toBe(false);
  });

  it("reads the parameters tolerantly while the model writes them", () => {
    expect(parametersOf(undefined)).toEqual({});
    expect(parametersOf({ queryIds: ["a.b", 3, ""], format: "xlsx", sql: "" })).toMatchObject({ queryIds: ["a.b"], format: "XLSX", sql: undefined });
    expect(parametersOf({ queryIds: [] }).queryIds).toBeUndefined();
  });

  it("takes the English prefix off an error the card words itself", () => {
    expect(withoutPrefix("BI Tool failed: timeout")).toBe("timeout");
    expect(withoutPrefix("timeout")).toBe("timeout");
  });
});

describe("a query's cells", () => {
  const en = numberFormatter("en");

  it("are numbers in the reader's language, NULL as an em dash, anything else as text", () => {
    expect(cellOf(25591, en)).toEqual({ text: "25,591", numeric: true, empty: false });
    expect(cellOf(25591, numberFormatter("de")).text).toBe("25.591");
    expect(cellOf(0.00012345, en).text).toBe("0.000123");
    expect(cellOf(1234.5678, en).text).toBe("1,234.57");
    expect(cellOf(null, en)).toEqual({ text: EM_DASH, numeric: false, empty: true });
    expect(cellOf(undefined, en).text).toBe(EM_DASH);
    expect(cellOf(false, en).text).toBe("false");
    expect(cellOf([1, "a"], en).text).toBe('[1,"a"]');
  });

  it("are cut when long, the whole value kept for the tooltip", () => {
    const cell = cellOf("y".repeat(400), en);
    expect(cell.text).toBe(`${"y".repeat(300)}…`);
    expect(cell.full).toBe("y".repeat(400));
  });

  it("right-align a column of numbers and NULLs only", () => {
    const rows = [
      [1, "a", null],
      [null, 2, null],
    ];
    expect([0, 1, 2].map((i) => isNumericColumn(rows, i))).toEqual([true, false, false]);
  });
});

describe("'Data as of'", () => {
  it("is the moment in the reader's language and time zone, with the zone", () => {
    const iso = "2026-11-25T00:24:44.933489692Z";
    expect(formatAsOf(iso, "en", "UTC")).toBe("Nov 25, 2026, 12:24:44 AM UTC");
    expect(formatAsOf(iso, "en", "America/New_York")).toBe("Nov 24, 2026, 7:24:44 PM EST");
    expect(formatAsOf(iso, "de", "Europe/Berlin")).toBe("25. Nov. 2026, 1:24:44 MEZ");
  });

  it("is the text as given when it is no moment", () => {
    expect(formatAsOf("yesterday", "en")).toBe("yesterday");
  });
});
