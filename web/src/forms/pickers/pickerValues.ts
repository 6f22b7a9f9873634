/**
 * The values behind the date-time and time pickers (spec 001 §3, §4, §5, §9), free of React
 * so they can be tested on their own.
 *
 * A date-time is the string 'yyyy-MM-dd HH:mm:ss'; an ISO string ('2028-02-29T08:05:09',
 * with or without milliseconds and a zone) is accepted too and comes out normalised. A time
 * is 'HH:mm:ss' or 'HH:mm'.
 */

/** §9: the sizes of the hour, minute and second lists. */
export const HOURS = 24;
export const MINUTES = 60;
export const SECONDS = 60;

export type TimeParts = { hour: number; minute: number; second: number };
/** A calendar date; `month` counts from 1 (January) as in the strings. */
export type DateParts = { year: number; month: number; day: number };
export type DateTimeParts = DateParts & TimeParts;

export const MIDNIGHT: TimeParts = { hour: 0, minute: 0, second: 0 };

/** English month abbreviations: the display format is the spec's, whatever the interface language. */
const MONTH_ABBREVIATIONS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `value + delta` on a dial of `size` positions: 23 + 1 → 0 on the hours, 0 − 1 → 59 on the minutes. */
export function wrap(value: number, delta: number, size: number): number {
  return (((value + delta) % size) + size) % size;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function validTime({ hour, minute, second }: TimeParts): boolean {
  return hour >= 0 && hour < HOURS && minute >= 0 && minute < MINUTES && second >= 0 && second < SECONDS;
}

function validDate({ year, month, day }: DateParts): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The wall-clock fields of a `Date` in the browser's time zone. */
export function partsOfDate(date: Date): DateTimeParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * 'yyyy-MM-dd HH:mm:ss' or an ISO string as its parts, or null when it is not a real
 * moment ('2027-02-29 10:00:00', '2024-01-01 24:00:00', 'tomorrow'). An ISO string with a
 * zone ('…Z', '…+02:00') names an instant, shown in the browser's time zone; without one
 * its fields are taken as they are.
 */
export function parseDateTime(value: string): DateTimeParts | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", zone] = match;
  const parts: DateTimeParts = { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s) };
  if (!validDate(parts) || !validTime(parts)) return null;
  if (zone) {
    const instant = new Date(value.trim());
    return Number.isNaN(instant.getTime()) ? null : partsOfDate(instant);
  }
  return parts;
}

/** 'yyyy-MM-dd HH:mm:ss', the form's value. */
export function formatDateTime(parts: DateTimeParts): string {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)} ${formatTime(parts, true)}`;
}

/** 'MMM dd, yyyy HH:mm:ss' with English month abbreviations (spec 001 §2.21). */
export function formatDateTimeDisplay(parts: DateTimeParts): string {
  return `${MONTH_ABBREVIATIONS[parts.month - 1]} ${pad(parts.day)}, ${pad(parts.year, 4)} ${formatTime(parts, true)}`;
}

/** 'yyyy-MM-dd', a date field's value. */
export function formatDate(parts: DateParts): string {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** 'MMM dd, yyyy' with English month abbreviations, as the date-time picker shows its date. */
export function formatDateDisplay(parts: DateParts): string {
  return `${MONTH_ABBREVIATIONS[parts.month - 1]} ${pad(parts.day)}, ${pad(parts.year, 4)}`;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * 'HH:mm:ss' or 'HH:mm' as its parts; an ISO or 'yyyy-MM-dd HH:mm:ss' date-time gives its
 * time of day. Null for anything else ('25:99', 'abc').
 */
export function parseTime(value: string): TimeParts | null {
  const text = value.trim();
  const match = TIME.exec(text);
  if (!match) {
    const dateTime = /[ T]/.test(text) ? parseDateTime(text) : null;
    return dateTime && { hour: dateTime.hour, minute: dateTime.minute, second: dateTime.second };
  }
  const [, h, mi, s = "0"] = match;
  const parts = { hour: Number(h), minute: Number(mi), second: Number(s) };
  return validTime(parts) ? parts : null;
}

/** 'HH:mm:ss', or 'HH:mm' when the picker has no seconds. */
export function formatTime({ hour, minute, second }: TimeParts, seconds: boolean): string {
  return seconds ? `${pad(hour)}:${pad(minute)}:${pad(second)}` : `${pad(hour)}:${pad(minute)}`;
}

/**
 * A time picker's incoming value: null when empty; midnight, reported to the console, when
 * it is not a time (spec 001 §5).
 */
export function resolveTime(value: string | undefined, report: (message: string) => void = console.error): TimeParts | null {
  if (value === undefined || value.trim() === "") return null;
  const parts = parseTime(value);
  if (parts) return parts;
  report(`Invalid time "${value}": expected HH:mm:ss or HH:mm; using 00:00:00`);
  return MIDNIGHT;
}

export type CalendarDay = DateParts & {
  /** False for the days of the previous and next month that fill the first and last week. */
  inMonth: boolean;
};

/**
 * Weeks start on Sunday, as in the US-style warehouse screens the users know; the weekday
 * header and the grid both follow this.
 */
export const FIRST_WEEKDAY = 0;

/** The weekday (0 = Sunday) of a date. */
export function weekdayOf({ year, month, day }: DateParts): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** `date` moved by `days` days, across months and years. */
export function addDays({ year, month, day }: DateParts, days: number): DateParts {
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The month `delta` months from `year`/`month`. */
export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: wrap(index, 0, 12) + 1 };
}

/** `date` moved by `delta` months, its day kept where the month has it (Jan 31 + 1 → Feb 28 or 29). */
export function addMonthsToDate(date: DateParts, delta: number): DateParts {
  const target = addMonths(date.year, date.month, delta);
  return { ...target, day: Math.min(date.day, daysInMonth(target.year, target.month)) };
}

/** The weeks shown for a month: whole weeks from Sunday to Saturday, 4 to 6 of them. */
export function calendarGrid(year: number, month: number): CalendarDay[][] {
  const first = { year, month, day: 1 };
  const lead = wrap(weekdayOf(first), -FIRST_WEEKDAY, 7);
  const count = Math.ceil((lead + daysInMonth(year, month)) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(first, i - lead);
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({ ...date, inMonth: date.month === month });
  }
  return weeks;
}

export function sameDay(a: DateParts | null, b: DateParts | null): boolean {
  return !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day;
}

/** A `Date` at noon UTC of a calendar date: for `Intl` names of days and months, never off by a zone. */
export function dateForNames({ year, month, day }: DateParts): Date {
  return new Date(Date.UTC(year, month - 1, day, 12));
}
