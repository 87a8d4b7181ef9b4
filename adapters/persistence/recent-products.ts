// Copies of products (with their variants) as read lately, for reads that accept a copy up to one
// catalog poll old: the public catalog reads (lists, a product by id or slug, the price list, a
// cart's GET) take the products of their page from here and read only the others. A write never
// relies on them: inside a unit of work a product is read in its transaction (a cart add once
// checked a copy and inserted a line for a variant deleted a moment before, a 500, and priced the
// line at a price changed a moment before: docs/decisions/carts.md, "carts-08"),
// except that a cart write may show a copy's names and pictures (`forDisplay`) over the prices,
// stock and availability it read exactly.
//
// A copy holds while the store's store-wide stamp and its product's bucket are what they were when
// it was read (catalog-versions.ts): a write of the product (stock taken at checkout included) or
// any store-wide write moves them on, here when its transaction ends and in other processes within
// a poll. So a checkout drops the copies of the products it sold (and of the few that share their
// buckets), not the store's. While polling is not running or is late, inside any unit of work (but
// for display), or when the caller asks for an exact read, nothing is served from here.
import type { ProductWithVariants } from "../../application/ports/product-repository.js";
import { bucketOf, catalogVersionsOf, type CatalogVersions, type ItemMark } from "./catalog-versions.js";
import { onePerDatabase, type Database } from "./database.js";

/** At most this many products are kept per process by default; past it, the least recently read go first. */
export const DEFAULT_MAX_PRODUCTS = 20_000;

interface Copy {
  readonly entry: ProductWithVariants;
  readonly bucket: number;
  /** The product's bucket generation when it was read. */
  readonly generation: number;
}

interface StoreCopies {
  /** The store-wide stamp every copy here was read under. */
  readonly stamp: string;
  readonly products: Map<string, Copy>;
  /** Each known variant's product. */
  readonly productOfVariant: Map<string, string>;
  /** Each known slug's product. */
  readonly productOfSlug: Map<string, string>;
}

export interface RecentLookup {
  /** The copies found (by product id). */
  readonly found: Map<string, ProductWithVariants>;
  /** Product ids without a current copy. */
  readonly missing: string[];
  /** The variant whose product has no copy (its product is still to be read), if any. */
  readonly missingVariant: string | undefined;
  /** What to give `keep` for what is read now: taken before the read, so a write meanwhile makes it stale at once. */
  readonly mark: ItemMark;
}

export class RecentProducts {
  private readonly stores = new Map<string, StoreCopies>();
  /** `${storeId} ${productId}` of each kept product, least recently read first, for the bound. */
  private readonly order = new Map<string, true>();

  constructor(
    private readonly versions: CatalogVersions,
    /** The most products kept (0 keeps none). */
    private readonly maxProducts = DEFAULT_MAX_PRODUCTS,
  ) {}

  /** The mark to read under, or undefined when copies may not be used now. */
  /** `forDisplay`: a write that takes only what it shows from the copy (names, pictures), not what it relies on. */
  markNow(storeId: string, forDisplay = false): ItemMark | undefined {
    if (this.maxProducts === 0 || (!forDisplay && this.versions.inUnitOfWork()) || !this.versions.isPolledRecently()) return undefined;
    return this.versions.mark(storeId);
  }

  /** What copies answer of these ids (and of the variant's product); undefined when copies may not be used now. */
  lookup(storeId: string, productIds: readonly string[], productOfVariant: string | undefined, forDisplay = false): RecentLookup | undefined {
    const mark = this.markNow(storeId, forDisplay);
    if (mark === undefined) return undefined;
    const copies = this.current(storeId, mark);
    const found = new Map<string, ProductWithVariants>();
    const missing: string[] = [];
    for (const id of productIds) {
      const copy = copies === undefined ? undefined : this.copyOf(storeId, copies, id);
      if (copy === undefined) missing.push(id);
      else found.set(id, copy);
    }
    let missingVariant: string | undefined;
    if (productOfVariant !== undefined) {
      const productId = copies?.productOfVariant.get(productOfVariant);
      const copy = productId === undefined || copies === undefined ? undefined : this.copyOf(storeId, copies, productId);
      // The variant must still be the product's: a copy names its variants.
      if (copy === undefined || !copy.variants.some((v) => v.id === productOfVariant)) missingVariant = productOfVariant;
      else found.set(copy.product.id, copy);
    }
    return { found, missing, missingVariant, mark };
  }

