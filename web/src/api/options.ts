import { type InfiniteData, type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useAuthStore } from "../auth/store";
import type { OptionItem } from "../generated/options/OptionItem";
import type { OptionsPage } from "../generated/options/OptionsPage";
import type { FieldType } from "../generated/tools/forms/FieldType";
import { api } from "./client";

/** The field types whose options come from `GET /api/options/{kind}`. */
export type OptionKind = Extract<FieldType, `${string}Selector`>;

export type OptionsQuery = {
  /** The search text; blank asks for everything. */
  q?: string;
  /** The value of the field this one depends on (a carrier id, a customer id, an item id). */
  dependsOn?: string | null;
  /** From 1. */
  page?: number;
};

/** Options the server answers per page. */
export const OPTIONS_PAGE_SIZE = 20;

/** How long the search text must stay the same before it is sent. */
export const SEARCH_DEBOUNCE_MS = 150;

/** `/api/options/{kind}?q=…&dependsOn=…&page=…`; a blank search and an absent dependency are left out. */
export function optionsPath(kind: OptionKind, { q, dependsOn, page = 1 }: OptionsQuery): string {
  const params = new URLSearchParams();
  const search = q?.trim();
  if (search) params.set("q", search);
  if (dependsOn) params.set("dependsOn", dependsOn);
  params.set("page", String(page));
  return `/api/options/${encodeURIComponent(kind)}?${params}`;
}

/** One page of a selector's options. */
export function fetchOptions(kind: OptionKind, query: OptionsQuery, signal?: AbortSignal): Promise<OptionsPage> {
  return api.get<OptionsPage>(optionsPath(kind, query), { signal });
}

/**
 * Keyed by tenant and facility too: the same kind lists another tenant's customers, or
 * another facility's items, once the user switches.
 */
export const optionsKeys = {
  all: ["options"] as const,
  list: (tenantId: string | null, facilityId: string | null, kind: OptionKind, dependsOn: string | null, q: string) =>
    ["options", tenantId, facilityId, kind, dependsOn, q] as const,
};

type OptionsKey = ReturnType<typeof optionsKeys.list>;

/** Whether two keys list the same options apart from the search (only then may the old list stay on screen). */
function sameSource(a: QueryKey | undefined, b: OptionsKey): boolean {
  return a !== undefined && a.length === b.length && b.slice(0, -1).every((part, i) => a[i] === part);
}

/** `search` trimmed, once it has stayed the same for the debounce delay; a cleared search at once. */
export function useSettledSearch(search: string, delayMs = SEARCH_DEBOUNCE_MS): string {
  const trimmed = search.trim();
  const [settled, setSettled] = useState(trimmed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(trimmed), delayMs);
    return () => clearTimeout(timer);
  }, [trimmed, delayMs]);
  return trimmed === "" ? "" : settled;
}

export type UseOptions = {
  /** The search box's text, as typed: the hook waits for it to settle. */
  search: string;
  dependsOn?: string | null;
  /** False while the list is closed or the dependency is empty: nothing is fetched. */
  enabled: boolean;
};

/**
 * A selector's options, page by page (`query.fetchNextPage` loads the next 20), with the
 * search they answer (`q`, settled and trimmed). While a new search is on its way the
 * previous matches stay on screen (`query.isPlaceholderData`); a new dependency or kind
 * never shows the old one's options.
 */
export function useOptions(kind: OptionKind, { search, dependsOn = null, enabled }: UseOptions) {
  const tenantId = useAuthStore((s) => s.tenantId);
  const facilityId = useAuthStore((s) => s.facilityId);
  const q = useSettledSearch(search);
  const queryKey = optionsKeys.list(tenantId, facilityId, kind, dependsOn || null, q);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchOptions(kind, { q, dependsOn, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: OptionsPage) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: (previous: InfiniteData<OptionsPage, number> | undefined, previousQuery) =>
      sameSource(previousQuery?.queryKey, queryKey) ? previous : undefined,
    enabled,
    staleTime: 60_000,
  });
  const options = useMemo(() => distinct(query.data?.pages ?? []), [query.data]);
  return { query, options, q };
}

/** The pages' options in order, each value once (a record added between two pages shifts the next one). */
function distinct(pages: readonly OptionsPage[]): OptionItem[] {
  const seen = new Set<string>();
  const out: OptionItem[] = [];
  for (const page of pages) {
    for (const option of page.options) {
      if (seen.has(option.value)) continue;
      seen.add(option.value);
      out.push(option);
    }
  }
  return out;
}
