import { describe, expect, it } from "vitest";
import { formatAge } from "../i18n/format";
import { tile } from "../test/dashboards";
import { chartConfig, chartHeight, wrapLabel } from "./chartConfig";
import { blocksOf } from "./Dashboard";
import { DATA_ELEMENT_ID, embeddedDashboard, readDashboard } from "./data";
import { EM_DASH, formatsFor, numberFormatter, readMoment, textOf, timeColumnOf } from "./format";
import { pageLanguage } from "./language";
import { STRINGS, fill } from "./strings";
import { axesOf, chartSeries, kpiColumn, kpiValue, pivot } from "./tiles";

describe("the page's language", () => {
  it("is the one the link asks for", () => {
    expect(pageLanguage("?lang=zh-TW", ["en-US"])).toBe("zh-TW");
    expect(pageLanguage("?lang=de", ["ja"])).toBe("de");
    expect(pageLanguage("?foo=1&lang=fr-CA", [])).toBe("fr");
  });

  it("else the browser's first language the page has, else English", () => {
    expect(pageLanguage("", ["ko-KR", "ja-JP", "de"])).toBe("ja");
    expect(pageLanguage("?lang=ko", ["zh-HK"])).toBe("zh-TW");
    expect(pageLanguage("?lang=", ["zh"])).toBe("zh-CN");
    expect(pageLanguage("", ["ko", "pt-BR"])).toBe("en");
    expect(pageLanguage("", [])).toBe("en");
  });

  it("has every word in each of the seven languages, with the same placeholders", () => {
    const shape = (value: object): string[] =>
      Object.entries(value).flatMap(([key, v]) => (typeof v === "string" ? [`${key}:${[...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",")}`] : shape(v).map((k) => `${key}.${k}`)));
    for (const [code, strings] of Object.entries(STRINGS)) expect(shape(strings), code).toEqual(shape(STRINGS.en));
    expect(STRINGS["zh-CN"].loadFailedTitle).not.toBe(STRINGS["zh-TW"].loadFailedTitle);
    expect(fill(STRINGS.en.showing, { shown: "200", total: "1,000" })).toBe("Showing 200 of 1,000 rows");
    expect(fill("{a} and {b}", { a: "x" })).toBe("x and {b}");
  });
});

describe("reading the embedded data", () => {
  const page = { name: "Yard", renderedAt: "2026-11-25T00:25:00Z", tiles: [tile({ title: "Visits", kind: "kpi", columns: ["n"], rows: [[3]] })] };

  function documentWith(text: string | null): Document {
    const doc = document.implementation.createHTMLDocument("d");
    if (text !== null) {
      const script = doc.createElement("script");
      script.type = "application/json";
      script.id = DATA_ELEMENT_ID;
      script.textContent = text;
      doc.head.append(script);
    }
    return doc;
  }

  it("reads the dashboard the server put in the page, `<` escaped as the server writes it", () => {
    const escaped = JSON.stringify({ ...page, name: "</script><b>Yard</b>" }).replace(/</g, "\\u003c");
    expect(embeddedDashboard(documentWith(escaped))?.name).toBe("</script><b>Yard</b>");
    expect(embeddedDashboard(documentWith(JSON.stringify(page)))).toEqual(page);
  });

  it("has none when the element is missing, empty or not JSON", () => {
    expect(embeddedDashboard(documentWith(null))).toBeNull();
    expect(embeddedDashboard(documentWith(""))).toBeNull();
    expect(embeddedDashboard(documentWith("{nope"))).toBeNull();
  });

  it("refuses data that is not a dashboard: no name, no tiles, a tile of no kind it knows or with rows that are not rows", () => {
    expect(readDashboard(null)).toBeNull();
    expect(readDashboard([])).toBeNull();
    expect(readDashboard({ tiles: [] })).toBeNull();
    expect(readDashboard({ name: "x", tiles: {} })).toBeNull();
    expect(readDashboard({ name: "x", tiles: [{ kind: "kpi" }] })).toBeNull();
    expect(readDashboard({ name: "x", tiles: [{ title: "t", kind: "pie" }] })).toBeNull();
    expect(readDashboard({ name: "x", tiles: [{ title: "t", kind: "table", columns: ["a"], rows: [{ a: 1 }] }] })).toBeNull();
  });

  it("defaults what a tile can do without", () => {
    expect(readDashboard({ name: "x", tiles: [{ title: "t", kind: "line", error: "boom" }] })).toEqual({
      name: "x",
      renderedAt: "",
      tiles: [
        {
          title: "t",
          kind: "line",
          x: null,
          y: [],
          series: null,
          columns: [],
          rows: [],
          query: "",
          sql: "",
          filters: [],
          facilities: [],
          dataAsOf: null,
          truncated: false,
          error: "boom",
        },
      ],
    });
  });
});

