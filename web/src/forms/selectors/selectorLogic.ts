/** How far PageUp and PageDown move the active option. */
const PAGE_STEP = 10;

/**
 * The option a key makes active in a list of `count` (ARIA 1.2 listbox keys), or null
 * when the key does not move it. The ends do not wrap: a paged list has no last option
 * until its last page is in. `current` is -1 while no option is active.
 */
export function moveActive(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      return Math.min(current + 1, last);
    case "ArrowUp":
      return current < 0 ? last : Math.max(current - 1, 0);
    case "PageDown":
      return Math.min(Math.max(current, 0) + PAGE_STEP, last);
    case "PageUp":
      return Math.max(current - PAGE_STEP, 0);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/** A key that types a character (not a shortcut): on the closed control it opens the search with it. */
export function isPrintableKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return [...event.key].length === 1 && event.key !== " " && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export type Placement = {
  /** Open upwards: too little room below and more above. */
  above: boolean;
  /** From the control's left edge (negative: moved left to stay on screen). */
  left: number;
  width: number;
  /** The list's height cap, so the popover fits the room on its side. */
  listMaxHeight: number;
};

const MARGIN = 8;
const MIN_WIDTH = 256;
const LIST_MAX = 288;
const LIST_MIN = 120;
/** The popover around the list: search box, paddings, borders, gap. */
const CHROME = 72;

/**
 * Where the popover goes for a control at `anchor` in a `viewport`: under it unless the
 * room below is short and the room above larger; as wide as the control, widened to 16rem
 * where the viewport allows, and moved left (never past the left margin) when it would
 * leave the viewport on the right.
 */
export function placePopover(anchor: { left: number; top: number; bottom: number; width: number }, viewport: { width: number; height: number }): Placement {
  const width = Math.max(anchor.width, Math.min(MIN_WIDTH, viewport.width - 2 * MARGIN));
  const rightmost = viewport.width - MARGIN - width;
  const start = Math.max(Math.min(anchor.left, rightmost), Math.min(anchor.left, MARGIN));
  const roomBelow = viewport.height - anchor.bottom - MARGIN;
  const roomAbove = anchor.top - MARGIN;
  const above = roomBelow < LIST_MAX + CHROME && roomAbove > roomBelow;
  const room = above ? roomAbove : roomBelow;
  return { above, left: start - anchor.left, width, listMaxHeight: Math.min(LIST_MAX, Math.max(LIST_MIN, room - CHROME)) };
}
