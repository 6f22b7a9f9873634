import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchIcon } from "../../../components/moreIcons";
import { buttonClass } from "../../../components/ui/Dialog";
import type { MemoryType } from "../../../generated/tools/memory/MemoryType";

export type TypeFilter = MemoryType | "all";

const FILTERS: readonly TypeFilter[] = ["all", "personal", "system"];

/** The longest text the list filters by (the server's limit for `q`). */
export const SEARCH_MAX_CHARS = 200;

type Props = {
  search: string;
  /** Typing: the list is filtered by this text. */
  onSearch: (search: string) => void;
  /** Rank (the button or Enter): the memories ranked by the words they share with the text. */
  onSearchByMeaning: () => void;
  type: TypeFilter;
  onType: (type: TypeFilter) => void;
};

/**
 * The search box — typing filters the list by text, Rank by relevance (or Enter) ranks
 * the memories as the assistant does — and the type filter: All, Personal, Company
 * (radio buttons drawn as a segmented control).
 */
export function MemoryFilters({ search, onSearch, onSearchByMeaning, type, onType }: Props) {
  const { t } = useTranslation();
  const ids = { search: useId(), hint: useId() };
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (search.trim()) onSearchByMeaning();
  };
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
      <form role="search" onSubmit={submit} className="w-full md:max-w-xl" aria-label={t("memory.page.search")}>
        <label htmlFor={ids.search} className="block text-sm font-medium text-slate-700">
          {t("memory.page.search")}
        </label>
        <div className="mt-1.5 flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              id={ids.search}
              type="search"
              dir="auto"
              value={search}
              onChange={(e) => onSearch(e.target.value)}
              placeholder={t("memory.page.searchPlaceholder")}
              maxLength={SEARCH_MAX_CHARS}
              aria-describedby={ids.hint}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
            />
          </div>
          <button type="submit" className={`${buttonClass.secondary} shrink-0 disabled:cursor-not-allowed disabled:opacity-50`} disabled={!search.trim()}>
            {t("memory.page.searchByMeaning")}
          </button>
        </div>
        <p id={ids.hint} className="mt-1 text-xs text-slate-500">
          {t("memory.page.searchHint")}
        </p>
      </form>
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("memory.page.typeFilter")}</legend>
        <div className="inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs">
          {FILTERS.map((filter) => (
            <label
              key={filter}
              className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 select-none hover:text-slate-900 has-checked:bg-navy-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-teal-400"
            >
              <input type="radio" name={name} value={filter} checked={type === filter} onChange={() => onType(filter)} className="sr-only" />
              {t(`memory.page.filter.${filter}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
