// The public entry point of the search adapters (`storefront/adapters/search`).
export * from "./catalog-search-engine.js";
export * from "./openai-compatible-embedder.js";
export * from "./search-catalog-source.js";
export * from "./word-vector-embedder.js";
export * from "./word-vector-table.js";
