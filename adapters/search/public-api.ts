// The public entry point of the search adapters (`storefront/adapters/search`).
export * from "./openai-compatible-embedder.js";
export * from "./search-text.js";
export * from "./word-vector-embedder.js";
export * from "./word-vector-table.js";
