/**
 * Labels made from keys and column names: the records view's headers and fields, the
 * dashboard's table headers and series. Pure, with no words of its own (the dashboard page
 * imports it too).
 */

const ACRONYMS = new Set(["id", "url", "uri", "api", "sku", "uom", "eta", "etd", "po", "so", "asn", "bol", "ip", "ui", "jql", "json", "http", "utc", "pdf", "csv", "gps", "vin", "upc", "ean", "scac", "lpn"]);

/** A key as a label: "trailerId" → "Trailer ID", "yard_location" → "Yard location". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  if (words.length === 0) return key;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(" ");
}

/**
 * A column's name as a header: one written as a key ("order_count", "avgDwellHours",
 * "carrier") reads as words ("Order count", "Avg dwell hours", "Carrier"); a name already
 * written for people ("Avg dwell (h)", "UPS", "承运商") stays as it is.
 */
export function columnLabel(name: string): string {
  const keyLike = /^[\p{L}\p{N}_.-]+$/u.test(name) && (/[_.-]/.test(name) || /\p{Ll}\p{Lu}/u.test(name) || /^[a-z][a-z0-9]*$/.test(name));
  return keyLike ? humanise(name) : name;
}
