import { describe, expect, it } from "vitest";
import { clampWidth, panelWidth, tabTitle, widthAt } from "./layout";

const art = (wideLayout?: boolean) => ({ id: "a", type: "iframe", title: "t", props: {}, ...(wideLayout === undefined ? {} : { wideLayout }) });

describe("panel layout", () => {
  it("is 50 % wide, or 30 % when any artifact has wideLayout", () => {
    expect(panelWidth([art()], null)).toBe(50);
    expect(panelWidth([art(), art(false)], null)).toBe(50);
    expect(panelWidth([art(), art(true)], null)).toBe(30);
  });

  it("takes the dragged width, clamped between 25 and 75 %", () => {
    expect(panelWidth([art(true)], 60)).toBe(60);
    expect(clampWidth(10)).toBe(25);
    expect(clampWidth(90)).toBe(75);
    expect(clampWidth(Number.NaN)).toBe(50);
  });

  it("turns the pointer's place into the panel's width", () => {
    expect(widthAt(600, 0, 1000)).toBe(40);
    expect(widthAt(100, 0, 1000)).toBe(75);
    expect(widthAt(950, 0, 1000)).toBe(25);
    expect(widthAt(700, 200, 1000)).toBe(50);
  });

  it("cuts tab titles at 15 characters", () => {
    expect(tabTitle("Dock schedule")).toBe("Dock schedule");
    expect(tabTitle("123456789012345")).toBe("123456789012345");
    expect(tabTitle("Inbound manifest March.csv")).toBe("Inbound manifes…");
  });
});
