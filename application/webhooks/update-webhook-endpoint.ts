import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository, type WebhookEndpoint } from "../ports/webhook-endpoint-repository.js";
import { WebhookTargetGuard } from "../ports/webhook-transport.js";
import type { WebhookEndpointPatch } from "./webhook-inputs.js";
import { toEndpointRecord, type WebhookEndpointRecord } from "./webhook-records.js";
import { WebhookSettings } from "./webhook-settings.js";
import { webhookEndpointMissing, checkedWebhookUrl } from "./webhook-endpoint-writes.js";

/** Switching an endpoint off fails what it had pending; switching it on clears the service's reason. */
@injectable()
export class UpdateWebhookEndpoint {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(WebhookTargetGuard) private readonly guard: WebhookTargetGuard,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(WebhookSettings) private readonly settings: WebhookSettings,
  ) {}

  async execute(principal: Principal, id: string, patch: WebhookEndpointPatch): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    const url = patch.url === undefined ? undefined : await checkedWebhookUrl({ guard: this.guard, settings: this.settings }, patch.url);
    return this.uow.run(async () => {
      const current = await this.endpoints.lock(principal.storeId, id);
      if (current === undefined) throw webhookEndpointMissing();
      const now = this.clock.now().toISOString();
      const enabled = patch.enabled ?? current.enabled;
      const next: WebhookEndpoint = {
        ...current,
        url: url ?? current.url,
        events: patch.events !== undefined ? [...patch.events] : current.events,
        enabled,
        metadata: patch.metadata ?? current.metadata,
        disabledReason: enabled ? null : current.disabledReason,
        updatedAt: now,
      };
      await this.endpoints.update(next);
      if (current.enabled && !enabled) await this.queue.failPending(principal.storeId, id, now);
      return { webhook_endpoint: toEndpointRecord(next, now) };
    });
  }
}
