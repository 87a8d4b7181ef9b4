// Standard Webhooks signatures with node:crypto: HMAC-SHA256 keyed with the base64-decoded part
// of the endpoint's `whsec_` secret, answered in base64.
import { createHmac } from "node:crypto";
import { injectable } from "inversify";
import type { WebhookSigner } from "../../application/ports/webhook-transport.js";
import { WEBHOOK_SECRET_PREFIX } from "../../domain/webhooks/webhook-message.js";

@injectable()
export class StandardWebhookSigner implements WebhookSigner {
  sign(secret: string, content: string): string {
    const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, "base64");
    return createHmac("sha256", key).update(content, "utf8").digest("base64");
  }
}
