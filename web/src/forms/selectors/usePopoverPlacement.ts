import { type RefObject, useLayoutEffect, useState } from "react";
import { type Placement, placePopover } from "./selectorLogic";

const UNPLACED: Placement = { above: false, left: 0, width: 256, listMaxHeight: 288 };

/**
 * Where the popover goes in `anchor` (the control's box, which holds it) while `open`:
 * measured before paint, and again when the window is resized or the page scrolls (a
 * phone's keyboard shrinks the visual viewport).
 */
export function usePopoverPlacement(anchor: RefObject<HTMLElement | null>, open: boolean): Placement {
  const [placement, setPlacement] = useState(UNPLACED);
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => {
      const box = anchor.current?.getBoundingClientRect();
      if (!box) return;
      const viewport = window.visualViewport;
      const next = placePopover(box, { width: viewport?.width ?? window.innerWidth, height: viewport?.height ?? window.innerHeight });
      setPlacement((prev) =>
        prev.above === next.above && prev.left === next.left && prev.width === next.width && prev.listMaxHeight === next.listMaxHeight ? prev : next,
      );
    };
    // The list scrolling inside the popover moves nothing.
    const scrolled = (event: Event) => {
      if (!(event.target instanceof Node && anchor.current?.contains(event.target))) measure();
    };
    measure();
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", scrolled, { capture: true, passive: true });
    window.visualViewport?.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", scrolled, { capture: true });
      window.visualViewport?.removeEventListener("resize", measure);
    };
  }, [anchor, open]);
  return placement;
}
