import { cut } from "../lib/text";
import type { Artifact } from "./store";

/** The panel's rules (spec 000 §2 "Artifacts side panel", §9). */
export const PANEL_WIDTH_PERCENT = 50;
export const WIDE_LAYOUT_PANEL_WIDTH_PERCENT = 30;
export const MIN_PANEL_WIDTH_PERCENT = 25;
export const MAX_PANEL_WIDTH_PERCENT = 75;
export const TAB_TITLE_CHARS = 15;

/**
 * The chat's narrowest width beside the panel: its input bar's controls still fit in one
 * row, and a message stays readable. The panel gives way before the chat does.
 */
export const MIN_CHAT_WIDTH_PX = 360;
/** The panel's narrowest: its header still shows two tabs beside the Tabs/Stacked switch. */
export const MIN_PANEL_WIDTH_PX = 280;
/** The divider's own width (`w-1.5`). */
export const DIVIDER_WIDTH_PX = 6;

/*
 * Percentages are of the space beside the sidebar (the chat, the divider and the panel),
 * not of the window: with the sidebar open, 75 % of the window would leave the chat a
 * sliver. `space` is that width in pixels; 0 means not measured (as in jsdom), and only
 * the 25–75 % bounds apply.
 */

/** The widest the panel may be, in percent: 75, or less where the chat would get narrower than its minimum. */
export function maxPanelWidth(space: number): number {
  if (!(space > 0)) return MAX_PANEL_WIDTH_PERCENT;
  return Math.min(MAX_PANEL_WIDTH_PERCENT, ((space - MIN_CHAT_WIDTH_PX - DIVIDER_WIDTH_PX) / space) * 100);
}

/** The narrowest the panel may be, in percent: 25, or more where 25 % is narrower than its minimum. */
export function minPanelWidth(space: number): number {
  if (!(space > 0)) return MIN_PANEL_WIDTH_PERCENT;
  return Math.max(MIN_PANEL_WIDTH_PERCENT, (MIN_PANEL_WIDTH_PX / space) * 100);
}

/** Whether the panel fits beside the chat at all; where it does not, it covers the chat as on a phone. */
export function fitsBeside(space: number): boolean {
  return maxPanelWidth(space) >= minPanelWidth(space);
}

/** A width the divider may take in `space` px: between 25 and 75 percent, the chat and the panel keeping their minimums. */
export function clampWidth(percent: number, space = 0): number {
  const min = minPanelWidth(space);
  const max = Math.max(min, maxPanelWidth(space));
  if (!Number.isFinite(percent)) return Math.min(max, Math.max(min, PANEL_WIDTH_PERCENT));
  return Math.min(max, Math.max(min, percent));
}

/**
 * The panel's width in percent of the space beside the sidebar: where the user dragged
 * the divider, else 50, or 30 when any open artifact asks for a wide layout (the chat
 * keeps more room) — in every case narrowed so the chat keeps its minimum width.
 */
export function panelWidth(open: readonly Artifact[], dragged: number | null, space = 0): number {
  const wanted = dragged ?? (open.some((a) => a.wideLayout) ? WIDE_LAYOUT_PANEL_WIDTH_PERCENT : PANEL_WIDTH_PERCENT);
  return clampWidth(wanted, space);
}

/** The panel's width for a pointer at `clientX` over the space spanning `left`…`left + width`. */
export function widthAt(clientX: number, left: number, width: number): number {
  if (width <= 0) return PANEL_WIDTH_PERCENT;
  return clampWidth(((left + width - clientX) / width) * 100, width);
}

/** A tab's title, cut at 15 characters. */
export function tabTitle(title: string): string {
  return cut(title, TAB_TITLE_CHARS);
}
