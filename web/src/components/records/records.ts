import { humanise } from "../../lib/labels";
import { isRecord } from "../../lib/values";

/** Labels made from keys (lib/labels), as the records view names its columns and fields. */
export { humanise };

/**
 * Reading an answer as records: a list of objects,
 * found at the top or in the one list a page wrapper carries (`{data: [...], totalCount}`),
 * or a single object. Which columns come first (identifiers, names, status, dates, then
 * the rest, nested values last), their labels made from the keys, cell values summarised,
 * and sorting. Pure: the views render what this says.
 */

export type Row = Record<string, unknown>;

/** What an answer holds: a list of records (with the wrapper's other fields), one record, or neither. */
export type Records = { kind: "list"; rows: Row[]; path: string | null; meta: Row } | { kind: "record"; record: Row } | null;

/** The names page wrappers give their list, most likely first. */
const LIST_KEYS = ["data", "items", "records", "results", "rows", "content", "list", "entries", "values"];

const isRowList = (value: unknown): value is Row[] => Array.isArray(value) && value.length > 0 && value.every(isRecord);

/** What a page wrapper says beside its list. */
const PAGING = /^(total|total_?count|total_?records|total_?elements|count|page|page_?size|page_?number|page_?count|total_?pages|size|limit|offset|next|next_?cursor|cursor|prev|previous|has_?more|has_?next|note|message|msg|code|success)$/i;

/**
 * The list of records `value` wraps: under a usual name (`data`, `items`…), or the only
 * list when all else beside it is paging. A record with a list in it (an order and its
 * lines) is a record.
 */
function listIn(value: Row): { key: string; rows: Row[] } | null {
  const lists = Object.entries(value).filter((entry): entry is [string, Row[]] => isRowList(entry[1]));
  const named = LIST_KEYS.map((key) => lists.find(([k]) => k === key)).find(Boolean);
  if (named) return { key: named[0], rows: named[1] };
  if (lists.length !== 1) return null;
  const [key, rows] = lists[0]!;
  return Object.keys(value).every((k) => k === key || PAGING.test(k)) ? { key, rows } : null;
}

export function findRecords(data: unknown): Records {
  if (isRowList(data)) return { kind: "list", rows: data, path: null, meta: {} };
  if (!isRecord(data)) return null;
  const found = listIn(data);
  if (found) {
    const meta = Object.fromEntries(Object.entries(data).filter(([k, v]) => k !== found.key && !isRecord(v) && !Array.isArray(v)));
    return { kind: "list", rows: found.rows, path: found.key, meta };
  }
  // `{data: {items: [...], total}}` or `{data: {...one record...}}`: one level down.
  const inner = Object.entries(data).filter(([, v]) => isRecord(v));
  if (Object.keys(data).length === 1 && inner.length === 1) {
    const [key, value] = inner[0]! as [string, Row];
    const deeper = findRecords(value);
    if (deeper?.kind === "list") return { ...deeper, path: deeper.path ? `${key}.${deeper.path}` : key };
    return deeper;
  }
  return Object.keys(data).length > 0 ? { kind: "record", record: data } : null;
}

const ID = /(^id$|^uuid$|^key$|Id$|_id$|ID$|No$|_no$|Number$|_number$|Code$|_code$|Ref$|_ref$|^sku$)/;
const NAME = /(^name$|Name$|_name$|^title$|^label$|^number$|^summary$|^description$)/;
const STATUS = /(^status$|Status$|_status$|^state$|State$|_state$|^type$|Type$|_type$|^kind$|^priority$|^stage$)/;
const DATE = /(At$|_at$|Date$|_date$|Time$|_time$|^date$|^time$|^created$|^updated$|On$)/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** How early a column comes: identifiers, names, status, dates, other values, nested values. */
function rank(key: string, sample: unknown): number {
  const nested = isRecord(sample) || Array.isArray(sample);
  if (key === "id") return 0;
  if (!nested && ID.test(key)) return 1;
  if (!nested && NAME.test(key)) return 2;
  if (!nested && STATUS.test(key)) return 3;
  if (!nested && (DATE.test(key) || (typeof sample === "string" && ISO_DATE.test(sample)))) return 4;
  return nested ? 6 : 5;
}

