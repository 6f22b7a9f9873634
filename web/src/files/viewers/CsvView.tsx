import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRight } from "../../components/icons";
import { parseCsv } from "../csv";
import { PreviewNotice } from "./PreviewNotice";
import type { TextViewProps } from "./text";

/** Rows per page of the table. */
export const CSV_PAGE_SIZE = 100;

type Table = { header: string[]; rows: string[][] };

function tableOf(rows: string[][], truncated: boolean): Table {
  // The last row of a cut file is cut too.
  const complete = truncated && rows.length > 1 ? rows.slice(0, -1) : rows;
  const [header = [], ...body] = complete;
  return { header, rows: body };
}

function PagerButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-7 min-w-7 items-center justify-center rounded-md border border-slate-200 px-1 hover:bg-slate-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * A CSV file as a table, a page of rows at a time; the first row is the header. The text
 * is parsed in slices off the render path, so a file of megabytes does not freeze the tab.
 */
export default function CsvView({ text, truncated }: TextViewProps) {
  const { t, i18n } = useTranslation();
  const [parsed, setParsed] = useState<{ text: string; table: Table } | null>(null);
  const [page, setPage] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    parseCsv(text, abort.signal).then(
      (rows) => {
        setParsed({ text, table: tableOf(rows, truncated) });
        setPage(0);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [text, truncated]);

  if (parsed?.text !== text) return <PreviewNotice tone="loading">{t("fileViewer.tableLoading")}</PreviewNotice>;
  const { header, rows } = parsed.table;
  if (header.length === 0) return <PreviewNotice tone="info">{t("fileViewer.empty")}</PreviewNotice>;

  const pages = Math.max(1, Math.ceil(rows.length / CSV_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const first = current * CSV_PAGE_SIZE;
  const shown = rows.slice(first, first + CSV_PAGE_SIZE);
  const columns = Math.max(header.length, ...shown.map((r) => r.length));
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <div className="min-h-0 flex-1 overflow-auto rounded-lg border border-slate-200">
        <table className="min-w-full border-collapse text-left text-xs">
          <thead className="sticky top-0 bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="border-b border-slate-200 px-2 py-1.5 text-right font-medium text-slate-400">
                <span className="sr-only">{t("fileViewer.row")}</span>
              </th>
              {Array.from({ length: columns }, (_, c) => (
                <th key={c} scope="col" className="border-b border-slate-200 px-2 py-1.5 font-semibold whitespace-nowrap">
                  {header[c] ?? ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, r) => (
              <tr key={first + r} className="odd:bg-white even:bg-slate-50">
                <th scope="row" className="px-2 py-1 text-right font-normal text-slate-400 tabular-nums">
                  {number.format(first + r + 1)}
                </th>
                {Array.from({ length: columns }, (_, c) => (
                  <td key={c} className="max-w-80 truncate px-2 py-1 whitespace-nowrap text-slate-800" title={row[c]}>
                    {row[c] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t("fileViewer.pages")} className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span>
          {t("fileViewer.rows", {
            from: number.format(rows.length === 0 ? 0 : first + 1),
            to: number.format(first + shown.length),
            total: number.format(rows.length),
          })}
        </span>
        <span className="flex items-center gap-1">
          <PagerButton label={t("fileViewer.firstPage")} disabled={current === 0} onClick={() => setPage(0)}>
            <ChevronRight className="size-4 rotate-180" />
            <ChevronRight className="-ml-2.5 size-4 rotate-180" />
          </PagerButton>
          <PagerButton label={t("fileViewer.previousPage")} disabled={current === 0} onClick={() => setPage(current - 1)}>
            <ChevronRight className="size-4 rotate-180" />
          </PagerButton>
          <span aria-live="polite" className="px-1">
            {t("fileViewer.page", { page: number.format(current + 1), pages: number.format(pages) })}
          </span>
          <PagerButton label={t("fileViewer.nextPage")} disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            <ChevronRight className="size-4" />
          </PagerButton>
          <PagerButton label={t("fileViewer.lastPage")} disabled={current >= pages - 1} onClick={() => setPage(pages - 1)}>
            <ChevronRight className="size-4" />
            <ChevronRight className="-ml-2.5 size-4" />
          </PagerButton>
        </span>
      </nav>
    </div>
  );
}
