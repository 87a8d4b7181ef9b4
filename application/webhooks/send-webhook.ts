// One attempt to deliver one event to one endpoint: the Standard Webhooks body and headers,
// signed with the endpoint's secret (and, during a rotation, its previous one), sent once.
import { inject, injectable } from "inversify";
import { previousSecretActive, signatureHeader, signedContent, webhookBody } from "../../domain/webhooks/webhook-message.js";
import { Clock } from "../ports/clock.js";
import type { RecordedEvent } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import type { DeliveryAttempt } from "../ports/webhook-delivery-queue.js";
import type { WebhookEndpoint } from "../ports/webhook-endpoint-repository.js";
import { WebhookSigner, WebhookTransport, type WebhookResponse } from "../ports/webhook-transport.js";
import { WebhookSettings } from "./webhook-settings.js";

/** The attempt number rides along so that a receiver can tell a retry from a duplicate. */
export const ATTEMPT_HEADER = "storefront-webhook-attempt";

export interface SentWebhook {
  readonly attempt: DeliveryAttempt;
  readonly response: WebhookResponse;
}

@injectable()
export class SendWebhook {
  constructor(
    @inject(WebhookTransport) private readonly transport: WebhookTransport,
    @inject(WebhookSigner) private readonly signer: WebhookSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(WebhookSettings) private readonly settings: WebhookSettings,
  ) {}

  async send(endpoint: WebhookEndpoint, event: RecordedEvent, attemptNumber: number): Promise<SentWebhook> {
    const now = this.clock.now();
    const timestamp = Math.floor(now.getTime() / 1000);
    const body = webhookBody(event);
    const content = signedContent(event.id, timestamp, body);
    const secrets = previousSecretActive(endpoint.previousSecretExpiresAt, now.toISOString()) && endpoint.previousSecret !== null
      ? [endpoint.secret, endpoint.previousSecret]
      : [endpoint.secret];
    const response = await this.transport.send({
      url: endpoint.url,
      body,
      timeoutMs: this.settings.timeoutMs,
      allowPrivate: this.settings.allowPrivate,
      headers: {
        "content-type": "application/json",
        "user-agent": "Storefront-Webhooks/1.0",
        "webhook-id": event.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(secrets.map((secret) => this.signer.sign(secret, content))),
        [ATTEMPT_HEADER]: String(attemptNumber),
      },
    });
    const answered = response.kind === "answered";
    return {
      response,
      attempt: {
        id: this.ids.newId(),
        storeId: endpoint.storeId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        attemptNumber,
        statusCode: answered ? response.statusCode : null,
        responseBody: answered ? response.bodyExcerpt : null,
        error: answered ? null : response.error,
        latencyMs: Math.max(0, Math.round(response.latencyMs)),
        success: answered && response.statusCode >= 200 && response.statusCode < 300,
        attemptedAt: now.toISOString(),
      },
    };
  }
}