/** How many records are read to find the columns (an answer of thousands keeps this quick). */
const COLUMN_SAMPLE = 200;

/** The columns of `rows`, key columns first; within a rank, in the order the records name them. */
export function columnsOf(rows: readonly Row[]): string[] {
  const seen = new Map<string, unknown>();
  for (const row of rows.slice(0, COLUMN_SAMPLE)) {
    for (const [key, value] of Object.entries(row)) {
      const known = seen.get(key);
      if (!seen.has(key) || known === null || known === undefined) seen.set(key, value);
    }
  }
  const keys = [...seen.keys()];
  return keys
    .map((key, order) => ({ key, order, rank: rank(key, seen.get(key)) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((c) => c.key);
}

/** The keys of one record in the same order as a list's columns. */
export const fieldsOf = (record: Row): string[] => columnsOf([record]);

/** The words a summary uses, in the reader's language; `date` writes an ISO date or moment in the reader's way. */
export type SummaryWords = { yes: string; no: string; items: (n: number) => string; empty: string; date?: (iso: string) => string };

/** Whether a text is an ISO 8601 date ("2026-12-01") or moment ("2026-12-01T08:30:00Z"). */
export const isIsoDate = (text: string): boolean => ISO_DATE.test(text);

/** Whether an ISO date names only a day (no time, so no time zone applies). */
export const isIsoDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The longest summary a cell shows (the whole value is in its tooltip and the raw JSON). */
const SUMMARY_CHARS = 120;

const clip = (text: string) => (text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text);

/** The field a nested object is best named by. */
const NAMING_KEYS = ["name", "displayName", "title", "label", "number", "code", "id"];

/** A value as a cell shows it: text as it is, yes/no, nested objects by their name or first fields, lists by count. */
export function summarise(value: unknown, words: SummaryWords): string {
  if (value === null || value === undefined || value === "") return words.empty;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") return words.date && ISO_DATE.test(value) ? words.date(value) : clip(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.items(0);
    if (value.every((v) => typeof v === "string" || typeof v === "number")) return clip(value.join(", "));
    return words.items(value.length);
  }
  if (isRecord(value)) {
    const naming = NAMING_KEYS.find((k) => typeof value[k] === "string" || typeof value[k] === "number");
    if (naming) return clip(String(value[naming]));
    const parts = Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined && !isRecord(v) && !Array.isArray(v))
      .slice(0, 3)
      .map(([k, v]) => `${humanise(k)}: ${summarise(v, words)}`);
    return parts.length > 0 ? clip(parts.join(" · ")) : words.items(Object.keys(value).length);
  }
  return clip(String(value));
}

export type SortOrder = { key: string; direction: "ascending" | "descending" } | null;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Empty values always last; numbers by value; the rest as text, numbers in text by value. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v) ?? "");
  return collator.compare(text(a), text(b));
}

const blank = (v: unknown) => v === null || v === undefined || v === "";

export function sortRows(rows: readonly Row[], order: SortOrder): Row[] {
  if (!order) return [...rows];
  const sign = order.direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = x.row[order.key];
      const b = y.row[order.key];
      if (blank(a) || blank(b)) return blank(a) === blank(b) ? x.index - y.index : blank(a) ? 1 : -1;
      return sign * compare(a, b) || x.index - y.index;
    })
    .map((e) => e.row);
}

/** A header's next order: ascending, descending, then as the system listed them. */
export function nextOrder(current: SortOrder, key: string): SortOrder {
  if (current?.key !== key) return { key, direction: "ascending" };
  return current.direction === "ascending" ? { key, direction: "descending" } : null;
}
