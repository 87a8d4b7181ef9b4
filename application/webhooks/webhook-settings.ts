// How webhooks are delivered on this installation: from the environment through composition.
export interface WebhookSettings {
  /** STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: lifts the https and public-address rules (development, tests). */
  readonly allowPrivate: boolean;
  /** Per request; the contract's 15 s unless configured. */
  readonly timeoutMs: number;
  /** Deliveries one worker round claims at most. */
  readonly batchSize: number;
  /** Deliveries of one endpoint under lease at once. */
  readonly concurrencyPerEndpoint: number;
  /** How long a claim holds; a worker that dies loses its claims after this. Above the timeout. */
  readonly claimTtlMs: number;
}
export const WebhookSettings = Symbol.for("storefront.WebhookSettings");
