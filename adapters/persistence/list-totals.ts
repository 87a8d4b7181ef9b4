// Exact list totals without counting the whole list on every page: the count of a store's list
// (per filter) is kept under the store's membership stamp (catalog-versions.ts), which every
// catalog write that can change a list's members moves on (not stock taken at checkout, nor a
// price), here when its transaction ends and in other processes within a poll. So a price list
// paged through costs one count per such change, not one per page. While polling is
// not running or is late, or inside a unit of work that changed the store's catalog, nothing is
// served from here (the count is made, as before).
import { catalogVersionsOf, type CatalogVersions } from "./catalog-versions.js";
import { onePerDatabase } from "./database.js";

/** At most this many totals are kept per process (distinct filters over all stores); the oldest go first. */
const MAX_TOTALS = 10_000;

export class ListTotals {
  /** `${storeId}\n${filterKey}` -> the total and the stamp it was counted under, oldest first. */
  private readonly totals = new Map<string, { readonly stamp: string; readonly total: number }>();
  /** Counts running under a stamp: callers asking under the same stamp share one (see `total`). */
  private readonly counting = new Map<string, { readonly stamp: string; readonly total: Promise<number> }>();
  /** While polling is late: per list, the count running and the one queued after it (see `total`). */
  private readonly serial = new Map<string, { running: Promise<number>; queued: Promise<number> | undefined }>();

  constructor(private readonly versions: CatalogVersions) {}

  /**
   * The total of the list `filterKey` of the store, counted by `count` unless a count under the
   * current stamp is kept. Pages asking at once share one count: under the same stamp while
   * polling runs (a count of a million-product search costs a second or more, and ten of them side
   * by side starved the pool, so the poll itself ran late and nothing was kept: every page then
   * counted); while it is late, a caller joins only a count that starts after it asked (the one
   * queued behind the running count), so it never gets a total older than its request.
   */
  async total(storeId: string, filterKey: string, count: () => Promise<number>): Promise<number> {
    if (this.versions.inUnitOfWork()) return count();
    const key = `${storeId}\n${filterKey}`;
    if (!this.versions.isPolledRecently()) return this.serialCount(key, count);
    // The stamp before the count: a write meanwhile makes what is counted now stale at once.
    const stamp = this.versions.membershipStamp(storeId);
    const kept = this.totals.get(key);
    if (kept !== undefined && kept.stamp === stamp) return kept.total;
    const running = this.counting.get(key);
    if (running !== undefined && running.stamp === stamp) return running.total;
    const total = count();
    const flight = { stamp, total };
    this.counting.set(key, flight);
    try {
      const counted = await total;
      this.totals.delete(key);
      this.totals.set(key, { stamp, total: counted });
      if (this.totals.size > MAX_TOTALS) this.totals.delete(this.totals.keys().next().value!);
      return counted;
    } finally {
      if (this.counting.get(key) === flight) this.counting.delete(key);
    }
  }

  /** One count of a list at a time, and at most one queued behind it that every later caller joins. */
  private serialCount(key: string, count: () => Promise<number>): Promise<number> {
    const line = this.serial.get(key);
    if (line === undefined) {
      const running = count();
      const fresh = { running, queued: undefined as Promise<number> | undefined };
      this.serial.set(key, fresh);
      const next = (): void => {
        if (fresh.queued === undefined) {
          this.serial.delete(key);
          return;
        }
        fresh.running = fresh.queued;
        fresh.queued = undefined;
        void fresh.running.then(next, next);
      };
      void running.then(next, next);
      return running;
    }
    // Started when the running count ends: after this caller asked.
    line.queued ??= line.running.then(count, count);
    return line.queued;
  }
}

/** A place in a list's order: the sort key and id of the entry at `offset` (counted from 0). */
export interface ListAnchor {
  readonly offset: number;
  readonly createdAt: string;
  readonly id: string;
}

/** Anchors are kept every this many entries of a list. */
export const ANCHOR_STEP = 5_000;
/** At most this many lists keep anchors per process (a million-product list keeps 200). */
const MAX_ANCHORED_LISTS = 1_000;

/**
 * Places in a store's lists, every ANCHOR_STEP entries, kept under the membership stamp as totals
 * are: a page at any offset starts from the nearest anchor before it and walks fewer than
 * ANCHOR_STEP index entries, where an OFFSET walks every entry before the page (a second for the
 * last page of a million). Anchors are made as pages ask for them, each from the one before.
 */
export class ListAnchors {
  /**
   * `${storeId}\n${filterKey}` -> the stamp, the anchors made so far (in order), whether the list
   * ended before the next one, and the anchor being made (one at a time per list: pages asking at
   * once wait for it rather than making the same anchors side by side).
   */
  private readonly lists = new Map<string, { readonly stamp: string; readonly anchors: ListAnchor[]; ended: boolean; making: Promise<void> | undefined }>();

