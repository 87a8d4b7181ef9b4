// Products and their variants: the read model the catalog routes serve and the writes that
// merchants and the bulk import make.
import type { ServiceIdentifier } from "inversify";
import type { Product } from "../../domain/catalog/product.js";
import type { NonEmptyVariants } from "../../domain/catalog/product-shapes.js";
import type { Variant } from "../../domain/catalog/variant.js";
import type { Page, PageRequest } from "../pagination/page.js";

/** What a write relies on of a variant and its product: its price, its stock, whether it can be bought, and its category (for price rules). */
export interface VariantFacts {
  readonly variantId: string;
  readonly productId: string;
  readonly price: number;
  readonly salePrice: number | null;
  readonly stock: number;
  readonly productActive: boolean;
  readonly categoryId: string | null;
}

export interface ProductWithVariants {
  readonly product: Product;
  readonly variants: NonEmptyVariants;
  /**
   * True for a copy read lately (a `recent` read): the same object until the product changes, so
   * what is made of it (its records) may be kept beside it. A product read afresh is a new object
   * each time, and nothing is kept of it.
   */
  readonly copy?: true;
}

export interface ProductListFilter {
  readonly categoryId?: string | undefined;
  readonly subcategoryId?: string | undefined;
  readonly collectionId?: string | undefined;
  /** Case-insensitive substring of the name or of a SKU. */
  readonly search?: string | undefined;
  readonly featured?: boolean | undefined;
}

/** What a product row stores; names of its category and subcategory are read, not written. */
export type ProductRecord = Omit<Product, "categoryName" | "subcategoryName">;

/** A product to insert with its variants. */
export interface NewProduct {
  readonly record: ProductRecord;
  readonly variants: readonly Variant[];
}

export interface ProductRepository {
  /**
   * A keyset page of the store's list. With `recent` (as on every read below that takes it), the
   * page's products may be copies read lately, at most one catalog poll old (about a second; this
   * process's own writes are seen at once), as the answer cache's answers are: for the public
   * catalog reads, never for a read a write depends on.
   */
  listPage(storeId: string, filter: ProductListFilter, page: PageRequest, options?: { readonly recent?: boolean }): Promise<Page<ProductWithVariants>>;
  /** An offset window of the same list with the total count (the price list pages by offset). */
  listOffset(
    storeId: string,
    filter: ProductListFilter,
    window: { readonly limit: number; readonly offset: number },
    options?: { readonly recent?: boolean },
  ): Promise<{ readonly items: readonly ProductWithVariants[]; readonly total: number }>;
  findById(storeId: string, productId: string, options: { readonly activeOnly: boolean; readonly recent?: boolean }): Promise<ProductWithVariants | undefined>;
  findBySlug(storeId: string, slug: string, options?: { readonly recent?: boolean }): Promise<ProductWithVariants | undefined>;
  /**
   * The products (with their variants) of these ids; with `productOfVariant`, also the product of
   * that variant (when the store has it), in the same read. With `recent`, the answer may be a
   * copy read lately, at most one catalog poll old (about a second; this process's own writes are
   * seen at once), outside a unit of work only. With `recent: "display"` a copy may answer inside
   * one too: for a write that shows names and pictures from it, and takes what it relies on from
   * `findVariantFacts` (docs/decisions/carts.md, "carts-09").
   */
  findManyByIds(
    storeId: string,
    productIds: readonly string[],
    options?: { readonly productOfVariant?: string; readonly recent?: boolean | "display" },
  ): Promise<ReadonlyMap<string, ProductWithVariants>>;
  /** What a cart or checkout relies on of these variants, read exactly (never a copy); a variant not in the store is absent. */
  findVariantFacts(storeId: string, variantIds: readonly string[]): Promise<ReadonlyMap<string, VariantFacts>>;
  slugTaken(storeId: string, slug: string, exceptProductId?: string): Promise<boolean>;
  /** The tax classes the store's products and variants name (docs/taxes.md, "Refused settings"). */
  taxClassesInUse(storeId: string): Promise<readonly string[]>;
  /** Variants holding any of these SKUs in the store. */
  findVariantsBySku(storeId: string, skus: readonly string[]): Promise<readonly Variant[]>;
  findVariant(storeId: string, variantId: string): Promise<Variant | undefined>;
  insert(storeId: string, product: ProductRecord, variants: readonly Variant[]): Promise<void>;
  /**
   * Inserts many new products with their variants and search documents in a few multi-row
   * statements, in one transaction (the caller's, or its own); all or none. A taken slug or SKU
   * fails the whole call, as a 409 like `insert`'s.
   */
  insertMany(storeId: string, products: readonly NewProduct[]): Promise<void>;
  update(storeId: string, product: ProductRecord): Promise<void>;
  /** Erases the product, or deactivates it when orders point at it. */
  remove(storeId: string, productId: string, now: string): Promise<"deleted" | "deactivated">;
  insertVariant(storeId: string, variant: Variant): Promise<void>;
  updateVariant(storeId: string, variant: Variant): Promise<void>;
  removeVariant(storeId: string, variantId: string): Promise<void>;
  /**
   * Takes each variant's units out of stock if all of them are there, atomically (no oversell
   * under concurrency), locking the variants in id order; answers the stock left of each, or the
   * first variant (in id order) that had too few, having taken nothing. Quantities of one variant
   * named twice add up.
   */
  takeStocks(storeId: string, takes: readonly StockTake[]): Promise<StockTaken>;
  /** Puts units back (a cancelled order). */
  returnStock(storeId: string, variantId: string, quantity: number): Promise<void>;
  /** Makes `variantId` the only default variant of its product. */
  setDefaultVariant(storeId: string, productId: string, variantId: string): Promise<void>;
}
/** Units of one variant to take out of stock. */
export interface StockTake {
  readonly variantId: string;
  readonly quantity: number;
}

/** All taken, with the stock left by variant id; or nothing taken, because `variantId` had too few. */
export type StockTaken =
  | { readonly taken: true; readonly left: ReadonlyMap<string, number> }
  | { readonly taken: false; readonly variantId: string };

export const ProductRepository: ServiceIdentifier<ProductRepository> = Symbol.for("storefront.ProductRepository");
