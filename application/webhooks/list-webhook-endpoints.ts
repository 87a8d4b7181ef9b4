// ListWebhookEndpoints, the use case behind GET /v1/webhook_endpoints.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { toEndpointRecord, type WebhookEndpointRecord } from "./webhook-records.js";

@injectable()
export class ListWebhookEndpoints {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, page: PageRequest): Promise<Page<WebhookEndpointRecord>> {
    const found = await this.endpoints.listPage(principal.storeId, page);
    const now = this.clock.now().toISOString();
    return { ...found, items: found.items.map((e) => toEndpointRecord(e, now)) };
  }
}
