import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it } from "vitest";
import { NEAR_BOTTOM_PX, isNearBottom, useAutoScroll } from "./useAutoScroll";

describe("near the bottom", () => {
  it("is within 100 px of the end", () => {
    const at = (scrollTop: number) => isNearBottom({ scrollTop, scrollHeight: 2000, clientHeight: 500 });
    expect(NEAR_BOTTOM_PX).toBe(100);
    expect(at(1500)).toBe(true);
    expect(at(1400)).toBe(true);
    expect(at(1399)).toBe(false);
  });
});

/** A scroller whose height the test sets, as a browser would lay it out. */
function Scroller({ onReady }: { onReady: (api: ReturnType<typeof useAutoScroll>) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const api = useAutoScroll(ref);
  onReady(api);
  return <div ref={ref} onScroll={api.onScroll} data-testid="scroller" />;
}

function mount() {
  let api!: ReturnType<typeof useAutoScroll>;
  render(<Scroller onReady={(a) => (api = a)} />);
  const el = screen.getByTestId("scroller");
  let height = 2000;
  Object.defineProperty(el, "clientHeight", { configurable: true, get: () => 500 });
  Object.defineProperty(el, "scrollHeight", { configurable: true, get: () => height });
  return {
    el,
    follow: () => act(() => api.follow()),
    grow: (by: number) => (height += by),
    scrollTo: (top: number) => {
      el.scrollTop = top;
      fireEvent.scroll(el);
    },
  };
}

describe("auto-scroll", () => {
  it("follows new content while the user is within 100 px of the bottom", () => {
    const view = mount();
    view.scrollTo(1420);
    view.grow(300);
    view.follow();
    expect(view.el.scrollTop).toBe(2300);
  });

  it("leaves the view alone once the user scrolled further up", () => {
    const view = mount();
    view.scrollTo(1399);
    view.grow(300);
    view.follow();
    expect(view.el.scrollTop).toBe(1399);
  });

  it("follows again after the user came back to the bottom", () => {
    const view = mount();
    view.scrollTo(200);
    view.scrollTo(1500);
    view.grow(100);
    view.follow();
    expect(view.el.scrollTop).toBe(2100);
  });
});
