// The public entry point of the payments adapters (`storefront/adapters/payments`).
export * from "./constant-time.js";
export * from "./mpesa-daraja-gateway.js";
export * from "./pawapay-gateway.js";
export * from "./payment-gateway-registry.js";
export * from "./paystack-gateway.js";
export * from "./provider-gateways.js";
export * from "./provider-http.js";
export * from "./simulator-gateway.js";
export * from "./stripe-checkout-gateway.js";
