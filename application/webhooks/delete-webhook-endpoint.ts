// DeleteWebhookEndpoint, the use case behind DELETE /v1/webhook_endpoints/{id}; what it shares with
// its sibling use cases is in webhook-endpoint-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { webhookEndpointMissing } from "./webhook-endpoint-writes.js";

@injectable()
export class DeleteWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    if (!(await this.endpoints.delete(principal.storeId, id))) throw webhookEndpointMissing();
  }
}
