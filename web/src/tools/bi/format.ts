import type { JsonValue } from "../../generated/serde_json/JsonValue";
import { cut } from "../../lib/text";
import { CELL_MAX_CHARS } from "./limits";

/** What an empty cell (SQL NULL) shows. */
export const EM_DASH = "—";

/** Numbers in the reader's language: grouped, two decimals at most, three significant digits below one. */
export type NumberFormatter = (value: number) => string;

export function numberFormatter(language: string): NumberFormatter {
  const wide = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const fine = new Intl.NumberFormat(language, { maximumSignificantDigits: 3 });
  return (value) => (value !== 0 && Math.abs(value) < 1 ? fine : wide).format(value);
}

/**
 * One cell of a query's result as text (never markup): numbers in the reader's language,
 * NULL as an em dash, lists and objects as JSON; long values cut, the whole in `full`.
 */
export type Cell = { text: string; full?: string; numeric: boolean; empty: boolean };

export function cellOf(value: JsonValue | undefined, format: NumberFormatter): Cell {
  if (value === null || value === undefined) return { text: EM_DASH, numeric: false, empty: true };
  if (typeof value === "number") return { text: format(value), numeric: true, empty: false };
  const whole = typeof value === "string" ? value : typeof value === "boolean" ? String(value) : JSON.stringify(value);
  const text = cut(whole, CELL_MAX_CHARS);
  return text === whole ? { text, numeric: false, empty: false } : { text, full: cut(whole, CELL_MAX_CHARS * 10), numeric: false, empty: false };
}

/** A column of numbers (every value a number or NULL, one at least) is right-aligned, header too. */
export function isNumericColumn(rows: readonly (readonly JsonValue[])[], index: number): boolean {
  let numbers = 0;
  for (const row of rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    if (typeof value !== "number") return false;
    numbers += 1;
  }
  return numbers > 0;
}

/**
 * When the data was read ('Data as of …'), in the reader's language and time zone (the
 * browser's, unless a test names one), with the zone said. The server writes RFC 3339
 * with nanoseconds; the fraction is cut to what Date reads everywhere.
 */
export function formatAsOf(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso.replace(/(\.\d{3})\d+/, "$1"));
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
