import { inject, injectable } from "inversify";
import { PREVIOUS_SECRET_TTL_MS } from "../../domain/webhooks/webhook-message.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WebhookEndpointRepository, type WebhookEndpoint } from "../ports/webhook-endpoint-repository.js";
import { toEndpointRecord, type WebhookEndpointRecord } from "./webhook-records.js";
import { webhookEndpointMissing, newWebhookSecret } from "./webhook-endpoint-writes.js";

/** A new secret; the one it replaces signs beside it for 24 h (a second rotation drops the oldest). */
@injectable()
export class RotateWebhookSecret {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
  ) {}

  async execute(principal: Principal, id: string): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    return this.uow.run(async () => {
      const current = await this.endpoints.lock(principal.storeId, id);
      if (current === undefined) throw webhookEndpointMissing();
      const now = this.clock.now();
      const next: WebhookEndpoint = {
        ...current,
        secret: newWebhookSecret({ secrets: this.secrets }),
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS).toISOString(),
        updatedAt: now.toISOString(),
      };
      await this.endpoints.update(next);
      return { webhook_endpoint: toEndpointRecord(next, now.toISOString(), true) };
    });
  }
}
