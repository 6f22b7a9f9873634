/** Dates and waits in the reader's language, through Intl (no catalogue strings needed). */

/** A moment such as "Nov 20, 2026, 8:30 AM"; the text as given when it is not a date. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/**
 * A calendar day such as "Dec 1, 2026" from "2026-12-01": a day names no moment, so it is
 * read in UTC and stays the same day in every time zone.
 */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** The day and the time of a moment apart ("Nov 20, 2026" and "8:30 AM"), for places that may wrap between them. */
export function formatDateAndTime(iso: string, language: string): { date: string; time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { date: iso, time: "" };
  return {
    date: new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date),
    time: new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(date),
  };
}

/**
 * A wait from now, such as "in 30 seconds" or "in 2 minutes" (plural forms and word
 * order are the language's own). Seconds under 90, then whole minutes, rounded up.
 */
export function formatWait(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 90 ? format.format(whole, "second") : format.format(Math.ceil(whole / 60), "minute");
}

/** Each unit's length in seconds, from the smallest; a month and a year on average. */
const AGE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 1],
  ["minute", 60],
  ["hour", 3_600],
  ["day", 86_400],
  ["month", 2_629_800],
  ["year", 31_557_600],
];

/**
 * How long before `now` a moment was (both in ms), such as "5 minutes ago", "yesterday"
 * or "now" (the language's own words), in the largest unit it makes at least one of. A
 * moment a little ahead of this clock (another machine's) reads as now.
 */
export function formatAge(then: number, now: number, language: string): string {
  const seconds = Math.max(0, (now - then) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (seconds < 10) return format.format(0, "second");
  let unit = AGE_UNITS[0]!;
  for (const candidate of AGE_UNITS) if (seconds >= candidate[1]) unit = candidate;
  return format.format(-Math.round(seconds / unit[1]), unit[0]);
}

/** A message's time: hours and minutes today, with the date on other days. */
export function formatMessageTime(ms: number, locale: string, now = Date.now()): string {
  const date = new Date(ms);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: "2-digit", minute: "2-digit" }
    : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
