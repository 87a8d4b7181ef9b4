// The public entry point of the rate-limits adapters (`storefront/adapters/rate-limits`).
export * from "./flexible-rate-limiter.js";
export * from "./pre-allocating-rate-limiter.js";
export * from "./redis-rate-limiter.js";
