// What goes over the wire to a webhook endpoint (docs/api/webhooks.md, "Signing", Standard
// Webhooks): the JSON body of an event, the string that is signed, the signature header, and the
// secret's form. Computing the HMAC needs a crypto library, so it sits behind a port; this file
// holds the rules.
import type { EventType } from "../events/event-type.js";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** Random bytes in a secret: 32 (the Standard Webhooks range is 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

/** How long the secret replaced by a rotation still signs, beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1_000;

export interface WebhookEventMessage {
  readonly id: string;
  readonly type: EventType;
  readonly createdAt: string;
  readonly storeId: string;
  readonly livemode: boolean;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The body of a delivery: `{"id", "type", "created_at", "store_id", "livemode", "data"}`. */
export const webhookBody = (event: WebhookEventMessage): string =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt,
    store_id: event.storeId,
    livemode: event.livemode,
    data: event.data,
  });

/** `<webhook-id>.<webhook-timestamp>.<body>`: the exact text the HMAC covers. */
export const signedContent = (messageId: string, timestampSeconds: number, body: string): string =>
  `${messageId}.${timestampSeconds}.${body}`;

/** `v1,<sig>` for each base64 signature, space-separated: a rotation sends the new and the old. */
export const signatureHeader = (signatures: readonly string[]): string => signatures.map((s) => `v1,${s}`).join(" ");

/** `whsec_` and the base64 of the secret's random bytes. */
export const webhookSecretFrom = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${WEBHOOK_SECRET_PREFIX}${btoa(binary)}`;
};

/** Whether a previous secret still signs at `nowIso` (it does until its expiry). */
export const previousSecretActive = (expiresAt: string | null, nowIso: string): boolean => expiresAt !== null && nowIso < expiresAt;
