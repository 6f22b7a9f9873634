import { type RefObject, useCallback, useRef, useState } from "react";

/** Spec 000 §2, §9: within this many pixels of the bottom, the view follows new content. */
export const NEAR_BOTTOM_PX = 100;

type ScrollMetrics = Pick<HTMLElement, "scrollTop" | "scrollHeight" | "clientHeight">;

export function isNearBottom(el: ScrollMetrics, threshold = NEAR_BOTTOM_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/**
 * Keeps a scroll container at the bottom while content grows, as long as the user was
 * within `threshold` px of it; scrolling further up lets them read in peace. Call
 * `follow()` after the content changed, `onScroll` from the container.
 */
export function useAutoScroll(ref: RefObject<HTMLElement | null>, threshold = NEAR_BOTTOM_PX) {
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    stuck.current = isNearBottom(el, threshold);
    setAtBottom(stuck.current);
  }, [ref, threshold]);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    stuck.current = true;
    setAtBottom(true);
    if (el) el.scrollTop = el.scrollHeight;
  }, [ref]);

  const follow = useCallback(() => {
    const el = ref.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [ref]);

  return { onScroll, follow, scrollToBottom, atBottom };
}
