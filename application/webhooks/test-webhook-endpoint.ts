// The test operation (docs/api/webhooks.md, "The test operation"): a sample event of the asked
// type, sent to the endpoint at once (whether or not it is enabled or subscribed), recorded as a
// delivery and reported back. A test is never retried and never switches the endpoint off.
import { webhookEndpointMissing } from "./webhook-endpoint-writes.js";
import { inject, injectable } from "inversify";
import type { EventType } from "../../domain/events/event-type.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import type { RecordedEvent } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { sampleEventData } from "./sample-event-data.js";
import { SendWebhook } from "./send-webhook.js";
import type { WebhookTestInput } from "./webhook-inputs.js";

export interface WebhookTestResult {
  readonly success: boolean;
  readonly event_id: string;
  readonly event_type: EventType;
  readonly endpoint_url: string;
  readonly status_code: number | null;
  readonly response_body: string | null;
  /** Why no answer came (timeout, refused address...), or null. */
  readonly error: string | null;
  readonly latency_ms: number;
  readonly delivery_id: string;
}

@injectable()
export class TestWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(SendWebhook) private readonly sender: SendWebhook,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(principal: Principal, endpointId: string, input: WebhookTestInput): Promise<WebhookTestResult> {
    const endpoint = await this.endpoints.find(principal.storeId, endpointId);
    if (endpoint === undefined) throw webhookEndpointMissing();
    const now = this.clock.now().toISOString();
    const event: RecordedEvent = {
      id: `evt_${this.ids.newId().replaceAll("-", "")}`,
      storeId: endpoint.storeId,
      type: input.event_type,
      livemode: endpoint.livemode,
      data: sampleEventData(input.event_type, now, endpoint.livemode),
      createdAt: now,
    };
    await this.queue.recordTestEvent(event, now);
    const { attempt } = await this.sender.send(endpoint, event, 1);
    await this.queue.recordTestAttempt(attempt);
    return {
      success: attempt.success,
      event_id: event.id,
      event_type: event.type,
      endpoint_url: endpoint.url,
      status_code: attempt.statusCode,
      response_body: attempt.responseBody,
      error: attempt.error,
      latency_ms: attempt.latencyMs,
      delivery_id: attempt.id,
    };
  }
}
