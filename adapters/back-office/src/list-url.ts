// What every list keeps in its URL: its filters (by name), its page size (`limit`) and where the
// page starts (`cursor`), so a list can be bookmarked and the back button returns to the last one.
export const DEFAULT_PAGE_SIZE = 25;

/** The named filters present (non-empty) in the query. */
export const filtersOf = <Name extends string>(query: URLSearchParams, names: readonly Name[]): Partial<Record<Name, string>> =>
  Object.fromEntries(names.flatMap((name) => (query.get(name) ? [[name, query.get(name)!]] : []))) as Partial<Record<Name, string>>;

/** `limit` in the URL (1-100) keeps a chosen page size with the bookmark; the default otherwise. */
export const pageSizeOf = (query: URLSearchParams): number => {
  const limit = Number(query.get("limit"));
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : DEFAULT_PAGE_SIZE;
};

/** The non-empty values of a submitted filter form, by the filters' names. */
export const submittedFilters = (form: HTMLFormElement, names: readonly string[]): Record<string, string> => {
  const data = new FormData(form);
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = String(data.get(name) ?? "").trim();
    if (value !== "") out[name] = value;
  }
  return out;
};
