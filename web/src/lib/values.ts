/** Reading values that arrive as `unknown` (stored chats, tool results, artifact props). */

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a string field. */
export const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
/** Reads a finite number field. */
export const num = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
