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
  url: Schema.propertySignature(EndpointUrl).annotations({ description: "The https URL to send events to; it must not resolve to a private, loopback or link-local address." }),
  events: Schema.propertySignature(EventList).annotations({ description: "The event types to send, each once." }),
  enabled: Schema.optional(Schema.Boolean).annotations({ description: "False to send no events for now; true when absent." }),
  metadata: Schema.optional(Metadata).annotations({ description: "The store's own key-value data (at most 50 string values)." }),
}).annotations({ identifier: "WebhookEndpointInput" });
export type WebhookEndpointInput = typeof WebhookEndpointInput.Type;

export const WebhookEndpointPatch = Schema.Struct({
  url: Schema.optional(EndpointUrl).annotations({ description: "The new https URL to send events to." }),
  events: Schema.optional(EventList).annotations({ description: "The new list of event types (replaces the old one)." }),
  enabled: Schema.optional(Schema.Boolean).annotations({ description: "False to stop sending events, true to resume." }),
  metadata: Schema.optional(Metadata).annotations({ description: "The new key-value data (replaces the old one)." }),
}).annotations({ identifier: "WebhookEndpointPatch" });
export type WebhookEndpointPatch = typeof WebhookEndpointPatch.Type;

export const WebhookTestInput = Schema.Struct({
  event_type: Schema.optionalWith(KnownEventType, { default: () => "order.created" as const }).annotations({ description: "The type of the sample event to send." }),
}).annotations({ identifier: "WebhookTestInput" });
export type WebhookTestInput = typeof WebhookTestInput.Type;
