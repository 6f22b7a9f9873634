import { useId, useMemo } from "react";
import type { TileData } from "../generated/bi/TileData";
import type { TileKind } from "../generated/bi/TileKind";
import { formatAge } from "../i18n/format";
import { cut } from "../lib/text";
import { ChartBody } from "./ChartBody";
import { usePage } from "./context";
import { formatInstant, instantOf, textOf, timeColumnOf } from "./format";
import { fill } from "./strings";
import { isNumericColumn, kpiValue } from "./tiles";
import { columnLabel } from "../lib/labels";

/** Rows a table tile renders; the rest are counted ('Showing 200 of 1,000 rows'). */
export const TABLE_ROWS = 200;
/** Characters of one cell shown; of the query in a tooltip. */
const CELL_CHARS = 300;
const TOOLTIP_QUERY_CHARS = 400;

/** How much of the grid each kind takes (Dashboard): charts half of a wide window, tables across; KPIs sit in strips of their own. */
const SPAN: Record<TileKind, string> = {
  kpi: "",
  line: "col-span-1",
  bar: "col-span-1",
  stackedBar: "col-span-1",
  table: "col-span-full",
};

const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/** When the tile's data was read, in full; null for a tile that read none. */
function useAsOf(tile: TileData): string | null {
  const { language } = usePage();
  return tile.dataAsOf ? formatInstant(tile.dataAsOf, language) : null;
}

/** The tooltip of the tile's numbers: the query, and when its data was read. */
function useTooltip(tile: TileData): string {
  const { strings } = usePage();
  const asOf = useAsOf(tile);
  return fill(strings.tooltip, { query: cut(tile.query, TOOLTIP_QUERY_CHARS), time: asOf ?? strings.noData });
}

/**
 * One tile: its title, its numbers — a KPI, a chart, a table — or the error its query
 * met, and where they come from (the query, its filters and facilities, how fresh the
 * data is). Every value is rendered as text.
 */
export function Tile({ tile }: { tile: TileData }) {
  const { strings } = usePage();
  const titleId = useId();
  let body;
  if (tile.error !== null) {
    body = (
      <div className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="tile-error">
        <p className="font-medium">{strings.tileFailed}</p>
        <p className="mt-0.5 text-xs whitespace-pre-wrap wrap-anywhere">{tile.error}</p>
      </div>
    );
  } else if (tile.rows.length === 0) {
    body = <p className="py-6 text-center text-sm text-slate-500">{strings.noRows}</p>;
  } else if (tile.kind === "kpi") {
    body = <KpiBody tile={tile} />;
  } else if (tile.kind === "table") {
    body = <TableBody tile={tile} label={tile.title} />;
  } else {
    body = <ChartBody tile={tile} kind={tile.kind} />;
  }
  return (
    <article
      aria-labelledby={titleId}
      className={`flex min-w-0 flex-col gap-3 rounded-xl border bg-white p-3 shadow-xs sm:p-4 ${tile.error === null ? "border-slate-200" : "border-red-200"} ${SPAN[tile.kind]}`}
      data-testid="dashboard-tile"
      data-kind={tile.kind}
      data-state={tile.error === null ? "ok" : "failed"}
    >
      <header className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-sm font-medium text-slate-700 wrap-anywhere">
          {tile.title}
        </h2>
        {tile.truncated && (
          <span className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-medium text-amber-800 ring-1 ring-amber-200" data-testid="tile-limited">
            {strings.limited}
          </span>
        )}
      </header>
      <div className="min-w-0 flex-1">{body}</div>
      <Provenance tile={tile} />
    </article>
  );
}

/** A KPI: its value, big, in the page's language; the tile's title is its label. */
function KpiBody({ tile }: { tile: TileData }) {
  const { formats } = usePage();
  const tooltip = useTooltip(tile);
  const value = kpiValue(tile);
  return (
    <p className="text-3xl font-semibold tracking-tight break-all text-slate-900 tabular-nums sm:text-4xl" title={tooltip} data-testid="tile-kpi">
      {cut(textOf(value, formats), CELL_CHARS)}
    </p>
  );
}

