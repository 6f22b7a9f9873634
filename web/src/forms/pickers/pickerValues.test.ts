import { describe, expect, it, vi } from "vitest";
import {
  HOURS,
  MINUTES,
  SECONDS,
  addDays,
  addMonths,
  addMonthsToDate,
  calendarGrid,
  daysInMonth,
  formatDate,
  formatDateDisplay,
  formatDateTime,
  formatDateTimeDisplay,
  formatTime,
  parseDateTime,
  parseTime,
  resolveTime,
  wrap,
} from "./pickerValues";

describe("date strings", () => {
  it("format as 'yyyy-MM-dd' for the value and 'MMM dd, yyyy' for the eye", () => {
    expect(formatDate({ year: 2028, month: 2, day: 9 })).toBe("2028-02-09");
    expect(formatDateDisplay({ year: 2028, month: 2, day: 9 })).toBe("Feb 09, 2028");
    expect(formatDate({ year: 987, month: 12, day: 31 })).toBe("0987-12-31");
  });
});

describe("date-time strings", () => {
  it("parse 'yyyy-MM-dd HH:mm:ss' and format back to the same string", () => {
    const parts = parseDateTime("2028-02-29 08:05:09");
    expect(parts).toEqual({ year: 2028, month: 2, day: 29, hour: 8, minute: 5, second: 9 });
    expect(formatDateTime(parts!)).toBe("2028-02-29 08:05:09");
  });

  it("accept an ISO string without a zone as its wall-clock fields, normalised on format", () => {
    expect(formatDateTime(parseDateTime("2024-03-05T07:08:09")!)).toBe("2024-03-05 07:08:09");
    expect(formatDateTime(parseDateTime("2024-03-05T07:08:09.250")!)).toBe("2024-03-05 07:08:09");
    expect(formatDateTime(parseDateTime("2024-03-05T07:08")!)).toBe("2024-03-05 07:08:00");
    expect(formatDateTime(parseDateTime("2024-03-05")!)).toBe("2024-03-05 00:00:00");
  });

  it("accept an ISO instant with a zone, in the browser's time zone", () => {
    const instant = "2024-03-05T07:08:09.000Z";
    const local = new Date(instant);
    const parts = parseDateTime(instant)!;
    expect([parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second]).toEqual([
      local.getFullYear(),
      local.getMonth() + 1,
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
    ]);
  });

  it("refuse what is not a real moment", () => {
    for (const text of ["", "abc", "2027-02-29 10:00:00", "2024-13-01 00:00:00", "2024-04-31 00:00:00", "2024-01-01 24:00:00", "2024-01-01 10:60:00", "2024-01-01 10:00:60", "05/03/2024"]) {
      expect(parseDateTime(text), text).toBeNull();
    }
  });

  it("display as 'MMM dd, yyyy HH:mm:ss' with English months", () => {
    expect(formatDateTimeDisplay(parseDateTime("2024-03-05 07:08:09")!)).toBe("Mar 05, 2024 07:08:09");
    expect(formatDateTimeDisplay(parseDateTime("2028-12-31 23:59:59")!)).toBe("Dec 31, 2028 23:59:59");
    expect(formatDateTimeDisplay(parseDateTime("2025-01-01 00:00:00")!)).toBe("Jan 01, 2025 00:00:00");
  });
});

