// The public entry point of the catalog-import adapters (`storefront/adapters/catalog-import`).
export * from "./catalog-file-error.js";
export * from "./csv-catalog-reader.js";
export * from "./jsonl-catalog-reader.js";
