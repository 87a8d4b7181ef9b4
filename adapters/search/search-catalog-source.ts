// What the search engine reads from the catalog, and where it keeps product vectors: the
// interfaces the knex adapters implement, so the engine can also run over in-memory stand-ins.

/** A product as search sees it: its words by field, where it sits, whether it is on sale. */
export interface SearchSourceProduct {
  readonly id: string;
  readonly isActive: boolean;
  readonly name: string;
  readonly skus: readonly string[];
  readonly brand: string;
  readonly tags: readonly string[];
  /** Category and subcategory names. */
  readonly category: string;
  readonly categoryId: string | null;
  readonly subcategoryId: string | null;
  readonly description: string;
  /** Values of product and variant attributes, and variant names (colours, sizes, materials). */
  readonly attributes: string;
  readonly variantCount: number;
  readonly updatedAt: string;
}

/** Cheap figures that change whenever anything search reads changes in a store's catalog. */
export interface CatalogMarker {
  readonly products: number;
  readonly variants: number;
  readonly productsUpdatedAt: string | null;
  readonly variantsUpdatedAt: string | null;
  readonly categoriesUpdatedAt: string | null;
}

export interface SearchCatalogSource {
  marker(storeId: string): Promise<CatalogMarker>;
  /** Every product of the store, active or not. */
  all(storeId: string): Promise<readonly SearchSourceProduct[]>;
  /** Products updated, or with a variant updated, at or after `since` (ISO 8601). */
  changedSince(storeId: string, since: string): Promise<readonly SearchSourceProduct[]>;
  /** Ids of every product of the store, with its number of variants. */
  variantCounts(storeId: string): Promise<ReadonlyMap<string, number>>;
  byIds(storeId: string, productIds: readonly string[]): Promise<readonly SearchSourceProduct[]>;
}

export interface StoredVector {
  readonly productId: string;
  readonly contentHash: string;
  readonly vector: Float32Array;
}

export interface ProductVectorStore {
  load(storeId: string, model: string, productIds?: readonly string[]): Promise<readonly StoredVector[]>;
  save(storeId: string, model: string, vectors: readonly StoredVector[], now: string): Promise<void>;
}
