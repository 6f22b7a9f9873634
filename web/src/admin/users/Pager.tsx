import { useTranslation } from "react-i18next";
import { ArrowLeftIcon, ChevronRight } from "../../components/icons";

type Props = { offset: number; pageSize: number; shown: number; total: number; onOffset: (offset: number) => void };

/** "21–40 of 57" with the previous and next page. */
export function Pager({ offset, pageSize, shown, total, onOffset }: Props) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const button =
    "inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label={t("adminUsers.pages")} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t("adminUsers.range", { from: offset + 1, to: offset + shown, total })}
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          <ArrowLeftIcon className="size-4" />
          {t("adminUsers.previous")}
        </button>
        <button type="button" className={button} disabled={offset + shown >= total} onClick={() => onOffset(offset + pageSize)}>
          {t("adminUsers.next")}
          <ChevronRight className="size-4" />
        </button>
      </div>
    </nav>
  );
}
