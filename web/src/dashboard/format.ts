import type { JsonValue } from "../generated/serde_json/JsonValue";

/** What an empty value (SQL NULL) shows. */
export const EM_DASH = "—";

/** Numbers in the page's language: grouped, two decimals at most, three significant digits below one. */
export type NumberFormatter = (value: number) => string;

export function numberFormatter(language: string): NumberFormatter {
  const wide = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const fine = new Intl.NumberFormat(language, { maximumSignificantDigits: 3 });
  return (value) => (value !== 0 && Math.abs(value) < 1 ? fine : wide).format(value);
}

/**
 * An ISO date or timestamp as the cubes write them: `2026-11-20`, `2026-11-20T08:30:00Z`,
 * `2026-11-20 08:30:00.123456+01:00`; the time and the zone are optional.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A moment read from an ISO text, and whether the text named its zone. */
export type Moment = {
  instant: Date;
  zoned: boolean;
  /** The day as written (midnight UTC), when the moment is that day's midnight. */
  day: Date | null;
};

export function readMoment(text: string): Moment | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction = "", zone] = m;
  // Date reads milliseconds everywhere, not nanoseconds; a time without a zone is taken as UTC.
  const ms = fraction ? `.${fraction.slice(0, 3).padEnd(3, "0")}` : "";
  const offset = !zone || zone === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const instant = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${ms}${offset}`);
  if (Number.isNaN(instant.getTime())) return null;
  const midnight = h === "00" && mi === "00" && s === "00" && !/[1-9]/.test(fraction);
  // The day as written, whatever the zone: a day truncated at midnight in Tokyo is still that day.
  const day = midnight ? new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d))) : null;
  return { instant, zoned: Boolean(zone), day };
}

/** A column of moments: whole days (every one a midnight), or times. */
export type TimeColumn = "days" | "times";

/** Whether a column holds moments (every value an ISO date or timestamp, or NULL, one at least), and which. */
export function timeColumnOf(rows: readonly (readonly JsonValue[])[], index: number): TimeColumn | null {
  let moments = 0;
  let days = true;
  for (const row of rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    const moment = typeof value === "string" ? readMoment(value) : null;
    if (!moment) return null;
    moments += 1;
    if (!moment.day) days = false;
  }
  return moments === 0 ? null : days ? "days" : "times";
}

/** Moments as the page's language writes them: a column of days as dates, other moments with their time. */
export type MomentFormatter = (moment: Moment, column: TimeColumn) => string;

export function momentFormatter(language: string): MomentFormatter {
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const local = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  const utc = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (moment, column) => {
    if (column === "days" && moment.day) return day.format(moment.day);
    // A time that names its zone is shown in the reader's; one that does not, as written.
    return (moment.zoned ? local : utc).format(moment.instant);
  };
}

/** How values read on the page: numbers, moments and NULL each their way, anything else as its text. */
export type Formats = { number: NumberFormatter; moment: MomentFormatter };

export function formatsFor(language: string): Formats {
  return { number: numberFormatter(language), moment: momentFormatter(language) };
}

/**
 * A value as text (never markup). Moments are written as dates only in a column of
 * moments (`column`): a code that happens to look like a date elsewhere stays as it is.
 */
export function textOf(value: JsonValue | undefined, formats: Formats, column: TimeColumn | null = null): string {
  if (value === null || value === undefined) return EM_DASH;
  if (typeof value === "number") return formats.number(value);
  if (typeof value === "string") {
    const moment = column && readMoment(value);
    return column && moment ? formats.moment(moment, column) : value;
  }
  if (typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** When something happened, in full (`Data as of …`, `Rendered at …`), with its zone; the text as given when it is no time. */
export function formatInstant(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso.replace(/(\.\d{3})\d+/, "$1"));
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "long",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** The moment an RFC 3339 text names, in ms; null when it names none. */
export function instantOf(iso: string): number | null {
  const ms = new Date(iso.replace(/(\.\d{3})\d+/, "$1")).getTime();
  return Number.isNaN(ms) ? null : ms;
}
