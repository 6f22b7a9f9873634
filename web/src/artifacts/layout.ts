import { cut } from "../tools/text";
import type { Artifact } from "./store";

/** The panel's rules (spec 000 §2 "Artifacts side panel", §9). */
export const PANEL_WIDTH_PERCENT = 50;
export const WIDE_LAYOUT_PANEL_WIDTH_PERCENT = 30;
export const MIN_PANEL_WIDTH_PERCENT = 25;
export const MAX_PANEL_WIDTH_PERCENT = 75;
export const TAB_TITLE_CHARS = 15;

/** A width the divider may take: between 25 and 75 percent of the page. */
export function clampWidth(percent: number): number {
  if (!Number.isFinite(percent)) return PANEL_WIDTH_PERCENT;
  return Math.min(MAX_PANEL_WIDTH_PERCENT, Math.max(MIN_PANEL_WIDTH_PERCENT, percent));
}

/**
 * The panel's width in percent of the page: where the user dragged the divider, else 50,
 * or 30 when any open artifact asks for a wide layout (the chat keeps more room).
 */
export function panelWidth(open: readonly Artifact[], dragged: number | null): number {
  if (dragged !== null) return clampWidth(dragged);
  return open.some((a) => a.wideLayout) ? WIDE_LAYOUT_PANEL_WIDTH_PERCENT : PANEL_WIDTH_PERCENT;
}

/** The panel's width for a pointer at `clientX` on a page spanning `left`…`left + width`. */
export function widthAt(clientX: number, left: number, width: number): number {
  if (width <= 0) return PANEL_WIDTH_PERCENT;
  return clampWidth(((left + width - clientX) / width) * 100);
}

/** A tab's title, cut at 15 characters. */
export function tabTitle(title: string): string {
  return cut(title, TAB_TITLE_CHARS);
}
