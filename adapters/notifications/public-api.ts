// The public entry point of the notifications adapters (`storefront/adapters/notifications`).
export * from "./log-notifier.js";
export * from "./one-time-code-email.js";
export * from "./smtp-notifier.js";