describe("choosing a chart's columns", () => {
  const columns = ["day", "carrier", "shipments", "weight", "note"];
  const rows = [
    ["2026-11-20", "XPO", 12, 1500.5, "a"],
    ["2026-11-20", "Saia", 7, null, "b"],
  ];

  it("takes x as named, else the first column; the values as named, else every numeric column", () => {
    expect(axesOf(tile({ kind: "line", columns, rows }))).toEqual({ x: 0, y: [2, 3], series: null });
    expect(axesOf(tile({ kind: "bar", columns, rows, x: "carrier" }))).toEqual({ x: 1, y: [2, 3], series: null });
    expect(axesOf(tile({ kind: "bar", columns, rows, x: "carrier", y: ["weight"] }))).toEqual({ x: 1, y: [3], series: null });
  });

  it("passes over names the query did not return", () => {
    expect(axesOf(tile({ kind: "line", columns, rows, x: "nope", y: ["nope"] }))).toEqual({ x: 0, y: [2, 3], series: null });
    expect(axesOf(tile({ kind: "line", columns, rows, y: ["day"] }))).toEqual({ x: 0, y: [2, 3], series: null });
  });

  it("stacks a stacked bar chart by its series column, one value column; without one, by the first column of text", () => {
    expect(axesOf(tile({ kind: "stackedBar", columns, rows, series: "carrier" }))).toEqual({ x: 0, y: [2], series: 1 });
    expect(axesOf(tile({ kind: "stackedBar", columns, rows, series: "carrier", y: ["weight"] }))).toEqual({ x: 0, y: [3], series: 1 });
    expect(axesOf(tile({ kind: "stackedBar", columns, rows }))).toEqual({ x: 0, y: [2], series: 1 });
    expect(axesOf(tile({ kind: "stackedBar", columns: ["day", "a", "b"], rows: [["d", 1, 2]] }))).toEqual({ x: 0, y: [1, 2], series: null });
  });

  it("shows a KPI's first value column of the first row", () => {
    expect(kpiColumn(tile({ kind: "kpi", columns: ["name", "n"], rows: [["x", 4]] }))).toBe(1);
    expect(kpiValue(tile({ kind: "kpi", columns: ["name", "n", "m"], rows: [["x", 4, 5]], y: ["m"] }))).toBe(5);
    expect(kpiValue(tile({ kind: "kpi", columns: ["name"], rows: [["x"]] }))).toBe("x");
    expect(kpiValue(tile({ kind: "kpi", columns: ["n"], rows: [] }))).toBeUndefined();
  });
});

describe("laying out the tiles", () => {
  it("keeps their order, each run of KPIs in a strip of its own", () => {
    const [a, b, c, d, e] = (["kpi", "kpi", "line", "kpi", "table"] as const).map((kind, i) => tile({ title: String(i), kind }));
    expect(blocksOf([a!, b!, c!, d!, e!])).toEqual([{ kpis: [a, b] }, { tile: c }, { kpis: [d] }, { tile: e }]);
    expect(blocksOf([])).toEqual([]);
  });
});

