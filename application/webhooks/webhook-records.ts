// The public shapes of webhook endpoints, events and deliveries (docs/api/webhooks.md).
import type { EventType } from "../../domain/events/event-type.js";
import type { RecordedEvent } from "../ports/event-outbox.js";
import type { DeliveryAttempt } from "../ports/webhook-delivery-queue.js";
import type { DeliveryStats, WebhookEndpoint } from "../ports/webhook-endpoint-repository.js";

export interface WebhookEndpointRecord {
  readonly id: string;
  readonly store_id: string;
  readonly url: string;
  readonly events: readonly EventType[];
  readonly enabled: boolean;
  readonly livemode: boolean;
  readonly metadata: Readonly<Record<string, string>>;
  readonly disabled_reason: string | null;
  readonly previous_secret_expires_at: string | null;
  readonly last_success_at: string | null;
  readonly last_failure_at: string | null;
  readonly delivery_stats: DeliveryStats;
  readonly created_at: string;
  readonly updated_at: string;
  /** Only in the answers of create and rotate. */
  readonly secret?: string;
}

export interface DeliveryRecord {
  readonly id: string;
  readonly endpoint_id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly attempt_number: number;
  readonly status_code: number | null;
  readonly response_body: string | null;
  readonly error: string | null;
  readonly latency_ms: number;
  readonly success: boolean;
  readonly attempted_at: string;
}

export interface WebhookEventRecord {
  readonly id: string;
  readonly store_id: string;
  readonly type: EventType;
  readonly livemode: boolean;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly created_at: string;
  readonly deliveries: readonly DeliveryRecord[];
}

export const toEndpointRecord = (e: WebhookEndpoint, nowIso: string, showSecret = false): WebhookEndpointRecord => ({
  id: e.id,
  store_id: e.storeId,
  url: e.url,
  events: e.events,
  enabled: e.enabled,
  livemode: e.livemode,
  metadata: e.metadata,
  disabled_reason: e.disabledReason,
  previous_secret_expires_at: e.previousSecretExpiresAt !== null && e.previousSecretExpiresAt > nowIso ? e.previousSecretExpiresAt : null,
  last_success_at: e.lastSuccessAt,
  last_failure_at: e.lastFailureAt,
  delivery_stats: e.stats,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
  ...(showSecret ? { secret: e.secret } : {}),
});

export const toDeliveryRecord = (a: DeliveryAttempt): DeliveryRecord => ({
  id: a.id,
  endpoint_id: a.endpointId,
  event_id: a.eventId,
  event_type: a.eventType,
  attempt_number: a.attemptNumber,
  status_code: a.statusCode,
  response_body: a.responseBody,
  error: a.error,
  latency_ms: a.latencyMs,
  success: a.success,
  attempted_at: a.attemptedAt,
});

export const toEventRecord = (event: RecordedEvent, attempts: readonly DeliveryAttempt[]): WebhookEventRecord => ({
  id: event.id,
  store_id: event.storeId,
  type: event.type,
  livemode: event.livemode,
  payload: event.data,
  created_at: event.createdAt,
  deliveries: attempts.map(toDeliveryRecord),
});
