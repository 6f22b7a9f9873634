import { describe, expect, it } from "vitest";
import { isPrintableKey, moveActive, placePopover } from "./selectorLogic";

describe("moveActive", () => {
  it("steps with the arrows and stops at the ends of what is loaded", () => {
    expect(moveActive("ArrowDown", -1, 5)).toBe(0);
    expect(moveActive("ArrowDown", 2, 5)).toBe(3);
    expect(moveActive("ArrowDown", 4, 5)).toBe(4);
    expect(moveActive("ArrowUp", 3, 5)).toBe(2);
    expect(moveActive("ArrowUp", 0, 5)).toBe(0);
    expect(moveActive("ArrowUp", -1, 5)).toBe(4);
  });

  it("jumps with Home, End, PageUp and PageDown", () => {
    expect(moveActive("Home", 3, 40)).toBe(0);
    expect(moveActive("End", 3, 40)).toBe(39);
    expect(moveActive("PageDown", 3, 40)).toBe(13);
    expect(moveActive("PageDown", 35, 40)).toBe(39);
    expect(moveActive("PageUp", 13, 40)).toBe(3);
    expect(moveActive("PageUp", 4, 40)).toBe(0);
  });

  it("moves nothing in an empty list or for other keys", () => {
    expect(moveActive("ArrowDown", -1, 0)).toBeNull();
    expect(moveActive("a", 2, 5)).toBeNull();
    expect(moveActive("Enter", 2, 5)).toBeNull();
  });
});

describe("isPrintableKey", () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

  it("takes one character, CJK and emoji included", () => {
    expect(isPrintableKey(key("a"))).toBe(true);
    expect(isPrintableKey(key("中"))).toBe(true);
    expect(isPrintableKey(key("😀"))).toBe(true);
  });

  it("leaves named keys, Space and shortcuts alone", () => {
    expect(isPrintableKey(key("Tab"))).toBe(false);
    expect(isPrintableKey(key(" "))).toBe(false);
    expect(isPrintableKey(key("c", { ctrlKey: true }))).toBe(false);
    expect(isPrintableKey(key("v", { metaKey: true }))).toBe(false);
  });
});

describe("placePopover", () => {
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 360, height: 640 };

  it("opens under the control, as wide as it and at least 16rem", () => {
    expect(placePopover({ left: 100, top: 100, bottom: 138, width: 400 }, desktop)).toEqual({ above: false, left: 0, width: 400, listMaxHeight: 288 });
    expect(placePopover({ left: 100, top: 100, bottom: 138, width: 180 }, desktop)).toMatchObject({ left: 0, width: 256 });
  });

  it("opens above when the room below is short and the room above larger", () => {
    expect(placePopover({ left: 100, top: 700, bottom: 738, width: 400 }, desktop)).toMatchObject({ above: true, listMaxHeight: 288 });
    // Little room either way: the larger side, with a shorter list.
    expect(placePopover({ left: 16, top: 250, bottom: 288, width: 328 }, { width: 360, height: 500 })).toMatchObject({ above: true, listMaxHeight: 170 });
  });

  it("stays inside a phone's width", () => {
    // A narrow control near the right edge: moved left, not past the left margin.
    expect(placePopover({ left: 200, top: 100, bottom: 138, width: 144 }, phone)).toEqual({ above: false, left: -104, width: 256, listMaxHeight: 288 });
    // A control across the whole width: the popover is as wide, where it is.
    expect(placePopover({ left: 0, top: 100, bottom: 138, width: 360 }, phone)).toMatchObject({ left: 0, width: 360 });
    // A control in a padded form on a phone: as wide as the control, under it.
    expect(placePopover({ left: 16, top: 100, bottom: 138, width: 328 }, phone)).toMatchObject({ left: 0, width: 328 });
    // A very narrow viewport: never wider than it less its margins, unless the control is.
    expect(placePopover({ left: 8, top: 100, bottom: 138, width: 120 }, { width: 240, height: 640 })).toMatchObject({ left: 0, width: 224 });
  });
});