describe("pivoting a stacked bar chart", () => {
  it("makes a stack per series value over the categories, in the order they come, summing rows that meet", () => {
    const rows = [
      ["Mon", "open", 3],
      ["Mon", "closed", 1],
      ["Tue", "open", 4],
      ["Mon", "open", 2],
      ["Wed", "closed", 5],
      ["Wed", null, 1],
    ];
    expect(pivot(rows, 0, 1, 2)).toEqual({
      categories: ["Mon", "Tue", "Wed"],
      stacks: [
        { key: "open", values: [5, 4, null] },
        { key: "closed", values: [1, null, 5] },
        { key: null, values: [null, null, 1] },
      ],
    });
  });

  it("tells a number from its text, and leaves a value that is no number out", () => {
    expect(pivot([[1, "a", "x"], ["1", "a", 2]], 0, 1, 2)).toEqual({ categories: [1, "1"], stacks: [{ key: "a", values: [null, 2] }] });
  });

  it("labels the stacks and writes a day of timestamps as a date", () => {
    const formats = formatsFor("en");
    const series = chartSeries(
      tile({ kind: "stackedBar", x: "day", series: "status", columns: ["day", "status", "n"], rows: [["2026-11-20T00:00:00Z", "open", 1], ["2026-11-21T00:00:00Z", null, 2]] }),
      formats,
    );
    expect(series).toEqual({
      labels: ["Nov 20, 2026", "Nov 21, 2026"],
      datasets: [
        { label: "open", data: [1, null] },
        { label: EM_DASH, data: [null, 2] },
      ],
      stacked: true,
    });
  });
});

describe("a chart's data and drawing", () => {
  const formats = formatsFor("en");

  it("has a dataset per value column; numbers as categories stay as written", () => {
    const series = chartSeries(tile({ kind: "line", columns: ["year", "a", "b"], rows: [[2025, 1, null], [2026, 2.5, 3]] }), formats);
    expect(series).toEqual({ labels: ["2025", "2026"], datasets: [{ label: "A", data: [1, 2.5] }, { label: "B", data: [null, 3] }], stacked: false });
  });

  it("names a series by its column as words when the column is written as a key, and keeps a name written for people", () => {
    const series = chartSeries(tile({ kind: "bar", columns: ["carrier", "order_count", "Avg dwell (h)", "UPS"], rows: [["UPS", 3, 1.5, 2]] }), formats);
    expect(series.datasets.map((d) => d.label)).toEqual(["Order count", "Avg dwell (h)", "UPS"]);
  });

  it("labels every bar: upright bars with short labels, many bars or long labels lying across, each label wrapped", () => {
    const data = (labels: string[]) => ({ labels, datasets: [{ label: "Orders", data: labels.map((_, i) => i) }], stacked: false });
    const few = chartConfig("bar", data(["UPS", "FedEx", "DHL"]), "en");
    expect(few.options?.indexAxis).toBe("x");
    expect(few.options?.scales?.x?.ticks).toMatchObject({ autoSkip: false });
    expect(few.data.labels).toEqual(["UPS", "FedEx", "DHL"]);

    const carriers = ["United Parcel Service", "FedEx Freight", "Old Dominion Freight Line", "XPO Logistics", "Estes Express", "Saia LTL Freight", "R+L Carriers", "ABF Freight", "TForce Freight", "Southeastern Freight Lines"];
    const ten = chartConfig("bar", data(carriers), "en");
    expect(ten.options?.indexAxis, "ten bars with long names lie across").toBe("y");
    expect(ten.options?.scales?.y?.ticks).toMatchObject({ autoSkip: false });
    expect(ten.data.labels).toHaveLength(10);
    expect(ten.data.labels![2]).toEqual(["Old Dominion Freight", "Line"]);
    expect(ten.data.labels![0]).toBe("United Parcel Service");
    // Each bar gets a row tall enough for its label.
    expect(chartHeight(ten)).toBeGreaterThanOrEqual(10 * 28);
    expect(chartHeight(few)).toBeUndefined();
    expect(wrapLabel("a".repeat(60), 22)).toEqual(["a".repeat(22), `${"a".repeat(21)}…`]);
  });

  it("draws without animation, in the page's language, with a legend only for several series", () => {
    const one = chartConfig("bar", { labels: ["a"], datasets: [{ label: "n", data: [1] }], stacked: false }, "de");
    expect(one.type).toBe("bar");
    expect(one.options?.animation).toBe(false);
    expect(one.options?.locale).toBe("de");
    expect(one.options?.plugins?.legend?.display).toBe(false);
    const stacked = chartConfig("stackedBar", { labels: ["a"], datasets: [{ label: "x", data: [1] }, { label: "y", data: [2] }], stacked: true }, "en");
    expect(stacked.type).toBe("bar");
    expect(stacked.options?.plugins?.legend?.display).toBe(true);
    expect(stacked.options?.scales?.x?.stacked).toBe(true);
    expect(stacked.data.datasets.map((d) => d.backgroundColor)).toEqual(["#0d9488", "#0284c7"]);
    expect(chartConfig("line", { labels: [], datasets: [], stacked: false }, "en").type).toBe("line");
  });
});

