// Webhook endpoints of a store: where events go, which types, and the secrets that sign them.
import type { ServiceIdentifier } from "inversify";
import type { EventType } from "../../domain/events/event-type.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface DeliveryStats {
  readonly total: number;
  readonly successful: number;
  readonly failed: number;
}

export interface WebhookEndpoint {
  readonly id: string;
  readonly storeId: string;
  /** Made with a live key: receives live events; with a test key: test events only. */
  readonly livemode: boolean;
  readonly url: string;
  readonly events: readonly EventType[];
  readonly enabled: boolean;
  readonly metadata: Readonly<Record<string, string>>;
  readonly secret: string;
  /** The secret a rotation replaced; it signs beside the new one until `previousSecretExpiresAt`. */
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: string | null;
  /** Why the service switched the endpoint off (`gone`: it answered 410), or null. */
  readonly disabledReason: string | null;
  readonly lastSuccessAt: string | null;
  readonly lastFailureAt: string | null;
  readonly stats: DeliveryStats;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface WebhookEndpointRepository {
  insert(endpoint: WebhookEndpoint): Promise<void>;
  find(storeId: string, id: string): Promise<WebhookEndpoint | undefined>;
  /** Reads the endpoint and locks it until the unit of work ends (MySQL; SQLite has one writer). */
  lock(storeId: string, id: string): Promise<WebhookEndpoint | undefined>;
  /** Writes url, events, enabled, metadata, secrets, disabled reason and updated_at. */
  update(endpoint: WebhookEndpoint): Promise<void>;
  delete(storeId: string, id: string): Promise<boolean>;
  /** Newest first. */
  listPage(storeId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
}
export const WebhookEndpointRepository: ServiceIdentifier<WebhookEndpointRepository> = Symbol.for("storefront.WebhookEndpointRepository");
