// The one way a list page reads its URL and asks for its rows: the named filters, the page size
// and the cursor come from the query string (src/list-url.ts); the rows are fetched with the
// chosen filters, the cursor and the page size, keeping the previous page on screen while the
// next one loads; submitting the filter form navigates to the new URL, keeping the page size.
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { DEFAULT_PAGE_SIZE, filtersOf, pageSizeOf, submittedFilters } from "./list-url.js";
import { hrefOf, navigate, useLocation } from "./navigation.js";

export interface ListPage<Name extends string, Rows> {
  /** The filters in the URL (non-empty ones only). */
  readonly chosen: Partial<Record<Name, string>>;
  /** What every link of the list keeps: the filters, and a page size other than the default. */
  readonly kept: Partial<Record<Name | "limit", string>>;
  readonly cursor: string | undefined;
  /** The URL's state as one string: a key for the filter form, so going back re-fills it. */
  readonly key: string;
  /** Whether any filter is chosen. */
  readonly filtered: boolean;
  readonly rows: UseQueryResult<Rows>;
  /** The filter form's submit handler: navigates to the list with the form's non-empty values. */
  readonly submit: (event: FormEvent<HTMLFormElement>) => void;
}

export const useListPage = <Name extends string, Rows>(options: {
  /** The list's path under /admin, where the filter form navigates. */
  readonly path: string;
  readonly filters: readonly Name[];
  /** The query cache's name for this list. */
  readonly name: string;
  /** Fetches one page; `limit` is the page size from the URL. */
  readonly fetch: (page: { chosen: Partial<Record<Name, string>>; cursor: string | undefined; limit: number }) => Promise<Rows>;
  /** Checks the form's values before navigating: a sentence to show, or undefined when they are fine. */
  readonly check?: (next: Partial<Record<Name, string>>) => string | undefined;
  readonly onRefused?: (reason: string | undefined) => void;
}): ListPage<Name, Rows> => {
  const { query } = useLocation();
  const limit = pageSizeOf(query);
  const chosen = filtersOf(query, options.filters);
  const kept = { ...chosen, ...(limit !== DEFAULT_PAGE_SIZE ? { limit: String(limit) } : {}) } as Partial<Record<Name | "limit", string>>;
  const cursor = query.get("cursor") ?? undefined;
  const key = new URLSearchParams({ ...(kept as Record<string, string>), ...(cursor ? { cursor } : {}) }).toString();
  const rows = useQuery({
    queryKey: [options.name, key],
    placeholderData: keepPreviousData,
    queryFn: () => options.fetch({ chosen, cursor, limit }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = submittedFilters(event.currentTarget, options.filters) as Partial<Record<Name, string>>;
    const refusal = options.check?.(next);
    options.onRefused?.(refusal);
    if (refusal !== undefined) return;
    navigate(hrefOf(options.path, { ...next, limit: kept.limit }));
  };
  return { chosen, kept, cursor, key, filtered: Object.keys(chosen).length > 0, rows, submit };
};
