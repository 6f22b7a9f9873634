import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { offsetLabel, offsetMinutes, twelveHour, worldTimes, zoneOffsetMinutes } from "./clock";
import { TimeCard } from "./TimeCard";

const tokyo = {
  time: "21:05:09",
  date: "2025-06-01",
  timezone: "Asia/Tokyo",
  hourFormat: "24",
  hours: 21,
  minutes: 5,
  seconds: 9,
  weekday: "Sunday",
  utcOffset: "+09:00",
  iso: "2025-06-01T12:05:09Z",
};

describe("time card", () => {
  it("shows date, time, time zone, the 12-hour reading and six world times", () => {
    render(<TimeCard invocation={toolCall("timeTool", "completed", { input: { timezone: "Asia/Tokyo" }, output: tokyo })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Time in Asia/Tokyo");
    expect(screen.getByTestId("time-now")).toHaveTextContent("21:05:09");
    expect(screen.getByTestId("time-12h")).toHaveTextContent("9:05:09 PM");
    expect(screen.getByText("Sunday, June 1, 2025")).toBeVisible();
    expect(screen.getByText("Asia/Tokyo")).toBeVisible();
    const clocks = screen.getAllByTestId("world-time").map((li) => li.textContent);
    // June: New York and London on summer time, Sydney on standard time.
    expect(clocks).toEqual(["UTC12:05", "New YorkUTC-408:05", "LondonUTC+113:05", "BeijingUTC+820:05", "TokyoUTC+921:05", "SydneyUTC+1022:05"]);
  });

  it("marks a world time on another calendar day", () => {
    render(<TimeCard invocation={toolCall("timeTool", "completed", { output: { ...tokyo, time: "09:30:00", hours: 9, minutes: 30, seconds: 0, iso: "2025-06-01T00:30:00Z" } })} />);
    const list = screen.getByTestId("world-times");
    expect(within(list).getByText(/New York/).closest("li")).toHaveTextContent("20:30-1 day");
    expect(screen.getByTestId("time-12h")).toHaveTextContent("9:30:00 AM");
  });

  it("reads in Chinese with 上午/下午", async () => {
    await chooseLanguage("zh-CN");
    render(<TimeCard invocation={toolCall("timeTool", "completed", { output: tokyo })} />);
    expect(screen.getByTestId("time-12h")).toHaveTextContent("下午 9:05:09");
    expect(screen.getByText(/北京/)).toBeVisible();
    expect(screen.getByText("世界时间")).toBeVisible();
  });

  it("reads the 12-hour clock in German with vorm./nachm., not the English AM/PM", async () => {
    await chooseLanguage("de");
    render(<TimeCard invocation={toolCall("timeTool", "completed", { output: tokyo })} />);
    expect(screen.getByTestId("time-12h")).toHaveTextContent("9:05:09 nachm.");
    expect(screen.getByTestId("time-12h")).not.toHaveTextContent("PM");
  });

  it("shows a stored result without its instant, as the spec's earlier assistant wrote it, without world times", () => {
    const older = { time: "09:15:00", date: "2024-03-02", timezone: "Europe/Berlin", hourFormat: "24", hours: 9, minutes: 15, seconds: 0 };
    render(<TimeCard invocation={toolCall("timeTool", "completed", { output: older })} />);
    expect(screen.getByTestId("time-now")).toHaveTextContent("09:15:00");
    expect(screen.getByTestId("time-12h")).toHaveTextContent("9:15:00 AM");
    expect(screen.getByText("2024-03-02")).toBeVisible();
    expect(screen.queryByTestId("world-times")).toBeNull();
  });

  it("computes each zone's offset by its own rules at the instant", () => {
    const at = Date.parse("2025-01-01T23:00:00Z");
    expect(worldTimes(at).map((w) => [w.city, w.time, w.dayShift])).toEqual([
      ["utc", "23:00", 0],
      ["newYork", "18:00", 0],
      ["london", "23:00", 0],
      ["beijing", "07:00", 1],
      ["tokyo", "08:00", 1],
      ["sydney", "10:00", 1],
    ]);
    expect(offsetLabel(-4 * 60)).toBe("UTC-4");
    expect(offsetLabel(0)).toBe("UTC+0");
    expect(offsetLabel(5 * 60 + 30)).toBe("UTC+5:30");
    expect(offsetLabel(-(9 * 60 + 30))).toBe("UTC-9:30");
    expect(twelveHour(0, 7, undefined)).toEqual({ clock: "12:07", period: "am" });
    expect(twelveHour(12, 0, 0)).toEqual({ clock: "12:00:00", period: "pm" });
  });

  it("follows daylight saving time: London, New York and Sydney in November and in July", () => {
    const offsets = (iso: string) => Object.fromEntries(worldTimes(Date.parse(iso)).map((w) => [w.city, offsetLabel(w.offset)]));
    expect(offsets("2025-11-12T10:00:00Z")).toEqual({ utc: "UTC+0", newYork: "UTC-5", london: "UTC+0", beijing: "UTC+8", tokyo: "UTC+9", sydney: "UTC+11" });
    expect(offsets("2025-07-12T10:00:00Z")).toEqual({ utc: "UTC+0", newYork: "UTC-4", london: "UTC+1", beijing: "UTC+8", tokyo: "UTC+9", sydney: "UTC+10" });
    // The changes themselves: London goes to summer time at 01:00 UTC on the last Sunday of March.
    expect(zoneOffsetMinutes("Europe/London", Date.parse("2025-03-30T00:59:59Z"))).toBe(0);
    expect(zoneOffsetMinutes("Europe/London", Date.parse("2025-03-30T01:00:00Z"))).toBe(60);
  });

  it.each([
    { month: "November", iso: "2025-11-12T10:00:00Z", time: "10:00:00", date: "2025-11-12", utcOffset: "+00:00", london: "London UTC+0 10:00" },
    { month: "July", iso: "2025-07-12T10:00:00Z", time: "11:00:00", date: "2025-07-12", utcOffset: "+01:00", london: "London UTC+1 11:00" },
  ])("never contradicts its own main reading in $month", ({ iso, time, date, utcOffset, london }) => {
    // What timeTool answers for Europe/London at that instant.
    const [h, m, s] = time.split(":").map(Number);
    const output = { time, date, timezone: "Europe/London", hourFormat: "24", hours: h, minutes: m, seconds: s, utcOffset, iso };
    render(<TimeCard invocation={toolCall("timeTool", "completed", { input: { timezone: "Europe/London" }, output })} />);
    expect(screen.getByText(`(${utcOffset})`)).toBeVisible();
    const londonClock = within(screen.getByTestId("world-times")).getByText(/London/).closest("li")!;
    expect(londonClock.textContent?.replace(/London(UTC\S+?)(\d\d:\d\d)/, "London $1 $2")).toBe(london);
    expect(screen.getByTestId("time-now")).toHaveTextContent(time);
    const world = worldTimes(Date.parse(iso)).find((w) => w.zone === "Europe/London")!;
    expect(world.offset).toBe(offsetMinutes(utcOffset));
  });
});
