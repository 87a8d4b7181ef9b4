// Copies of products (with their variants) as read lately, for reads that accept a copy up to one
// catalog poll old: a cart add checks the variant and prices the line with it, and checkout reads
// the products again, exactly, under its locks. A store's copies hold for its catalog stamp
// (catalog-versions.ts), which any catalog write moves on (stock taken at checkout included),
// here when its transaction ends and in other processes within a poll; while polling is not
// running or is late, or inside a unit of work that has itself changed the store's catalog, nothing
// is served from here.
import type { ProductWithVariants } from "../../application/ports/product-repository.js";
import { catalogVersionsOf, type CatalogVersions } from "./catalog-versions.js";
import type { Database } from "./database.js";

/** At most this many products are kept per process; past it, the oldest copies go first. */
const MAX_PRODUCTS = 5_000;

interface StoreCopies {
  readonly stamp: string;
  readonly products: Map<string, ProductWithVariants>;
  /** Each known variant's product. */
  readonly productOfVariant: Map<string, string>;
}

export interface RecentLookup {
  /** The copies found (by product id). */
  readonly found: Map<string, ProductWithVariants>;
  /** Product ids without a copy. */
  readonly missing: string[];
  /** The variant whose product has no copy (its product is still to be read), if any. */
  readonly missingVariant: string | undefined;
  /** The stamp to give `keep` for what is read now: taken before the read, so a write meanwhile makes it stale at once. */
  readonly stamp: string;
}

export class RecentProducts {
  private readonly stores = new Map<string, StoreCopies>();
  /** Store of each kept product, oldest first, for the bound. */
  private readonly order = new Map<string, string>();

  constructor(private readonly versions: CatalogVersions) {}

  /** What copies answer of these ids (and of the variant's product); undefined when copies may not be used now. */
  lookup(storeId: string, productIds: readonly string[], productOfVariant: string | undefined): RecentLookup | undefined {
    if (!this.versions.isPolledRecently() || this.versions.changedInCurrentTransaction(storeId)) return undefined;
    const stamp = this.versions.stamp(storeId);
    let copies = this.stores.get(storeId);
    if (copies !== undefined && copies.stamp !== stamp) {
      this.forget(storeId, copies);
      copies = undefined;
    }
    const found = new Map<string, ProductWithVariants>();
    const missing: string[] = [];
    for (const id of productIds) {
      const copy = copies?.products.get(id);
      if (copy === undefined) missing.push(id);
      else found.set(id, copy);
    }
    let missingVariant: string | undefined;
    if (productOfVariant !== undefined) {
      const productId = copies?.productOfVariant.get(productOfVariant);
      const copy = productId === undefined ? undefined : copies?.products.get(productId);
      if (copy === undefined) missingVariant = productOfVariant;
      else found.set(copy.product.id, copy);
    }
    return { found, missing, missingVariant, stamp };
  }

  /** Keeps what was read under `stamp`, unless the store's catalog moved on meanwhile. */
  keep(storeId: string, stamp: string, products: ReadonlyMap<string, ProductWithVariants>): void {
    if (products.size === 0 || this.versions.stamp(storeId) !== stamp) return;
    let copies = this.stores.get(storeId);
    if (copies === undefined || copies.stamp !== stamp) {
      if (copies !== undefined) this.forget(storeId, copies);
      this.stores.set(storeId, (copies = { stamp, products: new Map(), productOfVariant: new Map() }));
    }
    for (const [id, entry] of products) {
      if (!copies.products.has(id)) this.order.set(id, storeId);
      copies.products.set(id, entry);
      for (const variant of entry.variants) copies.productOfVariant.set(variant.id, id);
    }
    while (this.order.size > MAX_PRODUCTS) {
      const [oldest, ofStore] = this.order.entries().next().value as [string, string];
      this.order.delete(oldest);
      const holder = this.stores.get(ofStore);
      const entry = holder?.products.get(oldest);
      if (holder === undefined || entry === undefined) continue;
      holder.products.delete(oldest);
      for (const variant of entry.variants) holder.productOfVariant.delete(variant.id);
    }
  }

  /** How many products are kept (for tests). */
  get size(): number {
    return this.order.size;
  }

  private forget(storeId: string, copies: StoreCopies): void {
    for (const id of copies.products.keys()) this.order.delete(id);
    this.stores.delete(storeId);
  }
}

const caches = new WeakMap<Database, RecentProducts>();

/** The one cache of a database handle (every product repository on it shares it). */
export const recentProductsOf = (db: Database): RecentProducts => {
  let cache = caches.get(db);
  if (cache === undefined) caches.set(db, (cache = new RecentProducts(catalogVersionsOf(db))));
  return cache;
};
