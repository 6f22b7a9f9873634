import type { TimeReport } from "../../generated/tools/time/TimeReport";

/** "+08:00" → minutes east of UTC. */
export function offsetMinutes(offset: string): number | undefined {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (!m) return undefined;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * The result to show; null when it has no time. The server always sends one; the check
 * is for stored chats, which are data and may hold anything.
 */
export function timeOf(report: TimeReport | undefined): TimeReport | null {
  return report && typeof report.time === "string" && report.time ? report : null;
}

/**
 * The moment the tool read its clock (its `iso`), in milliseconds since the epoch.
 * Undefined for a result without one: the spec's earlier assistant stored time results
 * without it (spec 001 §3 "Time result"), and the card then shows no world times.
 */
export function instantOf(report: TimeReport): number | undefined {
  const instant = typeof report.iso === "string" ? Date.parse(report.iso) : Number.NaN;
  return Number.isFinite(instant) ? instant : undefined;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The 12-hour reading of a 24-hour time: "14:05:09" → 2:05:09 and PM. */
export function twelveHour(hours: number, minutes: number, seconds: number | undefined): { clock: string; period: "am" | "pm" } {
  const h = hours % 12 === 0 ? 12 : hours % 12;
  const clock = seconds === undefined ? `${h}:${pad(minutes)}` : `${h}:${pad(minutes)}:${pad(seconds)}`;
  return { clock, period: hours < 12 ? "am" : "pm" };
}

/**
 * The world clocks (spec 001 §2.3, §9) and their time zones. The spec's offsets (0, -4,
 * +1, +8, +9, +10) are these zones in the northern summer; the card follows each zone's
 * own rules at the result's instant, so London reads +0 in winter like the main reading.
 */
export const WORLD_CLOCKS = [
  { city: "utc", zone: "UTC" },
  { city: "newYork", zone: "America/New_York" },
  { city: "london", zone: "Europe/London" },
  { city: "beijing", zone: "Asia/Shanghai" },
  { city: "tokyo", zone: "Asia/Tokyo" },
  { city: "sydney", zone: "Australia/Sydney" },
] as const;

export type WorldCity = (typeof WORLD_CLOCKS)[number]["city"];

/** `offset` is in minutes east of UTC at that instant. */
export type WorldTime = { city: WorldCity; zone: string; offset: number; time: string; dayShift: number };

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneFormats.set(zone, format);
  }
  return format;
}

/**
 * A time zone's offset from UTC at `instant`, in minutes east, by its real rules
 * (daylight saving included): the zone's wall clock read as if it were UTC, minus the
 * instant. Throws a RangeError for a zone the browser does not know.
 */
export function zoneOffsetMinutes(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(zone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  const whole = instant - (instant % 1000 + 1000) % 1000;
  return Math.round((wall - whole) / 60_000);
}

/**
 * The time in each world clock at `instant`, by its zone's rules; `dayShift` is the
 * calendar day relative to UTC's (-1, 0 or +1).
 */
export function worldTimes(instant: number): WorldTime[] {
  const utcDay = Math.floor(instant / 86_400_000);
  return WORLD_CLOCKS.map(({ city, zone }) => {
    const offset = zoneOffsetMinutes(zone, instant);
    const shifted = instant + offset * 60_000;
    const d = new Date(shifted);
    return { city, zone, offset, time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`, dayShift: Math.floor(shifted / 86_400_000) - utcDay };
  });
}

/** "UTC+0", "UTC+8", "UTC-4", "UTC+5:30" for an offset in minutes east of UTC. */
export function offsetLabel(minutesEast: number): string {
  const sign = minutesEast < 0 ? "-" : "+";
  const abs = Math.abs(minutesEast);
  const minutes = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${minutes ? `:${pad(minutes)}` : ""}`;
}

/** The result's date in words in `language` and the result's own zone; the raw date if that fails. */
export function longDate(report: TimeReport, language: string): string | undefined {
  const instant = instantOf(report);
  if (instant === undefined) return report.date;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: report.timezone }).format(instant);
  } catch {
    return report.date;
  }
}
