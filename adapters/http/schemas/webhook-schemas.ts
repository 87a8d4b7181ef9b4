// The webhook answers as Schemas (docs/api/webhooks.md): endpoints, events with their deliveries,
// delivery pages and the test report.
import { Schema } from "effect";
import { EventType } from "../../../domain/events/event-type.js";
import { Pagination } from "./pagination-schema.js";

const NullableString = Schema.NullOr(Schema.String);

const DeliveryStats = Schema.Struct({
  total: Schema.Number.annotations({ description: "Delivery attempts made to the endpoint." }),
  successful: Schema.Number.annotations({ description: "Attempts answered with a 2xx." }),
  failed: Schema.Number.annotations({ description: "Attempts that failed (another status, a timeout or no connection)." }),
}).annotations({
  identifier: "WebhookDeliveryStats",
});

export const WebhookEndpoint = Schema.Struct({
  id: Schema.String.annotations({ description: "The endpoint's id." }),
  store_id: Schema.String.annotations({ description: "The store the endpoint belongs to." }),
  url: Schema.String.annotations({ description: "The https URL events are sent to." }),
  events: Schema.Array(EventType).annotations({ description: "The event types sent to this endpoint." }),
  enabled: Schema.Boolean.annotations({ description: "False when no events are sent to it." }),
  livemode: Schema.Boolean.annotations({ description: "Made with a live key: receives live events; with a test key: test events only." }),
  metadata: Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "The store's own key-value data." }),
  disabled_reason: NullableString.annotations({ description: "`gone` when the service switched the endpoint off after a 410 answer." }),
  previous_secret_expires_at: NullableString.annotations({ description: "Until when the secret replaced by the last rotation still signs." }),
  last_success_at: NullableString.annotations({ description: "When a delivery last succeeded (ISO 8601, UTC), or null." }),
  last_failure_at: NullableString.annotations({ description: "When a delivery last failed (ISO 8601, UTC), or null." }),
  delivery_stats: Schema.propertySignature(DeliveryStats).annotations({ description: "Counts of delivery attempts to the endpoint." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
  secret: Schema.optional(Schema.String.annotations({ description: "`whsec_` + base64; only in the answers of create and rotate." })),
}).annotations({ identifier: "WebhookEndpoint" });

export const WebhookEndpointEnvelope = Schema.Struct({
  webhook_endpoint: Schema.propertySignature(WebhookEndpoint).annotations({ description: "The endpoint." }),
}).annotations({ identifier: "WebhookEndpointEnvelope" });

export const WebhookEndpointList = Schema.Struct({ webhook_endpoints: Schema.Array(WebhookEndpoint), pagination: Pagination }).annotations({
  identifier: "WebhookEndpointList",
});

export const WebhookDelivery = Schema.Struct({
  id: Schema.String.annotations({ description: "The delivery attempt's id." }),
  endpoint_id: Schema.String.annotations({ description: "The endpoint it was sent to." }),
  event_id: Schema.String.annotations({ description: "The event delivered (`evt_...`)." }),
  event_type: Schema.String.annotations({ description: "The event's type." }),
  attempt_number: Schema.Number.annotations({ description: "Which attempt this was (1 for the first send)." }),
  status_code: Schema.NullOr(Schema.Number).annotations({ description: "The HTTP status the receiver answered, or null when none came." }),
  response_body: NullableString.annotations({ description: "The first KiB of the receiver's answer." }),
  error: NullableString.annotations({ description: "Why no answer came: a timeout, a refused connection or a forbidden address." }),
  latency_ms: Schema.Number.annotations({ description: "Milliseconds until the answer or the failure." }),
  success: Schema.Boolean.annotations({ description: "True when the receiver answered with a 2xx." }),
  attempted_at: Schema.String.annotations({ description: "When the attempt was made (ISO 8601, UTC)." }),
}).annotations({ identifier: "WebhookDelivery" });

export const WebhookDeliveryList = Schema.Struct({ deliveries: Schema.Array(WebhookDelivery), pagination: Pagination }).annotations({
  identifier: "WebhookDeliveryList",
});

export const WebhookEventEnvelope = Schema.Struct({
  webhook_event: Schema.Struct({
    id: Schema.String.annotations({ description: "The event's id (`evt_...`), sent as webhook-id." }),
    store_id: Schema.String.annotations({ description: "The store the event belongs to." }),
    type: EventType.annotations({ description: "The event's type." }),
    livemode: Schema.Boolean.annotations({ description: "True for an event of live mode, false for test mode." }),
    payload: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({ description: "The event's data object, as delivered." }),
    created_at: Schema.String.annotations({ description: "When the event happened (ISO 8601, UTC)." }),
    deliveries: Schema.Array(WebhookDelivery).annotations({ description: "Every delivery attempt of the event, oldest first." }),
  }).annotations({ description: "The event." }),
}).annotations({ identifier: "WebhookEventEnvelope" });

export const WebhookTestResult = Schema.Struct({
  success: Schema.Boolean.annotations({ description: "True when the receiver answered with a 2xx." }),
  event_id: Schema.String.annotations({ description: "The test event's id (`evt_...`)." }),
  event_type: EventType.annotations({ description: "The test event's type." }),
  endpoint_url: Schema.String.annotations({ description: "The URL the event was sent to." }),
  status_code: Schema.NullOr(Schema.Number).annotations({ description: "The HTTP status the receiver answered, or null when none came." }),
  response_body: NullableString.annotations({ description: "The first KiB of the receiver's answer, or null." }),
  error: NullableString.annotations({ description: "Why no answer came, or null." }),
  latency_ms: Schema.Number.annotations({ description: "Milliseconds until the answer or the failure." }),
  delivery_id: Schema.String.annotations({ description: "The delivery recorded for this attempt." }),
}).annotations({ identifier: "WebhookTestResult" });