describe("writing values", () => {
  it("groups numbers in the page's language, three significant digits below one", () => {
    expect(numberFormatter("en")(1234567.891)).toBe("1,234,567.89");
    expect(numberFormatter("de")(1234567.891)).toBe("1.234.567,89");
    expect(numberFormatter("fr")(0.93751)).toBe("0,938");
    expect(numberFormatter("en")(0)).toBe("0");
  });

  it("reads ISO moments: a day at midnight as the day written, whatever its zone", () => {
    expect(readMoment("2026-11-20")?.day?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(readMoment("2026-11-20T00:00:00+09:00")?.day?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(readMoment("2026-11-20 08:30:00.123456789+0100")).toEqual({ instant: new Date("2026-11-20T07:30:00.123Z"), zoned: true, day: null });
    expect(readMoment("2026-11-20T08:30:00")).toEqual({ instant: new Date("2026-11-20T08:30:00Z"), zoned: false, day: null });
    expect(readMoment("TR-2026-11")).toBeNull();
    expect(readMoment("2026-13-45")).toBeNull();
  });

  it("knows a column of days from one of times, and from one that only looks like dates in part", () => {
    expect(timeColumnOf([["2026-11-20T00:00:00Z"], [null], ["2026-11-21"]], 0)).toBe("days");
    expect(timeColumnOf([["2026-11-20T00:00:00Z"], ["2026-11-20T06:00:00Z"]], 0)).toBe("times");
    expect(timeColumnOf([["2026-11-20"], ["soon"]], 0)).toBeNull();
    expect(timeColumnOf([[null]], 0)).toBeNull();
  });

  it("writes every value as text: NULL as an em dash, moments only in a column of moments", () => {
    const formats = formatsFor("en");
    expect(textOf(null, formats)).toBe(EM_DASH);
    expect(textOf(1234.5, formats)).toBe("1,234.5");
    expect(textOf("<b>x</b>", formats)).toBe("<b>x</b>");
    expect(textOf(true, formats)).toBe("true");
    expect(textOf({ a: [1] }, formats)).toBe('{"a":[1]}');
    expect(textOf("2026-11-20", formats)).toBe("2026-11-20");
    expect(textOf("2026-11-20", formats, "days")).toBe("Nov 20, 2026");
    expect(textOf("2026-11-20T08:30:00", formats, "times")).toBe("Nov 20, 2026, 8:30 AM");
  });

  it("says how old the data is in the page's language", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(formatAge(now - 5 * 60_000, now, "en")).toBe("5 minutes ago");
    expect(formatAge(now - 3_000, now, "en")).toBe("now");
    expect(formatAge(now + 60_000, now, "en")).toBe("now");
    expect(formatAge(now - 2 * 3_600_000, now, "de")).toBe("vor 2 Stunden");
    expect(formatAge(now - 86_400_000, now, "en")).toBe("yesterday");
    expect(formatAge(now - 40 * 86_400_000, now, "en")).toBe("last month");
  });
});
