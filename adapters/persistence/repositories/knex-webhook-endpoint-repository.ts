// Webhook endpoints on knex: events and metadata as JSON text, the delivery counters beside the
// row so that a read is one query.
import { inject, injectable } from "inversify";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { WebhookEndpoint, WebhookEndpointRepository } from "../../../application/ports/webhook-endpoint-repository.js";
import type { EventType } from "../../../domain/events/event-type.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

export interface WebhookEndpointRow {
  id: string;
  store_id: string;
  livemode: number | boolean;
  url: string;
  events: string;
  enabled: number | boolean;
  metadata: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  disabled_reason: string | null;
  last_success_at: string | null;
  last_failure_at: string | null;
  deliveries_total: number | string;
  deliveries_successful: number | string;
  deliveries_failed: number | string;
  created_at: string;
  updated_at: string;
}

export const toWebhookEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  storeId: row.store_id,
  livemode: readBoolean(row.livemode),
  url: row.url,
  events: readJson<EventType[]>(row.events, []),
  enabled: readBoolean(row.enabled),
  metadata: readJson<Record<string, string>>(row.metadata, {}),
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousSecretExpiresAt: row.previous_secret_expires_at,
  disabledReason: row.disabled_reason,
  lastSuccessAt: row.last_success_at,
  lastFailureAt: row.last_failure_at,
  stats: { total: Number(row.deliveries_total), successful: Number(row.deliveries_successful), failed: Number(row.deliveries_failed) },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const editable = (e: WebhookEndpoint) => ({
  url: e.url,
  events: writeJson(e.events),
  enabled: e.enabled,
  metadata: writeJson(e.metadata),
  secret: e.secret,
  previous_secret: e.previousSecret,
  previous_secret_expires_at: e.previousSecretExpiresAt,
  disabled_reason: e.disabledReason,
  updated_at: e.updatedAt,
});

@injectable()
export class KnexWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async insert(e: WebhookEndpoint): Promise<void> {
    await this.db.run((q) =>
      q("webhook_endpoints").insert({
        id: e.id,
        store_id: e.storeId,
        livemode: e.livemode,
        ...editable(e),
        last_success_at: e.lastSuccessAt,
        last_failure_at: e.lastFailureAt,
        deliveries_total: e.stats.total,
        deliveries_successful: e.stats.successful,
        deliveries_failed: e.stats.failed,
        created_at: e.createdAt,
      }),
    );
  }

  async find(storeId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const row = await this.db.run((q) => q<WebhookEndpointRow>("webhook_endpoints").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toWebhookEndpoint(row);
  }

  async lock(storeId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const row = await this.db.run((q) => this.db.lockRows(q<WebhookEndpointRow>("webhook_endpoints").where({ store_id: storeId, id })).first());
    return row === undefined ? undefined : toWebhookEndpoint(row);
  }

  async update(e: WebhookEndpoint): Promise<void> {
    await this.db.run((q) => q("webhook_endpoints").where({ store_id: e.storeId, id: e.id }).update(editable(e)));
  }

  async delete(storeId: string, id: string): Promise<boolean> {
    const removed = await this.db.run((q) => q("webhook_endpoints").where({ store_id: storeId, id }).delete());
    return Number(removed) > 0;
  }

  async listPage(storeId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return this.db.run(async (q) => {
      const rows: WebhookEndpointRow[] = await applyKeyset(
        q("webhook_endpoints").where("store_id", storeId),
        { column: "created_at", idColumn: "id", direction: "desc" },
        page,
      );
      return toPage(rows, page, (row) => [row.created_at, row.id], toWebhookEndpoint);
    });
  }
}
