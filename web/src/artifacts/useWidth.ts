import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * An element's width in pixels, following resizes; 0 until measured, and where nothing
 * is laid out (jsdom).
 */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Measured once before the first paint, so an opening panel never shows at a width it cannot keep.
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
