// The environment variables of webhook delivery (docs/api/webhooks.md, "Receiving deliveries"):
// their Schema fields, spread into config.ts's Environment, and the settings the delivery job and
// the endpoint checks use.
import { Schema } from "effect";
import type { WebhookSettings } from "../application/webhooks/webhook-settings.js";

const intVar = (min: number, max: number, fallback: number) =>
  Schema.optionalWith(
    Schema.String.pipe(Schema.pattern(/^\d+$/), Schema.compose(Schema.NumberFromString), Schema.int(), Schema.between(min, max)).annotations({
      message: () => ({ message: `must be an integer from ${min} to ${max}`, override: true }),
    }),
    { default: () => fallback },
  );

const flagVar = Schema.optionalWith(
  Schema.transform(Schema.Literal("1", "0", "true", "false"), Schema.Boolean, {
    strict: true,
    decode: (text) => text === "1" || text === "true",
    encode: (flag) => (flag ? "true" : "false"),
  }).annotations({ message: () => ({ message: "must be true, false, 1 or 0", override: true }) }),
  { default: () => false },
);

export const WEBHOOK_ENVIRONMENT = {
  STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: flagVar,
  STOREFRONT_WEBHOOK_TIMEOUT_MS: intVar(100, 60_000, 15_000),
  STOREFRONT_WEBHOOK_BATCH_SIZE: intVar(1, 1_000, 50),
  STOREFRONT_WEBHOOK_CONCURRENCY_PER_ENDPOINT: intVar(1, 100, 4),
  STOREFRONT_WEBHOOK_CLAIM_TTL_MS: intVar(1_000, 3_600_000, 60_000),
};

const WebhookEnvironment = Schema.Struct(WEBHOOK_ENVIRONMENT);
type WebhookEnvironment = typeof WebhookEnvironment.Type;

export const webhookSettings = (e: WebhookEnvironment, fail: (message: string) => never): WebhookSettings => {
  // A claim must outlive the request it covers, or another worker would send the same attempt.
  if (e.STOREFRONT_WEBHOOK_CLAIM_TTL_MS < e.STOREFRONT_WEBHOOK_TIMEOUT_MS + 1_000) {
    fail("Configuration error: STOREFRONT_WEBHOOK_CLAIM_TTL_MS must exceed STOREFRONT_WEBHOOK_TIMEOUT_MS by at least 1000");
  }
  return {
    allowPrivate: e.STOREFRONT_WEBHOOKS_ALLOW_PRIVATE,
    timeoutMs: e.STOREFRONT_WEBHOOK_TIMEOUT_MS,
    batchSize: e.STOREFRONT_WEBHOOK_BATCH_SIZE,
    concurrencyPerEndpoint: e.STOREFRONT_WEBHOOK_CONCURRENCY_PER_ENDPOINT,
    claimTtlMs: e.STOREFRONT_WEBHOOK_CLAIM_TTL_MS,
  };
};
