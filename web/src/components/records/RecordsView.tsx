import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { bounded, pretty } from "../../lib/text";
import { isRecord } from "../../lib/values";
import { formatDateTime, formatDay } from "../../i18n/format";
import { type Records, type Row, type SortOrder, type SummaryWords, columnsOf, fieldsOf, findRecords, humanise, isIsoDay, nextOrder, sortRows, summarise } from "./records";

/** Rows a card shows before the rest go to the side panel. */
export const CARD_ROWS = 10;
/** Lines and characters of raw JSON shown before it is cut (an answer of megabytes stays out of the page). */
const JSON_MAX_LINES = 2_000;
const JSON_MAX_CHARS = 100_000;

/** Dates and moments in the reader's language and time zone (a day stays its day), the raw text in the cell's title. */
function useWords(): SummaryWords {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      yes: t("records.yes"),
      no: t("records.no"),
      items: (n: number) => t("records.items", { count: n }),
      empty: "—",
      date: (iso: string) => (isIsoDay(iso) ? formatDay(iso, language) : formatDateTime(iso, language)),
    }),
    [t, language],
  );
}

const SORT_MARK = { ascending: "▲", descending: "▼" } as const;

/**
 * Records as a table: the key columns first (records.ts), each header sorting its column
 * (ascending, descending, then as listed), cells summarised with the whole value in their
 * tooltip. Scrolls sideways on a narrow screen; `limit` rows at most.
 */
export function RecordsTable({ rows, limit, testId = "records-table" }: { rows: readonly Row[]; limit?: number; testId?: string }) {
  const { t } = useTranslation();
  const words = useWords();
  const columns = useMemo(() => columnsOf(rows), [rows]);
  const [order, setOrder] = useState<SortOrder>(null);
  const sorted = useMemo(() => sortRows(rows, order), [rows, order]);
  const shown = limit === undefined ? sorted : sorted.slice(0, limit);
  return (
    <div className="max-w-full overflow-x-auto rounded-md border border-slate-200" data-testid={testId}>
      <table className="w-full min-w-max border-collapse text-left text-xs">
        <thead className="sticky top-0 bg-slate-50 text-slate-600">
          <tr>
            {columns.map((key) => {
              const sorting = order?.key === key ? order.direction : undefined;
              return (
                <th key={key} scope="col" aria-sort={sorting ?? "none"} className="border-b border-slate-200 px-2 py-1.5 font-medium whitespace-nowrap">
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
                    title={t("records.sortBy", { column: humanise(key) })}
                    onClick={() => setOrder((current) => nextOrder(current, key))}
                  >
                    {humanise(key)}
                    <span aria-hidden="true" className={sorting ? "text-teal-700" : "text-slate-300"}>
                      {sorting ? SORT_MARK[sorting] : "↕"}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {shown.map((row, i) => (
            <tr key={i} className="align-top odd:bg-white even:bg-slate-50/50">
              {columns.map((key, c) => {
                const text = summarise(row[key], words);
                const whole = typeof row[key] === "string" ? (row[key] as string) : isRecord(row[key]) || Array.isArray(row[key]) ? pretty(row[key]) : undefined;
                return (
                  <td
                    key={key}
                    className={`max-w-64 truncate px-2 py-1 ${c === 0 ? "font-mono text-slate-900" : "text-slate-700"}`}
                    title={whole && whole !== text ? whole : undefined}
                    dir="auto"
                  >
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One record as labelled fields, key fields first; a list of records inside it as a small table. */
export function RecordView({ record }: { record: Row }) {
  const words = useWords();
  const fields = useMemo(() => fieldsOf(record), [record]);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]" data-testid="record-view">
      {fields.map((key) => {
        const value = record[key];
        const rows = Array.isArray(value) && value.length > 0 && value.every(isRecord) ? (value as Row[]) : null;
        const text = rows ? undefined : summarise(value, words);
        return (
          <div key={key} className="contents">
            <dt className="pt-0.5 text-xs font-medium text-slate-500 sm:pt-0 sm:text-sm">{humanise(key)}</dt>
            <dd className="min-w-0 break-words text-slate-900" dir="auto" title={typeof value === "string" && value !== text ? value : undefined}>
              {rows ? <RecordsTable rows={rows} limit={CARD_ROWS} testId="record-nested" /> : text}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Raw JSON, bounded. */
export function RawJson({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const shown = useMemo(() => bounded(pretty(value), JSON_MAX_LINES, JSON_MAX_CHARS), [value]);
  return (
    <div data-testid="records-json">
      <pre className="max-h-80 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-800">{shown.text}</pre>
      {shown.hiddenLines > 0 && <p className="px-1 pt-1 text-[11px] text-slate-400">{t("tools.moreLines", { n: shown.hiddenLines })}</p>}
    </div>
  );
}

/** The names a page wrapper gives how many records there are in all. */
const TOTAL_KEYS = ["totalCount", "total", "total_count", "totalRecords", "total_records", "totalElements", "total_elements", "count"];

/** How many records there are in all when the answer says more than it holds (a page of them); undefined otherwise. */
function totalOf(meta: Row, received: number): number | undefined {
  const total = TOTAL_KEYS.map((key) => meta[key]).find((v): v is number => typeof v === "number" && Number.isInteger(v));
  return total !== undefined && total > received ? total : undefined;
}

type AnswerProps = {
  data: unknown;
  /** Opens every record in the side panel; offered when the list is longer than the card shows. */
  onShowAll?: (records: Row[]) => void;
};

/**
 * An answer as a person reads it: a list of records as a table (the first `CARD_ROWS`,
 * the rest one click away in the side panel), one record as labelled fields, anything
 * else as JSON; the raw JSON is always one click away.
 */
export function AnswerView({ data, onShowAll }: AnswerProps) {
  const { t } = useTranslation();
  const records: Records = useMemo(() => findRecords(data), [data]);
  const [raw, setRaw] = useState(false);
  if (!records) return <RawJson value={data} />;
  const long = records.kind === "list" && records.rows.length > CARD_ROWS;
  const total = records.kind === "list" ? totalOf(records.meta, records.rows.length) : undefined;
  return (
    <div className="space-y-1.5" data-testid="answer-view">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {records.kind === "list" && (
          <span className="text-slate-600" data-testid="records-count">
            {total !== undefined
              ? long
                ? t("records.showingOfTotal", { shown: CARD_ROWS, count: records.rows.length, total })
                : t("records.countOfTotal", { count: records.rows.length, total })
              : long
                ? t("records.showing", { shown: CARD_ROWS, count: records.rows.length })
                : t("records.count", { count: records.rows.length })}
          </span>
        )}
        <div className="ml-auto flex items-center gap-1">
          {long && onShowAll && (
            <button type="button" className="rounded px-1.5 py-0.5 font-medium text-teal-700 hover:bg-teal-50" onClick={() => onShowAll(records.rows)} data-testid="records-show-all">
              {t("records.showAll", { count: records.rows.length })}
            </button>
          )}
          <button
            type="button"
            aria-pressed={raw}
            className="rounded px-1.5 py-0.5 font-medium text-slate-600 hover:bg-slate-100"
            onClick={() => setRaw((r) => !r)}
            data-testid="records-raw-toggle"
          >
            {raw ? (records.kind === "list" ? t("records.asTable") : t("records.asFields")) : t("records.rawJson")}
          </button>
        </div>
      </div>
      {raw ? (
        <RawJson value={data} />
      ) : records.kind === "list" ? (
        <RecordsTable rows={records.rows} limit={CARD_ROWS} />
      ) : (
        <RecordView record={records.record} />
      )}
    </div>
  );
}
