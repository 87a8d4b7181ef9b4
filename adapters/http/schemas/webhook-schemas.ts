// The webhook answers as Schemas (spec 2.14 and 4.11): endpoints, events with their deliveries,
// delivery pages and the test report.
import { Schema } from "effect";
import { EventType } from "../../../domain/events/event-type.js";
import { Pagination } from "./pagination-schema.js";

const NullableString = Schema.NullOr(Schema.String);

const DeliveryStats = Schema.Struct({ total: Schema.Number, successful: Schema.Number, failed: Schema.Number }).annotations({
  identifier: "WebhookDeliveryStats",
});

export const WebhookEndpoint = Schema.Struct({
  id: Schema.String,
  store_id: Schema.String,
  url: Schema.String,
  events: Schema.Array(EventType),
  enabled: Schema.Boolean,
  livemode: Schema.Boolean.annotations({ description: "Made with a live key: receives live events; with a test key: test events only." }),
  metadata: Schema.Record({ key: Schema.String, value: Schema.String }),
  disabled_reason: NullableString.annotations({ description: "`gone` when the service switched the endpoint off after a 410 answer." }),
  previous_secret_expires_at: NullableString.annotations({ description: "Until when the secret replaced by the last rotation still signs." }),
  last_success_at: NullableString,
  last_failure_at: NullableString,
  delivery_stats: DeliveryStats,
  created_at: Schema.String,
  updated_at: Schema.String,
  secret: Schema.optional(Schema.String.annotations({ description: "`whsec_` + base64; only in the answers of create and rotate." })),
}).annotations({ identifier: "WebhookEndpoint" });

export const WebhookEndpointEnvelope = Schema.Struct({ webhook_endpoint: WebhookEndpoint }).annotations({ identifier: "WebhookEndpointEnvelope" });

export const WebhookEndpointList = Schema.Struct({ webhook_endpoints: Schema.Array(WebhookEndpoint), pagination: Pagination }).annotations({
  identifier: "WebhookEndpointList",
});

export const WebhookDelivery = Schema.Struct({
  id: Schema.String,
  endpoint_id: Schema.String,
  event_id: Schema.String,
  event_type: Schema.String,
  attempt_number: Schema.Number,
  status_code: Schema.NullOr(Schema.Number),
  response_body: NullableString.annotations({ description: "The first KiB of the receiver's answer." }),
  error: NullableString.annotations({ description: "Why no answer came: a timeout, a refused connection or a forbidden address." }),
  latency_ms: Schema.Number,
  success: Schema.Boolean,
  attempted_at: Schema.String,
}).annotations({ identifier: "WebhookDelivery" });

export const WebhookDeliveryList = Schema.Struct({ deliveries: Schema.Array(WebhookDelivery), pagination: Pagination }).annotations({
  identifier: "WebhookDeliveryList",
});

export const WebhookEventEnvelope = Schema.Struct({
  webhook_event: Schema.Struct({
    id: Schema.String,
    store_id: Schema.String,
    type: EventType,
    livemode: Schema.Boolean,
    payload: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    created_at: Schema.String,
    deliveries: Schema.Array(WebhookDelivery),
  }),
}).annotations({ identifier: "WebhookEventEnvelope" });

export const WebhookTestResult = Schema.Struct({
  success: Schema.Boolean,
  event_id: Schema.String,
  event_type: EventType,
  endpoint_url: Schema.String,
  status_code: Schema.NullOr(Schema.Number),
  response_body: NullableString,
  error: NullableString,
  latency_ms: Schema.Number,
  delivery_id: Schema.String,
}).annotations({ identifier: "WebhookTestResult" });