  constructor(
    private readonly versions: CatalogVersions,
    /** Entries between anchors (tests make it small). */
    public step = ANCHOR_STEP,
  ) {}

  /**
   * The nearest anchor before `offset`, making those missing with `next` (the anchor `step`
   * entries after a given one, or from the start; undefined past the end);
   * undefined when the page is near the start or nothing can be kept now.
   */
  async before(
    storeId: string,
    filterKey: string,
    offset: number,
    next: (after: ListAnchor | undefined) => Promise<ListAnchor | undefined>,
  ): Promise<ListAnchor | undefined> {
    if (offset < this.step || !this.versions.isPolledRecently() || this.versions.inUnitOfWork()) return undefined;
    const stamp = this.versions.membershipStamp(storeId);
    const key = `${storeId}\n${filterKey}`;
    let list = this.lists.get(key);
    if (list === undefined || list.stamp !== stamp) {
      this.lists.delete(key);
      this.lists.set(key, (list = { stamp, anchors: [], ended: false, making: undefined }));
      if (this.lists.size > MAX_ANCHORED_LISTS) this.lists.delete(this.lists.keys().next().value!);
    }
    const kept = list;
    const wanted = Math.floor(offset / this.step);
    while (kept.anchors.length < wanted && !kept.ended) {
      kept.making ??= next(kept.anchors.at(-1))
        .then((made) => {
          // A write meanwhile: what was walked is from two catalogs, so it is not kept.
          if (this.versions.membershipStamp(storeId) !== stamp) return;
          if (made === undefined) kept.ended = true;
          else kept.anchors.push(made);
        })
        .finally(() => {
          kept.making = undefined;
        });
      await kept.making;
      if (this.versions.membershipStamp(storeId) !== stamp) return undefined;
    }
    return kept.anchors[Math.min(wanted, kept.anchors.length) - 1];
  }
}

/**
 * Pages of lists kept between the catalog writes that can change them: a product list's page ids
 * under the store's membership stamp, as the totals (a list's members and their order, by
 * creation time, the featured order or what a `search=` filter matches, change only with writes
 * that move that stamp on, never with stock or a price; the page's products themselves come from
 * the product copies, each checked against its own version, recent-products.ts), and category and
 * subcategory pages under the store-wide stamp, which every category write moves on. A page read
 * again then costs no query until such a write. The same rules as the totals: nothing is kept
 * while polling is not running or is late, or inside a unit of work that changed the store's
 * catalog; the oldest page goes first past the bound.
 */
export class KeptPages {
  private readonly pages = new Map<string, { readonly stamp: string; readonly page: unknown }>();

  constructor(
    private readonly versions: CatalogVersions,
    /** The stamp a page is kept under. */
    private readonly stampOf: (storeId: string) => string,
    /** At most this many pages per process (all stores and lists). */
    private readonly maxPages: number,
  ) {}

  /** The page `pageKey` of the store's list (the filter, the window), read by `read` unless kept under the current stamp. */
  async page<T>(storeId: string, pageKey: string, read: () => Promise<T>): Promise<T> {
    if (!this.versions.isPolledRecently() || this.versions.inUnitOfWork()) return read();
    const key = `${storeId}\n${pageKey}`;
    // The stamp before the read: a write meanwhile makes what is read now stale at once.
    const stamp = this.stampOf(storeId);
    const kept = this.pages.get(key);
    if (kept !== undefined && kept.stamp === stamp) return kept.page as T;
    const page = await read();
    this.pages.delete(key);
    this.pages.set(key, { stamp, page });
    if (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }
}

/** A page of 50 product ids is about 5 KB: 2,000 pages stay near 10 MB whatever the catalog's size. */
const MAX_LIST_PAGES = 2_000;
/** A store has tens of categories: its menu is a page or two, a few KB each. */
const MAX_CATEGORY_PAGES = 2_000;

/** The one cache of product list page ids of a database handle (kept under the membership stamp). */
export const listPagesOf = onePerDatabase((db) => {
  const versions = catalogVersionsOf(db);
  return new KeptPages(versions, (storeId) => versions.membershipStamp(storeId), MAX_LIST_PAGES);
});

/** The one cache of category and subcategory pages of a database handle (kept under the store-wide stamp). */
export const categoryPagesOf = onePerDatabase((db) => {
  const versions = catalogVersionsOf(db);
  return new KeptPages(versions, (storeId) => versions.structuralStamp(storeId), MAX_CATEGORY_PAGES);
});

/** The one anchor cache of a database handle. */
export const listAnchorsOf = onePerDatabase((db) => new ListAnchors(catalogVersionsOf(db)));

/** The one cache of a database handle. */
export const listTotalsOf = onePerDatabase((db) => new ListTotals(catalogVersionsOf(db)));
