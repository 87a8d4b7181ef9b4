// GetWebhookEndpoint, the use case behind GET /v1/webhook_endpoints/{id}; what it shares with its
// sibling use cases is in webhook-endpoint-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { toEndpointRecord, type WebhookEndpointRecord } from "./webhook-records.js";
import { webhookEndpointMissing } from "./webhook-endpoint-writes.js";

@injectable()
export class GetWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    const endpoint = await this.endpoints.find(principal.storeId, id);
    if (endpoint === undefined) throw webhookEndpointMissing();
    return { webhook_endpoint: toEndpointRecord(endpoint, this.clock.now().toISOString()) };
  }
}
