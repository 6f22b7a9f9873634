import { describe, expect, it } from "vitest";
import { columnsOf, findRecords, humanise, nextOrder, sortRows, summarise } from "./records";

const words = { yes: "Yes", no: "No", items: (n: number) => `${n} items`, empty: "—" };

const trailer = (n: number, extra: Record<string, unknown> = {}) => ({
  facilityId: "F1",
  lengthFt: 53,
  number: `ODFL ${480000 + n}`,
  arrivedAt: `2026-11-${String(n).padStart(2, "0")}T08:00:00Z`,
  carrier: { id: "CAR-015", name: "UPS" },
  status: n % 2 ? "in_yard" : "at_door",
  id: `TRL-${String(n).padStart(5, "0")}`,
  ...extra,
});

describe("an answer read as records", () => {
  it("finds a list at the top, in a page wrapper, or one level down; a record with a list in it stays a record", () => {
    expect(findRecords([trailer(1), trailer(2)])).toMatchObject({ kind: "list", path: null });
    expect(findRecords({ data: [trailer(1)], totalCount: 58, page: 1, pageSize: 50 })).toMatchObject({ kind: "list", path: "data", meta: { totalCount: 58, page: 1, pageSize: 50 } });
    expect(findRecords({ trailers: [trailer(1)], total: 1 })).toMatchObject({ kind: "list", path: "trailers" });
    expect(findRecords({ result: { items: [trailer(1)], count: 1 } })).toMatchObject({ kind: "list", path: "result.items" });
    const order = { orderId: "ORD-1", lines: [{ sku: "A", qty: 2 }], status: "open" };
    expect(findRecords(order)).toEqual({ kind: "record", record: order });
    expect(findRecords({ data: order })).toEqual({ kind: "record", record: order });
    for (const neither of [null, "text", 3, [], [1, 2], {}]) expect(findRecords(neither)).toBeNull();
  });

  it("puts identifiers, names, status and dates first, nested values last", () => {
    expect(columnsOf([trailer(1)])).toEqual(["id", "facilityId", "number", "status", "arrivedAt", "lengthFt", "carrier"]);
    // A key only later records have joins at its rank.
    expect(columnsOf([{ id: 1, note: "x" }, { id: 2, note: "y", createdAt: "2026-01-01" }])).toEqual(["id", "createdAt", "note"]);
  });

  it("labels columns from their keys", () => {
    expect(["trailerId", "yard_location", "lengthFt", "id", "poNumber", "HTTPStatus", "carrier-name", "sku"].map(humanise)).toEqual([
      "Trailer ID",
      "Yard location",
      "Length ft",
      "ID",
      "PO number",
      "HTTP status",
      "Carrier name",
      "SKU",
    ]);
  });

  it("summarises cells: yes/no, nested objects by name, lists by count, empty as a dash, long text cut", () => {
    expect(summarise(true, words)).toBe("Yes");
    expect(summarise(null, words)).toBe("—");
    expect(summarise({ id: "CAR-015", name: "UPS" }, words)).toBe("UPS");
    expect(summarise({ street: "1 Main St", city: "Reno", geo: { lat: 1 } }, words)).toBe("Street: 1 Main St · City: Reno");
    expect(summarise([{ a: 1 }, { a: 2 }], words)).toBe("2 items");
    expect(summarise(["A", "B"], words)).toBe("A, B");
    expect(summarise("x".repeat(300), words)).toHaveLength(120);
  });

  it("sorts numbers by value and text naturally, empty values last either way", () => {
    const rows = [{ n: 10, s: "door 10" }, { n: 2, s: "door 2" }, { n: null, s: "" }, { n: 33, s: "door 33" }];
    expect(sortRows(rows, { key: "n", direction: "ascending" }).map((r) => r.n)).toEqual([2, 10, 33, null]);
    expect(sortRows(rows, { key: "n", direction: "descending" }).map((r) => r.n)).toEqual([33, 10, 2, null]);
    expect(sortRows(rows, { key: "s", direction: "ascending" }).map((r) => r.s)).toEqual(["door 2", "door 10", "door 33", ""]);
    expect(sortRows(rows, null)).toEqual(rows);
    expect(nextOrder(null, "n")).toEqual({ key: "n", direction: "ascending" });
    expect(nextOrder({ key: "n", direction: "ascending" }, "n")).toEqual({ key: "n", direction: "descending" });
    expect(nextOrder({ key: "n", direction: "descending" }, "n")).toBeNull();
    expect(nextOrder({ key: "n", direction: "descending" }, "s")).toEqual({ key: "s", direction: "ascending" });
  });
});