/** A table: the columns, then the first TABLE_ROWS rows; numbers right-aligned, timestamps as dates. */
function TableBody({ tile, label }: { tile: TileData; label: string }) {
  const { strings, formats } = usePage();
  const tooltip = useTooltip(tile);
  const { columns, rows } = tile;
  const kinds = useMemo(() => columns.map((_, i) => ({ numeric: isNumericColumn(rows, i), time: timeColumnOf(rows, i) })), [columns, rows]);
  const shown = rows.length > TABLE_ROWS ? rows.slice(0, TABLE_ROWS) : rows;
  return (
    <div className="space-y-1.5">
      <div
        role="region"
        aria-label={label}
        // The region scrolls: the keyboard reaches it to scroll it.
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-md border border-slate-200"
        data-testid="tile-table"
      >
        <table className="min-w-full text-left text-xs">
          <thead className="sticky top-0 bg-slate-50 text-slate-600 shadow-[inset_0_-1px_0_var(--color-slate-200)]">
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col" className={`px-2 py-1.5 font-medium whitespace-nowrap ${kinds[i]?.numeric ? "text-right" : ""}`}>
                  {columnLabel(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {shown.map((row, r) => (
              <tr key={r}>
                {columns.map((_, i) => {
                  const value = row[i];
                  const empty = value === null || value === undefined;
                  const numeric = kinds[i]?.numeric === true;
                  return (
                    <td
                      key={i}
                      title={tooltip}
                      className={`px-2 py-1 ${numeric ? "text-right whitespace-nowrap tabular-nums" : "wrap-anywhere"} ${empty ? "text-slate-400" : "text-slate-900"}`}
                    >
                      {cut(textOf(value, formats, kinds[i]?.time ?? null), CELL_CHARS)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < rows.length && (
        <p className="text-xs text-slate-500" data-testid="tile-rows-note">
          {fill(strings.showing, { shown: formats.number(shown.length), total: formats.number(rows.length) })}
        </p>
      )}
    </div>
  );
}

/**
 * Where the tile's numbers come from ('Where this comes from'), folded until opened (open
 * at once for a failed tile): the
 * query as the assistant wrote it (and, folded again, as it ran with the cubes' views),
 * each of its conditions, the facilities the rows are limited to, when the data was read
 * and how long ago, and whether the rows were limited.
 */
function Provenance({ tile }: { tile: TileData }) {
  const { strings, language, now } = usePage();
  const asOf = useAsOf(tile);
  const readAt = tile.dataAsOf ? instantOf(tile.dataAsOf) : null;
  const pre = "max-h-48 overflow-auto rounded-md bg-slate-50 px-2.5 py-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 wrap-anywhere";
  return (
    // A failed tile has no numbers to look at: its query shows at once, beside the error.
    <details open={tile.error !== null} className="group rounded-md border border-slate-200 text-xs" data-testid="tile-provenance">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-2.5 py-1.5 font-medium text-slate-600 select-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3.5 shrink-0 text-slate-400 transition-transform group-open:rotate-90" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          <path d="m9 6 6 6-6 6" />
        </svg>
        {strings.provenance}
      </summary>
      <div className="space-y-2.5 border-t border-slate-100 px-2.5 py-2">
        <div>
          <p className={`mb-1 ${LABEL}`}>{strings.query}</p>
          <pre className={pre} data-testid="tile-query">
            {tile.query}
          </pre>
        </div>
        {tile.sql && tile.sql !== tile.query && (
          <details className="group/sql">
            <summary className="cursor-pointer text-[11px] font-medium text-slate-500 hover:text-slate-800">{strings.sqlAsRun}</summary>
            <pre className={`mt-1 ${pre}`} data-testid="tile-sql">
              {tile.sql}
            </pre>
          </details>
        )}
        <div>
          <p className={`mb-1 ${LABEL}`}>{strings.filters}</p>
          {tile.filters.length > 0 ? (
            <ul className="space-y-1" data-testid="tile-filters">
              {tile.filters.map((filter, i) => (
                <li key={i} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] wrap-anywhere text-slate-800">
                  {filter}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-500">{strings.noFilters}</p>
          )}
          <p className="mt-1.5 text-slate-600" data-testid="tile-facilities">
            {tile.facilities.length > 0 ? fill(strings.facilities, { list: tile.facilities.join(", ") }) : strings.noFacilities}
          </p>
        </div>
        <p className="text-slate-600" title={tile.dataAsOf ?? undefined} data-testid="tile-as-of">
          {asOf && readAt !== null ? fill(strings.dataAsOf, { time: asOf, age: formatAge(readAt, now, language) }) : strings.noData}
        </p>
        {tile.truncated && (
          <p className="text-amber-800" data-testid="tile-rows-limited">
            {strings.rowsLimited}
          </p>
        )}
      </div>
    </details>
  );
}
