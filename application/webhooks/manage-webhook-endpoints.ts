// The merchant's webhook endpoints (secret key): create (the secret shown once), list, read,
// edit, delete and rotate the secret (the old one keeps signing beside the new one for 24 h).
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { checkEndpointUrl } from "../../domain/webhooks/endpoint-url.js";
import { PREVIOUS_SECRET_TTL_MS, WEBHOOK_SECRET_BYTES, webhookSecretFrom } from "../../domain/webhooks/webhook-message.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository, type WebhookEndpoint } from "../ports/webhook-endpoint-repository.js";
import { WebhookTargetGuard } from "../ports/webhook-transport.js";
import type { WebhookEndpointInput, WebhookEndpointPatch } from "./webhook-inputs.js";
import { toEndpointRecord, type WebhookEndpointRecord } from "./webhook-records.js";
import { WebhookSettings } from "./webhook-settings.js";

export const webhookEndpointMissing = (): ResourceMissing =>
  new ResourceMissing({ resource: "webhook_endpoint", message: "No such webhook endpoint." });

@injectable()
export class ManageWebhookEndpoints {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(WebhookTargetGuard) private readonly guard: WebhookTargetGuard,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(WebhookSettings) private readonly settings: WebhookSettings,
  ) {}

  async create(principal: Principal, input: WebhookEndpointInput): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    const url = await this.checkedUrl(input.url);
    const now = this.clock.now().toISOString();
    const endpoint: WebhookEndpoint = {
      id: this.ids.newId(),
      storeId: principal.storeId,
      livemode: principal.mode === "live",
      url,
      events: [...input.events],
      enabled: input.enabled ?? true,
      metadata: input.metadata ?? {},
      secret: this.newSecret(),
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

  async page(principal: Principal, page: PageRequest): Promise<Page<WebhookEndpointRecord>> {
    const found = await this.endpoints.listPage(principal.storeId, page);
    const now = this.clock.now().toISOString();
    return { ...found, items: found.items.map((e) => toEndpointRecord(e, now)) };
  }

  async get(principal: Principal, id: string): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    const endpoint = await this.endpoints.find(principal.storeId, id);
    if (endpoint === undefined) throw webhookEndpointMissing();
    return { webhook_endpoint: toEndpointRecord(endpoint, this.clock.now().toISOString()) };
  }

  /** Switching an endpoint off fails what it had pending; switching it on clears the service's reason. */
  async update(principal: Principal, id: string, patch: WebhookEndpointPatch): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    const url = patch.url === undefined ? undefined : await this.checkedUrl(patch.url);
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

  async remove(principal: Principal, id: string): Promise<void> {
    if (!(await this.endpoints.delete(principal.storeId, id))) throw webhookEndpointMissing();
  }

  /** A new secret; the one it replaces signs beside it for 24 h (a second rotation drops the oldest). */
  async rotateSecret(principal: Principal, id: string): Promise<{ readonly webhook_endpoint: WebhookEndpointRecord }> {
    return this.uow.run(async () => {
      const current = await this.endpoints.lock(principal.storeId, id);
      if (current === undefined) throw webhookEndpointMissing();
      const now = this.clock.now();
      const next: WebhookEndpoint = {
        ...current,
        secret: this.newSecret(),
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS).toISOString(),
        updatedAt: now.toISOString(),
      };
      await this.endpoints.update(next);
      return { webhook_endpoint: toEndpointRecord(next, now.toISOString(), true) };
    });
  }

  private newSecret(): string {
    return webhookSecretFrom(this.secrets.randomBytes(WEBHOOK_SECRET_BYTES));
  }

  private async checkedUrl(text: string): Promise<string> {
    const checked = checkEndpointUrl(text, this.settings.allowPrivate);
    if (Either.isLeft(checked)) throw new ParameterInvalid({ param: "url", message: checked.left });
    if (!this.settings.allowPrivate) {
      const refusal = await this.guard.refusal(checked.right);
      if (refusal !== undefined) throw new ParameterInvalid({ param: "url", message: refusal });
    }
    return text;
  }
}
