import { describe, expect, it } from "vitest";
import { CsvParser, detectDelimiter, parseCsv, parseCsvSync } from "./csv";

describe("CSV", () => {
  it("reads quoted fields with delimiters, line breaks and doubled quotes", () => {
    const text = 'sku,desc,qty\r\nA-1,"Pallet, shrink-wrapped",4\r\nB-2,"Two\nlines",1\r\nC-3,"12"" pipe ""heavy""",7\r\n';
    expect(parseCsvSync(text)).toEqual([
      ["sku", "desc", "qty"],
      ["A-1", "Pallet, shrink-wrapped", "4"],
      ["B-2", "Two\nlines", "1"],
      ["C-3", '12" pipe "heavy"', "7"],
    ]);
  });

  it("keeps empty fields and skips blank lines", () => {
    expect(parseCsvSync('a,,c\n\n"",x,\nlast')).toEqual([["a", "", "c"], ["", "x", ""], ["last"]]);
  });

  it("reads a stray quote inside a field as a character", () => {
    expect(parseCsvSync('12" pipe,ok')).toEqual([['12" pipe', "ok"]]);
  });

  it("detects semicolons and tabs", () => {
    expect(detectDelimiter("sku;qty;note\n1;2;3")).toBe(";");
    expect(detectDelimiter("sku\tqty\n1\t2")).toBe("\t");
    expect(detectDelimiter('"a;b;c",d\n')).toBe(",");
    expect(parseCsvSync("sku;qty\nA;1,5")).toEqual([["sku", "qty"], ["A", "1,5"]]);
  });

  it("gives the same rows however the text is sliced", () => {
    const text = 'id,"note ""quoted""",x\r\n1,"multi\r\nline",2\n3,,"a,b"\n';
    const whole = parseCsvSync(text);
    for (const size of [1, 2, 3, 7]) {
      const parser = new CsvParser(text);
      while (!parser.done) parser.run(size);
      expect(parser.rows, `slices of ${size}`).toEqual(whole);
    }
  });

  it("parses a big file in slices, letting other work run in between", async () => {
    const lines = ["sku,location,qty"];
    for (let i = 0; i < 60_000; i += 1) lines.push(`SKU-${i},"Aisle ${i % 40}, bay ${i % 9}",${i}`);
    let ranBetween = false;
    setTimeout(() => (ranBetween = true), 0);
    const rows = await parseCsv(lines.join("\n"));
    expect(ranBetween).toBe(true);
    expect(rows).toHaveLength(60_001);
    expect(rows[60_000]).toEqual(["SKU-59999", "Aisle 39, bay 5", "59999"]);
  });

  it("stops when asked", async () => {
    const abort = new AbortController();
    const parsing = parseCsv("a,b\n".repeat(200_000), abort.signal);
    abort.abort();
    await expect(parsing).rejects.toThrow();
  });
});
