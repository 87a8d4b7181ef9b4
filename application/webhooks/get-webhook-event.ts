// GetWebhookEvent, the use case behind GET /v1/webhook_events/{id}.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { toEventRecord, type WebhookEventRecord } from "./webhook-records.js";

@injectable()
export class GetWebhookEvent {
  constructor(
    @inject(EventOutbox) private readonly events: EventOutbox,
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
  ) {}

  async execute(principal: Principal, eventId: string): Promise<{ readonly webhook_event: WebhookEventRecord }> {
    const event = await this.events.findById(principal.storeId, eventId);
    if (event === undefined) throw new ResourceMissing({ resource: "webhook_event", message: "No such event." });
    return { webhook_event: toEventRecord(event, await this.queue.attemptsOfEvent(principal.storeId, eventId)) };
  }
}
