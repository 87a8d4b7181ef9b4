// Searches a store's active products (docs/api/content-search-messaging.md, "Search"): by text (GET
// /v1/search) or by meaning (POST /v1/search), answering the search envelope with the time the
// search took.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ProductSearchIndex, type SearchHit } from "../ports/product-search-index.js";

export type SearchMode = "text" | "semantic";

export interface SearchRequest {
  readonly query: string;
  readonly limit: number;
  readonly categoryId?: string | undefined;
}

export interface SearchResults {
  readonly query: string;
  readonly results: readonly SearchHit[];
  readonly totalResults: number;
  readonly searchTimeMs: number;
  readonly message: string;
}

const resultMessage = (query: string, shown: number, total: number, estimated: boolean): string =>
  total === 0
    ? `No products match "${query}".`
    : shown < total
      ? `Showing ${shown} of ${estimated ? "about " : ""}${total} products matching "${query}".`
      : `Found ${total} product${total === 1 ? "" : "s"} matching "${query}".`;

@injectable()
export class SearchProducts {
  constructor(@inject(ProductSearchIndex) private readonly index: ProductSearchIndex) {}

  async execute(principal: Principal, mode: SearchMode, request: SearchRequest): Promise<SearchResults> {
    const started = performance.now();
    const query = request.query.trim();
    const options = { limit: request.limit, categoryId: request.categoryId };
    const found =
      mode === "text" ? await this.index.text(principal.storeId, query, options) : await this.index.semantic(principal.storeId, query, options);
    return {
      query,
      results: found.hits.map((h) => ({ productId: h.productId, score: Math.round(h.score * 10_000) / 10_000, matchReason: h.matchReason })),
      totalResults: found.total,
      searchTimeMs: Math.round(performance.now() - started),
      message: resultMessage(query, found.hits.length, found.total, found.estimated === true),
    };
  }
}
