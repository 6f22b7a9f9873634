import { describe, expect, it } from "vitest";
import { MIN_CHAT_WIDTH_PX, MIN_PANEL_WIDTH_PX, clampWidth, fitsBeside, maxPanelWidth, minPanelWidth, panelWidth, tabTitle, widthAt } from "./layout";

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

  it("turns the pointer's place into the panel's width, a share of the space beside the sidebar", () => {
    expect(widthAt(1200, 0, 2000)).toBe(40);
    expect(widthAt(100, 0, 2000)).toBe(75);
    expect(widthAt(1950, 0, 2000)).toBe(25);
    expect(widthAt(1288, 288, 2000)).toBe(50);
  });

  it("leaves the chat its minimum width: the panel narrows first, and covers the chat where its own minimum does not fit", () => {
    // 1024 × 768 with the sidebar open: 736 px beside it.
    const space = 1024 - 288;
    const max = maxPanelWidth(space);
    expect(space * (1 - max / 100) - 6).toBeCloseTo(MIN_CHAT_WIDTH_PX);
    expect(widthAt(300, 288, space)).toBeCloseTo(max);
    expect(panelWidth([art()], 75, space)).toBeCloseTo(max);
    expect(panelWidth([art()], null, space)).toBe(50);
    // 25 % of 736 px would be 184: too narrow for two tabs beside the Tabs/Stacked switch.
    expect(widthAt(1020, 288, space)).toBeCloseTo(minPanelWidth(space));
    expect((minPanelWidth(space) / 100) * space).toBeCloseTo(MIN_PANEL_WIDTH_PX);
    expect(panelWidth([art(true)], null, space)).toBeCloseTo(minPanelWidth(space));
    expect(minPanelWidth(2000)).toBe(25);
    expect(maxPanelWidth(0)).toBe(75);
    expect(fitsBeside(space)).toBe(true);
    expect(fitsBeside(600)).toBe(false);
  });

  it("cuts tab titles at 15 characters", () => {
    expect(tabTitle("Dock schedule")).toBe("Dock schedule");
    expect(tabTitle("123456789012345")).toBe("123456789012345");
    expect(tabTitle("Inbound manifest March.csv")).toBe("Inbound manifes…");
  });
});
