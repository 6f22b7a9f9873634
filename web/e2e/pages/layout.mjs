/**
 * The chat page's frame as boxes on the screen: the sidebar, the chat column, the divider
 * and the artifacts panel, and the parts of the chat that must stay inside its column.
 * Every measurement is a getBoundingClientRect in CSS pixels.
 */
export class ChatLayout {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.sidebar = page.getByTestId("sidebar");
    this.chat = page.locator("main#main");
    this.divider = page.getByTestId("panel-divider");
    this.panel = page.getByTestId("artifacts-panel");
    this.modelPicker = page.getByTestId("model-picker");
    this.inputBar = page.getByTestId("input-bar");
    this.hint = page.getByTestId("input-hint");
    this.collapseButton = page.getByRole("button", { name: "Collapse sidebar", exact: true });
    this.expandButton = page.getByRole("button", { name: "Expand sidebar", exact: true });
  }

  /** The boxes of the frame's columns (null for one not shown) and of the input bar's visible buttons. */
  async boxes() {
    return this.page.evaluate(() => {
      const box = (el) => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width } : null;
      };
      const one = (selector) => box(document.querySelector(selector));
      const buttons = [...document.querySelectorAll('[data-testid="input-bar"] button')]
        .map((b) => ({ name: b.getAttribute("aria-label") ?? b.textContent.trim(), box: box(b) }))
        .filter((b) => b.box);
      return {
        sidebar: one('[data-testid="sidebar"]'),
        chat: one("main#main"),
        divider: one('[data-testid="panel-divider"]'),
        panel: one('[data-testid="artifacts-panel"]'),
        buttons,
      };
    });
  }

  /** Whether the element at the middle of the model picker is the picker itself (nothing lies over it). */
  async modelPickerOnTop() {
    return this.modelPicker.evaluate((picker) => {
      const r = picker.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return Boolean(hit && picker.contains(hit));
    });
  }

  /**
   * Where the input bar's hint text is: "whole" inside its one-line box, "hidden" (not
   * shown, or wrapped below the box that clips it), or "cut" — shown in part.
   */
  async hintState() {
    return this.hint.evaluate((box) => {
      const text = box.lastElementChild;
      if (!text || getComputedStyle(text).display === "none") return "hidden";
      const outer = box.getBoundingClientRect();
      const inner = text.getBoundingClientRect();
      if (inner.top >= outer.bottom - 0.5) return "hidden";
      const inside = inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.bottom <= outer.bottom + 0.5;
      return inside ? "whole" : "cut";
    });
  }

  /** The document's scrolling beyond the window, in pixels (0: it fits). */
  async pageOverflow() {
    return this.page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
  }
}

/** Whether two boxes share any horizontal strip (columns are full height, so that is overlap). */
export function overlapX(a, b) {
  return Boolean(a && b && a.left < b.right - 0.5 && b.left < a.right - 0.5);
}

/** Whether `inner` lies within `outer` left to right. */
export function insideX(inner, outer) {
  return Boolean(inner && outer && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5);
}

/** How many lines a text element's content takes on the screen. @param {import('playwright-core').Locator} locator */
export function lineCount(locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}
