// The public entry point of the system adapters (`storefront/adapters/system`).
export * from "./libphonenumber-phone-numbers.js";
export * from "./node-hmac-signer.js";
export * from "./node-secret-generator.js";
export * from "./scrypt-password-hasher.js";
export * from "./system-clock.js";
export * from "./uuid-v7-id-generator.js";
