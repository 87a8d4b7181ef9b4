// Exact list totals without counting the whole list on every page: the count of a store's list
// (per filter) is kept under the store's catalog stamp (catalog-versions.ts), which every catalog
// write moves on, here when its transaction ends and in other processes within a poll. So a
// price list paged through costs one count per catalog change, not one per page. While polling is
// not running or is late, or inside a unit of work that changed the store's catalog, nothing is
// served from here (the count is made, as before).
import { catalogVersionsOf, type CatalogVersions } from "./catalog-versions.js";
import type { Database } from "./database.js";

/** At most this many totals are kept per process (distinct filters over all stores); the oldest go first. */
const MAX_TOTALS = 10_000;

export class ListTotals {
  /** `${storeId}\n${filterKey}` -> the total and the stamp it was counted under, oldest first. */
  private readonly totals = new Map<string, { readonly stamp: string; readonly total: number }>();

  constructor(private readonly versions: CatalogVersions) {}

  /** The total of the list `filterKey` of the store, counted by `count` unless a count under the current stamp is kept. */
  async total(storeId: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    if (!this.versions.isPolledRecently() || this.versions.changedInCurrentTransaction(storeId)) return count();
    // The stamp before the count: a write meanwhile makes what is counted now stale at once.
    const stamp = this.versions.stamp(storeId);
    const key = `${storeId}\n${filterKey}`;
    const kept = this.totals.get(key);
    if (kept !== undefined && kept.stamp === stamp) return kept.total;
    const total = await count();
    this.totals.delete(key);
    this.totals.set(key, { stamp, total });
    if (this.totals.size > MAX_TOTALS) this.totals.delete(this.totals.keys().next().value!);
    return total;
  }
}

const caches = new WeakMap<Database, ListTotals>();

/** The one cache of a database handle. */
export const listTotalsOf = (db: Database): ListTotals => {
  let cache = caches.get(db);
  if (cache === undefined) caches.set(db, (cache = new ListTotals(catalogVersionsOf(db))));
  return cache;
};
