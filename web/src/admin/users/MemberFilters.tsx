import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchIcon } from "../../components/moreIcons";
import type { MemberStatus } from "../../generated/MemberStatus";

export type StatusFilter = MemberStatus | "all";

const FILTERS: readonly StatusFilter[] = ["all", "active", "suspended", "invited"];

type Props = {
  search: string;
  onSearch: (search: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
};

/** The search box and the status filter (radio buttons drawn as a segmented control). */
export function MemberFilters({ search, onSearch, status, onStatus }: Props) {
  const { t } = useTranslation();
  const searchId = useId();
  const name = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div className="w-full md:max-w-sm">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
          {t("adminUsers.search")}
        </label>
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t("adminUsers.searchPlaceholder")}
            maxLength={200}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
          />
        </div>
      </div>
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t("adminUsers.statusFilter")}</legend>
        <div className="inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs">
          {FILTERS.map((filter) => (
            <label
              key={filter}
              className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 select-none hover:text-slate-900 has-checked:bg-navy-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-teal-400"
            >
              <input
                type="radio"
                name={name}
                value={filter}
                checked={status === filter}
                onChange={() => onStatus(filter)}
                className="sr-only"
              />
              {filter === "all" ? t("adminUsers.all") : t(`adminUsers.status.${filter}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
