import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRight } from "../../components/icons";
import type { JsonValue } from "../../generated/serde_json/JsonValue";
import type { QueryResultOutput } from "../../generated/tools/bi/QueryResultOutput";
import { type NumberFormatter, cellOf, formatAsOf, isNumericColumn, numberFormatter } from "./format";
import { ROWS_SHOWN } from "./limits";
import { LABEL, SqlBlock } from "./parts";

/**
 * A query's rows as a table: the header from the columns, numbers right-aligned in the
 * reader's language, NULL as an em dash, every value as text (never markup). It scrolls
 * both ways; the first ROWS_SHOWN rows are rendered until 'Show all N rows', and a result
 * the engine cut at its row limit says so.
 */
export function QueryTable({ result }: { result: QueryResultOutput }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const format = useMemo(() => numberFormatter(i18n.language), [i18n.language]);
  const { columns, rows } = result;
  const numeric = useMemo(() => columns.map((_, index) => isNumericColumn(rows, index)), [columns, rows]);
  const many = rows.length > ROWS_SHOWN;
  const shown = all || !many ? rows : rows.slice(0, ROWS_SHOWN);
  const counts = { shown: format(shown.length), total: format(rows.length) };

  return (
    <div className="space-y-1.5">
      <div
        role="region"
        aria-label={t("bi.query.result")}
        // The region scrolls: the keyboard reaches it to scroll it.
        tabIndex={0}
        className="max-h-[28rem] overflow-auto rounded-md border border-slate-200 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
        data-testid="bi-table-scroll"
      >
        <table className="min-w-full text-left text-xs" data-testid="bi-table">
          <thead className="sticky top-0 bg-slate-50 text-slate-600 shadow-[inset_0_-1px_0_var(--color-slate-200)]">
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className={`px-2 py-1.5 font-medium whitespace-nowrap ${numeric[index] ? "text-right" : ""}`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {shown.map((row, r) => (
              <tr key={r} className="hover:bg-slate-50">
                {columns.map((_, index) => (
                  <Cell key={index} value={row[index]} format={format} alignRight={numeric[index] === true} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(result.truncated || shown.length < rows.length) && (
        <p className={`text-xs ${result.truncated ? "text-amber-800" : "text-slate-500"}`} data-testid="bi-rows-note">
          {t(result.truncated ? "bi.query.cut" : "bi.query.shown", counts)}
        </p>
      )}
      {many && (
        <button
          type="button"
          aria-expanded={all}
          onClick={() => setAll((a) => !a)}
          className="rounded-md px-2 py-1 text-xs font-medium text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
          data-testid="bi-show-all"
        >
          {all ? t("bi.query.showFewer", { n: format(ROWS_SHOWN) }) : t("bi.query.showAll", { n: format(rows.length) })}
        </button>
      )}
    </div>
  );
}

function Cell({ value, format, alignRight }: { value: JsonValue | undefined; format: NumberFormatter; alignRight: boolean }) {
  const cell = cellOf(value, format);
  if (cell.numeric || (alignRight && cell.empty)) {
    return <td className={`px-2 py-1 text-right whitespace-nowrap tabular-nums ${cell.empty ? "text-slate-400" : "text-slate-900"}`}>{cell.text}</td>;
  }
  return (
    <td className={`px-2 py-1 ${cell.empty ? "text-slate-400" : "text-slate-900"}`} title={cell.full}>
      <div className="max-w-80 whitespace-pre-wrap wrap-anywhere">{cell.text}</div>
    </td>
  );
}

/** What a result says of where its numbers come from (a query's; an export's, which names no facilities). */
export type Origin = { generatedSql: string; facilities?: readonly string[]; dataAsOf: string };

/**
 * Where a query's numbers come from ('How this was computed'): the SQL as the engine ran
 * it, with the cubes' views; the facilities the rows are limited to; and when the data
 * was read, in the reader's language and time zone.
 */
export function Provenance({ result }: { result: Origin }) {
  const { t, i18n } = useTranslation();
  const { generatedSql, facilities, dataAsOf } = result;
  return (
    <details className="group rounded-md border border-slate-200" data-testid="bi-provenance">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-1.5 text-xs font-medium text-slate-700 select-none hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 shrink-0 text-slate-400 transition-transform group-open:rotate-90" />
        {t("bi.query.provenance")}
      </summary>
      <div className="space-y-2 border-t border-slate-100 px-3 py-2">
        {generatedSql && <SqlBlock label={t("bi.query.sql")} sql={generatedSql} testId="bi-generated-sql" />}
        {facilities && (
          <div>
            <p className={`mb-1 ${LABEL}`}>{t("bi.query.facilities")}</p>
            {facilities.length > 0 ? (
              <ul className="flex flex-wrap gap-1" data-testid="bi-facilities">
                {facilities.map((facility) => (
                  <li key={facility} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                    {facility}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-slate-500" data-testid="bi-facilities">
                {t("bi.query.noFacilities")}
              </p>
            )}
          </div>
        )}
        {dataAsOf && (
          <p className="text-xs text-slate-600" title={dataAsOf} data-testid="bi-as-of">
            {t("bi.query.asOf", { time: formatAsOf(dataAsOf, i18n.language) })}
          </p>
        )}
      </div>
    </details>
  );
}
