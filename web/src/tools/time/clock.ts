import { isRecord } from "../../chat/types";
import { num, str } from "../text";

/** timeTool's result (spec 001 §3). */
export type TimeReport = {
  time: string;
  date: string | undefined;
  timezone: string | undefined;
  hours: number | undefined;
  minutes: number | undefined;
  seconds: number | undefined;
  utcOffset: string | undefined;
  /** The moment the tool read its clock, in milliseconds since the epoch. */
  instant: number | undefined;
};

/** "+08:00" → minutes east of UTC. */
function offsetMinutes(offset: string): number | undefined {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (!m) return undefined;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** The moment a result names: its `iso` timestamp, else its local date, time and offset. */
function instantOf(output: Record<string, unknown>): number | undefined {
  const iso = str(output.iso);
  const fromIso = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isFinite(fromIso)) return fromIso;
  const date = str(output.date);
  const time = str(output.time);
  const offset = str(output.utcOffset);
  const minutes = offset ? offsetMinutes(offset) : undefined;
  if (!date || !time || minutes === undefined) return undefined;
  const local = Date.parse(`${date}T${time}Z`);
  return Number.isFinite(local) ? local - minutes * 60_000 : undefined;
}

/** Reads timeTool's result; null when it has no time to show. */
export function readTime(output: unknown): TimeReport | null {
  if (!isRecord(output)) return null;
  const time = str(output.time);
  if (!time) return null;
  return {
    time,
    date: str(output.date),
    timezone: str(output.timezone),
    hours: num(output.hours),
    minutes: num(output.minutes),
    seconds: num(output.seconds),
    utcOffset: str(output.utcOffset),
    instant: instantOf(output),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The 12-hour reading of a 24-hour time: "14:05:09" → 2:05:09 and PM. */
export function twelveHour(hours: number, minutes: number, seconds: number | undefined): { clock: string; period: "am" | "pm" } {
  const h = hours % 12 === 0 ? 12 : hours % 12;
  const clock = seconds === undefined ? `${h}:${pad(minutes)}` : `${h}:${pad(minutes)}:${pad(seconds)}`;
  return { clock, period: hours < 12 ? "am" : "pm" };
}

/** The world clocks and their fixed offsets from UTC in hours (spec 001 §2.3, §9). */
export const WORLD_CLOCKS = [
  { city: "utc", offset: 0 },
  { city: "newYork", offset: -4 },
  { city: "london", offset: 1 },
  { city: "beijing", offset: 8 },
  { city: "tokyo", offset: 9 },
  { city: "sydney", offset: 10 },
] as const;

export type WorldCity = (typeof WORLD_CLOCKS)[number]["city"];

export type WorldTime = { city: WorldCity; offset: number; time: string; dayShift: number };

/**
 * The time in each world clock at `instant`, at its fixed offset; `dayShift` is the
 * calendar day relative to UTC's (-1, 0 or +1).
 */
export function worldTimes(instant: number): WorldTime[] {
  const utcDay = Math.floor(instant / 86_400_000);
  return WORLD_CLOCKS.map(({ city, offset }) => {
    const shifted = instant + offset * 3_600_000;
    const d = new Date(shifted);
    return { city, offset, time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`, dayShift: Math.floor(shifted / 86_400_000) - utcDay };
  });
}

/** "UTC", "UTC+8", "UTC-4". */
export function offsetLabel(offset: number): string {
  return offset === 0 ? "UTC" : `UTC${offset > 0 ? "+" : "-"}${Math.abs(offset)}`;
}

/** The result's date in words in `language` and the result's own zone; the raw date if that fails. */
export function longDate(report: TimeReport, language: string): string | undefined {
  if (report.instant === undefined) return report.date;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "full", timeZone: report.timezone }).format(report.instant);
  } catch {
    return report.date;
  }
}
