// Reads of what was delivered (secret key): one event with every attempt to deliver it, and the
// attempts made to one endpoint, newest first.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { webhookEndpointMissing } from "./manage-webhook-endpoints.js";
import { toDeliveryRecord, toEventRecord, type DeliveryRecord, type WebhookEventRecord } from "./webhook-records.js";

@injectable()
export class ReadWebhookDeliveries {
  constructor(
    @inject(EventOutbox) private readonly events: EventOutbox,
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
  ) {}

  async event(principal: Principal, eventId: string): Promise<{ readonly webhook_event: WebhookEventRecord }> {
    const event = await this.events.findById(principal.storeId, eventId);
    if (event === undefined) throw new ResourceMissing({ resource: "webhook_event", message: "No such event." });
    return { webhook_event: toEventRecord(event, await this.queue.attemptsOfEvent(principal.storeId, eventId)) };
  }

  async ofEndpoint(principal: Principal, endpointId: string, page: PageRequest): Promise<Page<DeliveryRecord>> {
    if ((await this.endpoints.find(principal.storeId, endpointId)) === undefined) throw webhookEndpointMissing();
    const found = await this.queue.attemptsOfEndpoint(principal.storeId, endpointId, page);
    return { ...found, items: found.items.map(toDeliveryRecord) };
  }
}
