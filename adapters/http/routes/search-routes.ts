// Search over HTTP (docs/api/content-search-messaging.md, "Search" and "Recommendations"): text
// search by GET, semantic search by POST (both key types), and recommendations (secret key).
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ParameterInvalid, ParameterMissing } from "../../../application/errors/request-errors.js";
import { RecommendProducts } from "../../../application/search/recommend-products.js";
import { RecommendationInput, SEARCH_QUERY_MAX, SemanticSearchInput } from "../../../application/search/search-inputs.js";
import { SearchProducts } from "../../../application/search/search-products.js";
import { integerParam, textParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { searchExamples } from "./search-examples.js";

const TAG = "Search";

const SearchResult = Schema.Struct({
  productId: Schema.UUID.annotations({ description: "The matching product." }),
  score: Schema.Number.annotations({ description: "Relevance: higher is a better match." }),
  matchReason: Schema.String.annotations({ description: "name, sku, brand, tags, category, attributes, description or semantic" }),
}).annotations({ identifier: "SearchResult" });

export const SearchEnvelope = Schema.Struct({
  query: Schema.String.annotations({ description: "The query searched for." }),
  results: Schema.Array(SearchResult).annotations({ description: "The matching products, best first." }),
  totalResults: Schema.Int.annotations({
    description:
      "Number of matching products (holding a query word, a word it begins or a correction of it), which may exceed the results answered. On a large catalog it may be an estimate, and then the message says \"about\".",
  }),
  searchTimeMs: Schema.Int.annotations({ description: "Milliseconds the search took." }),
  message: Schema.String.annotations({ description: "The outcome in words, e.g. Showing 20 of 31 products matching \"shoe\"." }),
}).annotations({ identifier: "SearchEnvelope" });

export const Recommendations = Schema.Struct({
  recommendations: Schema.Array(
    Schema.Struct({
      productId: Schema.UUID.annotations({ description: "The recommended product." }),
      score: Schema.Number.annotations({ description: "Strength of the recommendation: higher is stronger." }),
      reason: Schema.Literal("bought_together", "similar", "bought_together_and_similar").annotations({ description: "Why: bought together with the product, similar to it, or both." }),
    }),
  ).annotations({ description: "The recommended products, best first." }),
}).annotations({ identifier: "Recommendations" });

const TextSearchQuery = Schema.Struct({
  q: Schema.optional(textParam(SEARCH_QUERY_MAX)).annotations({ description: "What to search for (or send query)." }),
  query: Schema.optional(textParam(SEARCH_QUERY_MAX)).annotations({ description: "What to search for (the same as q)." }),
  limit: Schema.optionalWith(integerParam(1, 100), { default: () => 20 }).annotations({ description: "Most results to answer." }),
});

/** `q` and `query` are alternatives: one of them, not blank; both only when they agree. */
const queryText = (query: { readonly q?: string | undefined; readonly query?: string | undefined }): string => {
  if (query.q === undefined && query.query === undefined) throw new ParameterMissing({ param: "q", message: "q (or query) is required" });
  if (query.q !== undefined && query.query !== undefined && query.q.trim() !== query.query.trim()) {
    throw new ParameterInvalid({ param: "query", message: "give q or query, not two different queries" });
  }
  const param = query.q !== undefined ? "q" : "query";
  const text = (query.q ?? query.query)!.trim();
  if (text === "") throw new ParameterInvalid({ param, message: `${param} must not be blank` });
  return text;
};

@injectable()
export class SearchRoutes implements RouteModule {
  constructor(
    @inject(SearchProducts) private readonly search: SearchProducts,
    @inject(RecommendProducts) private readonly recommend: RecommendProducts,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "searchProducts",
        method: "GET",
        path: "/v1/search",
        summary: "Search active products by text: name, SKU (an exact SKU first), brand, tags, category, description",
        description:
          "Any key. Text search over active products: typo-tolerant and prefix-matching over name, SKU (an exact SKU first), brand, tags, category and description. `q` and `query` are alternatives (both only when they agree); blank is a 400. Each result names its product, a score and why it matched.",
        tag: TAG,
        example: searchExamples.searchProducts,
        access: "publishable",
        query: TextSearchQuery,
        success: { status: 200, description: "The search envelope.", schema: SearchEnvelope },
        // An answer depends only on what search matches (searchable = active with variants, not
        // stock; results name products, not their records), so it is kept under the store-wide
        // stamp and the search row: a repeated query (the head of a shop's searches) costs one
        // small read of the store's versions instead of a search, and any write that changes what
        // search matches, through any process, drops it at once (confirmed).
        answerCache: { confirmed: true, scope: () => ({ products: [], search: true }) },
        handle: ({ principal, query }) => this.search.execute(principal, "text", { query: queryText(query), limit: query.limit }),
      }),
      defineRoute({
        operationId: "semanticSearchProducts",
        method: "POST",
        path: "/v1/search",
        summary: "Search active products by meaning: text relevance blended with vector similarity",
        description:
          "Any key, publishable keys included. Text relevance blended with vector similarity, so a description of a need finds products that share no word with it; optionally within one category. Answers the same envelope as the text search.",
        tag: TAG,
        example: searchExamples.semanticSearchProducts,
        access: "publishable",
        body: SemanticSearchInput,
        success: { status: 200, description: "The search envelope.", schema: SearchEnvelope },
        handle: ({ principal, body }) =>
          this.search.execute(principal, "semantic", { query: body.query, limit: body.limit, categoryId: body.category_id }),
      }),
      defineRoute({
        operationId: "recommendProducts",
        method: "POST",
        path: "/v1/recommendations",
        summary: "Recommend products: bought together (from orders) blended with similar ones (vectors)",
        description:
          "Secret key. Bought together (from the store's orders) blended with similar products (vectors), for `product_id`, `customer_id` (their purchases) or both. Never the product itself, nor inactive or out-of-stock products. An unknown product or customer is a 404.",
        tag: TAG,
        example: searchExamples.recommendProducts,
        access: "secret",
        body: RecommendationInput,
        errors: [403, 404],
        success: { status: 200, description: "Recommendations, best first.", schema: Recommendations },
        handle: async ({ principal, body }) => ({
          recommendations: await this.recommend.execute(principal, {
            productId: body.product_id,
            customerId: body.customer_id,
            limit: body.limit,
          }),
        }),
      }),
    ];
  }
}
