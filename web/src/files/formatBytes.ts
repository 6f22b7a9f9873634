const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/**
 * A size as the file viewer shows it (spec 002 §5): Bytes, KB, MB or GB, base 1024, two
 * decimals ("512 Bytes", "1.50 KB", "3.00 GB"). Whole bytes need no decimals; anything
 * past GB stays in GB.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `0 ${UNITS[0]}`;
  let unit = 0;
  let value = bytes;
  // 1023.999 KB would print as "1024.00 KB": it is 1.00 MB.
  while (unit < UNITS.length - 1 && value >= (unit === 0 ? 1024 : 1023.995)) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} ${UNITS[0]}` : `${value.toFixed(2)} ${UNITS[unit]}`;
}
