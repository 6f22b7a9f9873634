import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** The four units' names in one language, smallest first (`fileSize.*` in the catalogues). */
export type ByteUnits = readonly [bytes: string, kb: string, mb: string, gb: string];

const ENGLISH_UNITS: ByteUnits = ["Bytes", "KB", "MB", "GB"];

/**
 * Decimals after KB: the spec wants one in the input area (002 §5) and two on cards and
 * in the viewer (001 §9).
 */
export type SizePrecision = 1 | 2;

export type FormatBytesOptions = {
  decimals?: SizePrecision;
  units?: ByteUnits;
  /** Whose decimal sign to use ("1,50 KB" in German). */
  language?: string;
};

/**
 * A size in Bytes, KB, MB or GB, base 1024 ("512 Bytes", "1.50 KB", "3.0 GB" with one
 * decimal). Whole bytes need no decimals; anything past GB stays in GB.
 */
export function formatBytes(bytes: number, { decimals = 2, units = ENGLISH_UNITS, language = "en" }: FormatBytesOptions = {}): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `0 ${units[0]}`;
  // 1023.999 KB would print as "1024.00 KB": it is 1.00 MB.
  const rollsOver = 1024 - 0.5 * 10 ** -decimals;
  let unit = 0;
  let value = bytes;
  while (unit < units.length - 1 && value >= (unit === 0 ? 1024 : rollsOver)) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : decimals;
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
  return `${number} ${units[unit]}`;
}

/** formatBytes in the reader's language: its unit names and decimal sign. */
export function useFormatBytes(): (bytes: number, decimals?: SizePrecision) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (bytes: number, decimals: SizePrecision = 2) =>
      formatBytes(bytes, { decimals, language, units: [t("fileSize.bytes"), t("fileSize.kb"), t("fileSize.mb"), t("fileSize.gb")] }),
    [t, language],
  );
}