  /** The current copy of the product with this slug, if one is kept (its slug and activity as read). */
  bySlug(storeId: string, slug: string, mark: ItemMark): ProductWithVariants | undefined {
    const copies = this.current(storeId, mark);
    const productId = copies?.productOfSlug.get(slug);
    if (copies === undefined || productId === undefined) return undefined;
    const copy = this.copyOf(storeId, copies, productId);
    return copy?.product.slug === slug ? copy : undefined;
  }

  /** Keeps what was read under `mark`, unless a store-wide change landed meanwhile. */
  keep(storeId: string, mark: ItemMark, products: Iterable<ProductWithVariants>): void {
    if (this.maxProducts === 0 || this.versions.structuralStamp(storeId) !== mark.stamp) return;
    let copies = this.stores.get(storeId);
    if (copies === undefined || copies.stamp !== mark.stamp) {
      if (copies !== undefined) this.forget(storeId, copies);
      this.stores.set(storeId, (copies = { stamp: mark.stamp, products: new Map(), productOfVariant: new Map(), productOfSlug: new Map() }));
    }
    for (const read of products) {
      // Marked as a copy: what is made of it from now on may be kept beside it.
      const entry: ProductWithVariants = read.copy === true ? read : { product: read.product, variants: read.variants, copy: true };
      const id = entry.product.id;
      const bucket = bucketOf(id);
      const key = `${storeId} ${id}`;
      this.order.delete(key);
      this.order.set(key, true);
      copies.products.set(id, { entry, bucket, generation: mark.generations[bucket]! });
      copies.productOfSlug.set(entry.product.slug, id);
      for (const variant of entry.variants) copies.productOfVariant.set(variant.id, id);
    }
    while (this.order.size > this.maxProducts) {
      const oldest = this.order.keys().next().value!;
      this.order.delete(oldest);
      const space = oldest.indexOf(" ");
      const holder = this.stores.get(oldest.slice(0, space));
      const id = oldest.slice(space + 1);
      const copy = holder?.products.get(id);
      if (holder === undefined || copy === undefined) continue;
      this.drop(holder, id, copy);
    }
  }

  /** How many products are kept (for tests). */
  get size(): number {
    return this.order.size;
  }

  /** The store's copies when they were read under its current store-wide stamp; older ones are dropped. */
  private current(storeId: string, mark: ItemMark): StoreCopies | undefined {
    const copies = this.stores.get(storeId);
    if (copies === undefined || copies.stamp === mark.stamp) return copies;
    this.forget(storeId, copies);
    return undefined;
  }

  /** A product's copy when its bucket has not moved since it was read (a stale one is dropped). */
  private copyOf(storeId: string, copies: StoreCopies, productId: string): ProductWithVariants | undefined {
    const copy = copies.products.get(productId);
    if (copy === undefined) return undefined;
    if (copy.generation !== this.versions.bucketGeneration(storeId, copy.bucket)) {
      this.order.delete(`${storeId} ${productId}`);
      this.drop(copies, productId, copy);
      return undefined;
    }
    return copy.entry;
  }

  private drop(copies: StoreCopies, productId: string, copy: Copy): void {
    copies.products.delete(productId);
    for (const variant of copy.entry.variants) if (copies.productOfVariant.get(variant.id) === productId) copies.productOfVariant.delete(variant.id);
    if (copies.productOfSlug.get(copy.entry.product.slug) === productId) copies.productOfSlug.delete(copy.entry.product.slug);
  }

  private forget(storeId: string, copies: StoreCopies): void {
    for (const id of copies.products.keys()) this.order.delete(`${storeId} ${id}`);
    this.stores.delete(storeId);
  }
}

const limits = new WeakMap<Database, number>();

/** Sets how many product copies the database handle's cache keeps (before its first use; 0 keeps none). */
export const limitRecentProducts = (db: Database, maxProducts: number): void => {
  limits.set(db, maxProducts);
};

/** The one cache of a database handle (every product repository on it shares it). */
export const recentProductsOf = onePerDatabase((db) => new RecentProducts(catalogVersionsOf(db), limits.get(db) ?? DEFAULT_MAX_PRODUCTS));
