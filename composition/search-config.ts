// The environment variables of search (docs/search.md, "Settings"): their Schema fields, spread
// into config.ts's Environment, and the settings the search engine and embedder are built from.
// With STOREFRONT_EMBEDDINGS_URL unset, vectors come from the offline word-vector embedder.
import { Schema } from "effect";
import type { OpenAiEmbedderSettings } from "../adapters/search/openai-compatible-embedder.js";

const intVar = (min: number, max: number, fallback: number) =>
  Schema.optionalWith(
    Schema.String.pipe(Schema.pattern(/^\d+$/), Schema.compose(Schema.NumberFromString), Schema.int(), Schema.between(min, max)).annotations({
      message: () => ({ message: `must be an integer from ${min} to ${max}`, override: true }),
    }),
    { default: () => fallback },
  );

const optionalMatching = (pattern: RegExp, message: string) =>
  Schema.optional(Schema.String.pipe(Schema.pattern(pattern)).annotations({ message: () => ({ message, override: true }) }));

export const SEARCH_ENVIRONMENT = {
  STOREFRONT_EMBEDDINGS_URL: optionalMatching(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, "must be an http(s) URL without query or fragment"),
  STOREFRONT_EMBEDDINGS_MODEL: optionalMatching(/^\S{1,100}$/, "must be a model name without spaces"),
  STOREFRONT_EMBEDDINGS_API_KEY: optionalMatching(/^\S+$/, "must be a non-empty value without spaces"),
  STOREFRONT_EMBEDDINGS_TIMEOUT_MS: intVar(100, 120_000, 10_000),
  STOREFRONT_EMBEDDINGS_BATCH_SIZE: intVar(1, 2048, 64),
  STOREFRONT_SEARCH_REFRESH_MS: intVar(100, 60_000, 1_000),
  STOREFRONT_SEARCH_ENGINE_MATCHES: intVar(0, 1_000_000, 300),
};

const SearchEnvironment = Schema.Struct(SEARCH_ENVIRONMENT);
type SearchEnvironment = typeof SearchEnvironment.Type;

export interface SearchSettings {
  /** The model server's settings; undefined: the offline embedder. */
  readonly embeddings: OpenAiEmbedderSettings | undefined;
  /** How often, at most, a search checks for catalog changes made by any process. */
  readonly refreshIntervalMs: number;
  /**
   * Up to this many matches of a query's words the database's text engine ranks them all; above
   * it, candidates come from the postings (each word's best documents), whose cost is bounded.
   */
  readonly engineMatchesUpTo: number;
}

export const searchSettings = (e: SearchEnvironment, fail: (message: string) => never): SearchSettings => {
  if (e.STOREFRONT_EMBEDDINGS_URL !== undefined && e.STOREFRONT_EMBEDDINGS_MODEL === undefined) {
    fail("Configuration error: STOREFRONT_EMBEDDINGS_MODEL is required when STOREFRONT_EMBEDDINGS_URL is set");
  }
  return {
    embeddings:
      e.STOREFRONT_EMBEDDINGS_URL === undefined
        ? undefined
        : {
            baseUrl: e.STOREFRONT_EMBEDDINGS_URL,
            model: e.STOREFRONT_EMBEDDINGS_MODEL!,
            apiKey: e.STOREFRONT_EMBEDDINGS_API_KEY,
            timeoutMs: e.STOREFRONT_EMBEDDINGS_TIMEOUT_MS,
            batchSize: e.STOREFRONT_EMBEDDINGS_BATCH_SIZE,
          },
    refreshIntervalMs: e.STOREFRONT_SEARCH_REFRESH_MS,
    engineMatchesUpTo: e.STOREFRONT_SEARCH_ENGINE_MATCHES,
  };
};
