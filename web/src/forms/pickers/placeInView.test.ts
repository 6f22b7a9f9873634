import { describe, expect, it } from "vitest";
import { placeInView } from "./PickerParts";

/** What can be seen at 1360×860 in the chat: the message list ends where the composer starts (y 700). */
const chat = { top: 56, left: 0, right: 1360, bottom: 700 };
const field = (top: number, left = 400) => ({ top, bottom: top + 40, left, right: left + 300 });
const calendar = { width: 300, height: 380 };

describe("a picker's popover kept in sight", () => {
  it("opens under the field when it fits there", () => {
    expect(placeInView(field(150), calendar, chat)).toEqual({ above: false, shift: 0, maxHeight: null });
  });

  it("opens above a field near the composer, where there is room", () => {
    expect(placeInView(field(600), calendar, chat)).toEqual({ above: true, shift: 0, maxHeight: null });
  });

  it("scrolls within when it fits neither way (a phone), on the roomier side", () => {
    const phone = { top: 56, left: 0, right: 390, bottom: 600 };
    const place = placeInView(field(400, 20), { width: 300, height: 420 }, phone);
    expect(place.above).toBe(true);
    expect(place.maxHeight).toBe(400 - 56 - 6 - 8);
    expect(placeInView(field(80, 20), { width: 300, height: 600 }, phone)).toEqual({ above: false, shift: 0, maxHeight: 600 - 120 - 6 - 8 });
  });

  it("moves left when it would leave on the right, never past the left edge", () => {
    expect(placeInView(field(150, 1200), calendar, chat).shift).toBe(-(1200 + 300 - 1352));
    const narrow = { top: 0, left: 0, right: 320, bottom: 800 };
    expect(placeInView(field(100, 30), calendar, narrow).shift).toBe(-18);
    expect(placeInView(field(100, 10), { width: 330, height: 300 }, narrow).shift).toBe(-2);
  });
});