describe("time strings", () => {
  it("parse 'HH:mm:ss' and 'HH:mm'", () => {
    expect(parseTime("23:59:58")).toEqual({ hour: 23, minute: 59, second: 58 });
    expect(parseTime("07:30")).toEqual({ hour: 7, minute: 30, second: 0 });
  });

  it("take the time of day from an ISO or 'yyyy-MM-dd HH:mm:ss' string", () => {
    expect(parseTime("2024-03-05T07:08:09")).toEqual({ hour: 7, minute: 8, second: 9 });
    expect(parseTime("2024-03-05 17:18:19")).toEqual({ hour: 17, minute: 18, second: 19 });
  });

  it("refuse what is not a time", () => {
    for (const text of ["25:99", "24:00", "12:60", "12:00:60", "abc", "", "12", "1:2"]) expect(parseTime(text), text).toBeNull();
  });

  it("format with or without seconds", () => {
    expect(formatTime({ hour: 7, minute: 5, second: 3 }, true)).toBe("07:05:03");
    expect(formatTime({ hour: 7, minute: 5, second: 3 }, false)).toBe("07:05");
  });

  it("resolve an invalid incoming value to 00:00:00 and report it", () => {
    const report = vi.fn();
    expect(resolveTime("25:99", report)).toEqual({ hour: 0, minute: 0, second: 0 });
    expect(report).toHaveBeenCalledWith(expect.stringContaining("25:99"));
    expect(resolveTime("abc", report)).toEqual({ hour: 0, minute: 0, second: 0 });
    expect(report).toHaveBeenCalledTimes(2);
  });

  it("resolve an empty value to nothing, without a report", () => {
    const report = vi.fn();
    expect(resolveTime(undefined, report)).toBeNull();
    expect(resolveTime("", report)).toBeNull();
    expect(resolveTime("08:15", report)).toEqual({ hour: 8, minute: 15, second: 0 });
    expect(report).not.toHaveBeenCalled();
  });

  it("report to the console by default", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    resolveTime("abc");
    expect(error).toHaveBeenCalledOnce();
  });
});

describe("wraparound (24 hours, 60 minutes, 60 seconds)", () => {
  it("goes up past the end to zero", () => {
    expect(wrap(23, 1, HOURS)).toBe(0);
    expect(wrap(59, 1, MINUTES)).toBe(0);
    expect(wrap(59, 1, SECONDS)).toBe(0);
    expect(wrap(22, 1, HOURS)).toBe(23);
  });

  it("goes down past zero to the end", () => {
    expect(wrap(0, -1, HOURS)).toBe(23);
    expect(wrap(0, -1, MINUTES)).toBe(59);
    expect(wrap(0, -1, SECONDS)).toBe(59);
    expect(wrap(0, -25, HOURS)).toBe(23);
  });
});

describe("the calendar", () => {
  it("knows each month's length, leap years included", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("lays a month out in whole weeks from Sunday", () => {
    // February 2028 starts on a Tuesday and has 29 days.
    const weeks = calendarGrid(2028, 2);
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]![0]).toEqual({ year: 2028, month: 1, day: 30, inMonth: false });
    expect(weeks[0]![2]).toEqual({ year: 2028, month: 2, day: 1, inMonth: true });
    const inMonth = weeks.flat().filter((d) => d.inMonth);
    expect(inMonth.map((d) => d.day)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    expect(weeks[4]![2]).toEqual({ year: 2028, month: 2, day: 29, inMonth: true });
    expect(weeks[4]![6]).toEqual({ year: 2028, month: 3, day: 4, inMonth: false });
  });

  it("starts a month that begins on Sunday in the first cell, with no days before it", () => {
    // February 2026 begins on a Sunday and fills exactly four weeks.
    const weeks = calendarGrid(2026, 2);
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toEqual({ year: 2026, month: 2, day: 1, inMonth: true });
    expect(weeks[3]![6]).toEqual({ year: 2026, month: 2, day: 28, inMonth: true });
  });

  it("needs six weeks for a long month that begins late in the week", () => {
    // August 2025 begins on a Friday and has 31 days.
    const weeks = calendarGrid(2025, 8);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![5]).toMatchObject({ month: 8, day: 1, inMonth: true });
    expect(weeks[5]![0]).toMatchObject({ month: 8, day: 31 });
  });

  it("moves dates across months and years", () => {
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addDays({ year: 2027, month: 12, day: 31 }, 1)).toEqual({ year: 2028, month: 1, day: 1 });
    expect(addDays({ year: 2028, month: 3, day: 1 }, -1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addMonths(2028, 12, 1)).toEqual({ year: 2029, month: 1 });
    expect(addMonths(2028, 1, -1)).toEqual({ year: 2027, month: 12 });
    expect(addMonthsToDate({ year: 2028, month: 1, day: 31 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
  });
});
