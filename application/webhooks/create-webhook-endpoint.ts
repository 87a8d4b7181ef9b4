// CreateWebhookEndpoint, the use case behind POST /v1/webhook_endpoints; what it shares with its
// sibling use cases is in webhook-endpoint-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { WebhookEndpointRepository, type WebhookEndpoint } from "../ports/webhook-endpoint-repository.js";
import { WebhookTargetGuard } from "../ports/webhook-transport.js";
import type { WebhookEndpointInput } from "./webhook-inputs.js";
import { toEndpointRecord, type WebhookEndpointRecord } from "./webhook-records.js";
import { WebhookSettings } from "./webhook-settings.js";
import { checkedWebhookUrl, newWebhookSecret } from "./webhook-endpoint-writes.js";

@injectable()
export class CreateWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WebhookTargetGuard) private readonly guard: WebhookTargetGuard,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(WebhookSettings) private readonly settings: WebhookSettings,
  ) {}

  async execute(principal: Principal, input: WebhookEndpointInput): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    const url = await checkedWebhookUrl({ guard: this.guard, settings: this.settings }, input.url);
    const now = this.clock.now().toISOString();
    const endpoint: WebhookEndpoint = {
      id: this.ids.newId(),
      storeId: principal.storeId,
      livemode: principal.mode === "live",
      url,
      events: [...input.events],
      enabled: input.enabled ?? true,
      metadata: input.metadata ?? {},
      secret: newWebhookSecret({ secrets: this.secrets }),
      previousSecret: null,
      previousSecretExpiresAt: null,
      disabledReason: null,
      lastSuccessAt: null,
      lastFailureAt: null,
      stats: { total: 0, successful: 0, failed: 0 },
      createdAt: now,
      updatedAt: now,
    };
    await this.endpoints.insert(endpoint);
    return { webhook_endpoint: toEndpointRecord(endpoint, now, true) };
  }
}
