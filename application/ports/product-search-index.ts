// Finds a store's active products by text (relevance over name, SKU, brand, tags, category,
// description and attributes, typo-tolerant) or by meaning (text blended with vectors), and
// finds products whose vectors lie near given ones. The index keeps itself fresh.
import type { ServiceIdentifier } from "inversify";

export interface SearchHit {
  readonly productId: string;
  readonly score: number;
  /** The field that matched best (`name`, `sku`, `brand`, `tags`, `category`, ...) or `semantic`. */
  readonly matchReason: string;
}

export interface SearchOptions {
  readonly limit: number;
  readonly categoryId?: string | undefined;
}

export interface SimilarProduct {
  readonly productId: string;
  /** Cosine similarity, 0 to 1. */
  readonly score: number;
}

/** Ranked hits and how many products matched in all; `estimated` when that count is a lower bound's estimate, not a count. */
export interface SearchFound {
  readonly hits: readonly SearchHit[];
  readonly total: number;
  readonly estimated?: boolean;
}

export interface ProductSearchIndex {
  text(storeId: string, query: string, options: SearchOptions): Promise<SearchFound>;
  semantic(storeId: string, query: string, options: SearchOptions): Promise<SearchFound>;
  /** Active products nearest to the mean vector of `productIds`, best first, never those products. */
  similar(storeId: string, productIds: readonly string[], limit: number): Promise<readonly SimilarProduct[]>;
}
export const ProductSearchIndex: ServiceIdentifier<ProductSearchIndex> = Symbol.for("storefront.ProductSearchIndex");
