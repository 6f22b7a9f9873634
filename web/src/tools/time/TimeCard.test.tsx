import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { offsetLabel, readTime, twelveHour, worldTimes } from "./clock";
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

  it("computes the fixed offsets of spec 001 §9 and the moment from date, time and offset", () => {
    const at = Date.parse("2025-01-01T23:00:00Z");
    expect(worldTimes(at).map((w) => [w.city, w.time, w.dayShift])).toEqual([
      ["utc", "23:00", 0],
      ["newYork", "19:00", 0],
      ["london", "00:00", 1],
      ["beijing", "07:00", 1],
      ["tokyo", "08:00", 1],
      ["sydney", "09:00", 1],
    ]);
    expect(offsetLabel(-4)).toBe("UTC-4");
    expect(readTime({ ...tokyo, iso: undefined })?.instant).toBe(Date.parse("2025-06-01T12:05:09Z"));
    expect(twelveHour(0, 7, undefined)).toEqual({ clock: "12:07", period: "am" });
    expect(twelveHour(12, 0, 0)).toEqual({ clock: "12:00:00", period: "pm" });
  });
});
