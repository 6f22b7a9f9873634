/** Spec 001 §2.1, §9. */
export const REASONING_SUMMARY_CHARS = 80;
export const REASONING_COLLAPSIBLE_CHARS = 100;

/** Cuts by characters as people count them (code points), adding an ellipsis when cut. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

/** The reasoning block's summary line: its first line, cut at 80 characters. */
export function reasoningSummary(text: string): string {
  const firstLine = text.trim().split("\n", 1)[0] ?? "";
  return cut(firstLine.trim(), REASONING_SUMMARY_CHARS);
}

/** Collapsible when it has more than one line or more than 100 characters. */
export function isReasoningCollapsible(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.includes("\n") || Array.from(trimmed).length > REASONING_COLLAPSIBLE_CHARS;
}
