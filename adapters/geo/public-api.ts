// The public entry point of the geo adapters (`storefront/adapters/geo`).
export * from "./country-coder-geocoder.js";
export * from "./country-to-currency-table.js";
