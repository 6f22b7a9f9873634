import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ReasoningBlock } from "./ReasoningBlock";
import { isReasoningCollapsible, reasoningSummary } from "./reasoning";

describe("reasoning rules", () => {
  it("cuts the summary line at 80 characters", () => {
    const long = "a".repeat(120);
    expect(reasoningSummary(long)).toBe(`${"a".repeat(80)}…`);
    expect(reasoningSummary("b".repeat(80))).toBe("b".repeat(80));
    expect(reasoningSummary("First line\nsecond line")).toBe("First line");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(reasoningSummary("📦".repeat(81))).toBe(`${"📦".repeat(80)}…`);
  });

  it("is collapsible above one line or 100 characters", () => {
    expect(isReasoningCollapsible("x".repeat(100))).toBe(false);
    expect(isReasoningCollapsible("x".repeat(101))).toBe(true);
    expect(isReasoningCollapsible("short\nlines")).toBe(true);
    expect(isReasoningCollapsible("  short  ")).toBe(false);
  });
});

describe("reasoning block", () => {
  it("shows a short reasoning whole, without a toggle", () => {
    render(<ReasoningBlock text="Checking the dock schedule." streaming={false} />);
    expect(screen.getByText("Checking the dock schedule.")).toBeVisible();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("collapses a long reasoning to its summary and opens on click", async () => {
    const text = `${"Step one looks at every inbound trailer in the yard and its waiting time ".repeat(2)}\nStep two.`;
    render(<ReasoningBlock text={text} streaming={false} />);
    const toggle = screen.getByRole("button");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("reasoning-summary").textContent).toHaveLength(81);
    expect(screen.queryByText(/Step two/)).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/Step two/)).toBeVisible();
  });
});
