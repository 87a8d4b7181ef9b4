// How emails are sent on this installation (docs/emails.md), from the environment through
// composition: whether a mail server is configured, and the worker's batch and lease.
export interface EmailDeliverySettings {
  /** STOREFRONT_SMTP_URL is set: without it no email is made. */
  readonly enabled: boolean;
  /** Events one fan-out round takes, and sends one claim round takes, at most. */
  readonly batchSize: number;
  /** How long a claim holds; a worker that dies loses its claims after this. Above the SMTP timeouts. */
  readonly claimTtlMs: number;
}
export const EmailDeliverySettings = Symbol.for("storefront.EmailDeliverySettings");
