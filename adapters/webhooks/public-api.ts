// The public entry point of the webhooks adapters (`storefront/adapters/webhooks`).
export * from "./address-policy.js";
export * from "./node-webhook-transport.js";
export * from "./standard-webhook-signer.js";
export * from "./target-resolution.js";
