/** Text helpers for cards, tabs and previews. */

/**
 * The first `max` characters of `text` (by code point, so no emoji or CJK character is
 * split), with an ellipsis when anything was cut.
 */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** `value` as text for a preview: strings as they are, anything else as indented JSON. */
export function pretty(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** At most `maxLines` lines and `maxChars` characters of `text`, and how many lines were left out. */
export function bounded(text: string, maxLines: number, maxChars: number): { text: string; hiddenLines: number } {
  const lines = text.split("\n");
  let shown = lines.slice(0, maxLines).join("\n");
  if (shown.length > maxChars) shown = `${cut(shown, maxChars)}`;
  return { text: shown, hiddenLines: Math.max(0, lines.length - maxLines) };
}
