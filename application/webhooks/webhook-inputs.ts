// The payloads of the webhook endpoint operations as Schemas: create, edit and test.
import { Schema } from "effect";
import { EVENT_TYPES, EventType } from "../../domain/events/event-type.js";
import { MAX_ENDPOINT_URL_LENGTH } from "../../domain/webhooks/endpoint-url.js";

const KnownEventType = EventType.annotations({
  message: () => ({ message: `must be one of ${EVENT_TYPES.join(", ")}`, override: true }),
});

const EndpointUrl = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(MAX_ENDPOINT_URL_LENGTH)).annotations({
  message: () => ({ message: `must be an https URL of at most ${MAX_ENDPOINT_URL_LENGTH} characters`, override: true }),
});

const EventList = Schema.Array(KnownEventType).pipe(
  Schema.minItems(1),
  Schema.filter((types) => new Set(types).size === types.length, { message: () => "must not name a type twice" }),
).annotations({ message: () => ({ message: "must list at least one event type, each once", override: false }) });

/** Like Stripe's: up to 50 string values under keys of up to 40 characters. */
const Metadata = Schema.Record({ key: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)), value: Schema.String.pipe(Schema.maxLength(500)) }).pipe(
  Schema.filter((m) => Object.keys(m).length <= 50, { message: () => "must have at most 50 keys" }),
).annotations({ message: () => ({ message: "must be an object of at most 50 string values (keys up to 40, values up to 500 characters)", override: true }) });

export const WebhookEndpointInput = Schema.Struct({
  url: EndpointUrl,
  events: EventList,
  enabled: Schema.optional(Schema.Boolean),
  metadata: Schema.optional(Metadata),
}).annotations({ identifier: "WebhookEndpointInput" });
export type WebhookEndpointInput = typeof WebhookEndpointInput.Type;

export const WebhookEndpointPatch = Schema.Struct({
  url: Schema.optional(EndpointUrl),
  events: Schema.optional(EventList),
  enabled: Schema.optional(Schema.Boolean),
  metadata: Schema.optional(Metadata),
}).annotations({ identifier: "WebhookEndpointPatch" });
export type WebhookEndpointPatch = typeof WebhookEndpointPatch.Type;

export const WebhookTestInput = Schema.Struct({
  event_type: Schema.optionalWith(KnownEventType, { default: () => "order.created" as const }),
}).annotations({ identifier: "WebhookTestInput" });
export type WebhookTestInput = typeof WebhookTestInput.Type;
