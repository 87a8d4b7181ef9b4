// The bodies of semantic search and recommendations (docs/api/content-search-messaging.md, "Search"
// and "Recommendations") as Schemas.
import { Schema } from "effect";

const bounded = (min: number, max: number) =>
  Schema.Int.pipe(Schema.between(min, max)).annotations({
    message: () => ({ message: `must be an integer from ${min} to ${max}`, override: true }),
  });

export const SEARCH_QUERY_MAX = 500;

export const SearchQueryText = Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(SEARCH_QUERY_MAX)).annotations({
  message: () => ({ message: `must be a non-blank string of at most ${SEARCH_QUERY_MAX} characters`, override: true }),
});

export const SemanticSearchInput = Schema.Struct({
  query: Schema.propertySignature(SearchQueryText).annotations({ description: "What to search for, in words." }),
  limit: Schema.optionalWith(bounded(1, 100), { default: () => 20 }).annotations({ description: "Most results to answer." }),
  category_id: Schema.optional(Schema.UUID.annotations({ message: () => ({ message: "must be a UUID", override: true }) })).annotations({ description: "Only products of this category." }),
}).annotations({ identifier: "SemanticSearchInput" });
export type SemanticSearchInput = typeof SemanticSearchInput.Type;

export const RecommendationInput = Schema.Struct({
  product_id: Schema.optional(Schema.UUID.annotations({ message: () => ({ message: "must be a UUID", override: true }) })).annotations({ description: "Recommend products bought with or similar to this one." }),
  customer_id: Schema.optional(Schema.UUID.annotations({ message: () => ({ message: "must be a UUID", override: true }) })).annotations({ description: "Recommend products for this customer, from their orders." }),
  limit: Schema.optionalWith(bounded(1, 50), { default: () => 10 }).annotations({ description: "Most recommendations to answer." }),
}).annotations({ identifier: "RecommendationInput" });
export type RecommendationInput = typeof RecommendationInput.Type;
