// ListEndpointDeliveries, the use case behind GET /v1/webhook_endpoints/{id}/deliveries.
import { webhookEndpointMissing } from "./webhook-endpoint-writes.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { toDeliveryRecord, type DeliveryRecord } from "./webhook-records.js";

@injectable()
export class ListEndpointDeliveries {
  constructor(
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
  ) {}

  async execute(principal: Principal, endpointId: string, page: PageRequest): Promise<Page<DeliveryRecord>> {
    if ((await this.endpoints.find(principal.storeId, endpointId)) === undefined) throw webhookEndpointMissing();
    const found = await this.queue.attemptsOfEndpoint(principal.storeId, endpointId, page);
    return { ...found, items: found.items.map(toDeliveryRecord) };
  }
}
