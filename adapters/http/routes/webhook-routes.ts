// Webhooks over HTTP (docs/api/webhooks.md), secret key only: endpoints (create
// with the secret shown once, list, read, edit, delete, rotate the secret, test), an event with
// its deliveries, and an endpoint's deliveries.
import { CreateWebhookEndpoint } from "../../../application/webhooks/create-webhook-endpoint.js";
import { ListWebhookEndpoints } from "../../../application/webhooks/list-webhook-endpoints.js";
import { GetWebhookEndpoint } from "../../../application/webhooks/get-webhook-endpoint.js";
import { UpdateWebhookEndpoint } from "../../../application/webhooks/update-webhook-endpoint.js";
import { DeleteWebhookEndpoint } from "../../../application/webhooks/delete-webhook-endpoint.js";
import { RotateWebhookSecret } from "../../../application/webhooks/rotate-webhook-secret.js";
import { GetWebhookEvent } from "../../../application/webhooks/get-webhook-event.js";
import { ListEndpointDeliveries } from "../../../application/webhooks/list-endpoint-deliveries.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { TestWebhookEndpoint } from "../../../application/webhooks/test-webhook-endpoint.js";
import { WebhookEndpointInput, WebhookEndpointPatch, WebhookTestInput } from "../../../application/webhooks/webhook-inputs.js";
import { cursorParam, integerParam } from "../query-params.js";
import { defineRoute, reply, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { pagination } from "../schemas/pagination-schema.js";
import {
  WebhookDeliveryList,
  WebhookEndpointEnvelope,
  WebhookEndpointList,
  WebhookEventEnvelope,
  WebhookTestResult,
} from "../schemas/webhook-schemas.js";
import { webhookExamples } from "./webhook-examples.js";

const TAG = "Webhooks";
const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The webhook endpoint's id." }) });
const ByEventId = Schema.Struct({
  id: Schema.propertySignature(Schema.String.pipe(Schema.pattern(/^evt_[0-9a-f]{32}$/))).annotations({ description: "The event's id (`evt_...`)." }),
});
const ListQuery = Schema.Struct({
  limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most records in one page." }),
  cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor; absent for the first page." }),
});

@injectable()
export class WebhookRoutes implements RouteModule {
  constructor(
    @inject(CreateWebhookEndpoint) private readonly createWebhookEndpoint: CreateWebhookEndpoint,
    @inject(ListWebhookEndpoints) private readonly listWebhookEndpoints: ListWebhookEndpoints,
    @inject(GetWebhookEndpoint) private readonly getWebhookEndpoint: GetWebhookEndpoint,
    @inject(UpdateWebhookEndpoint) private readonly updateWebhookEndpoint: UpdateWebhookEndpoint,
    @inject(DeleteWebhookEndpoint) private readonly deleteWebhookEndpoint: DeleteWebhookEndpoint,
    @inject(RotateWebhookSecret) private readonly rotateWebhookSecret: RotateWebhookSecret,
    @inject(ListEndpointDeliveries) private readonly listEndpointDeliveries: ListEndpointDeliveries,
    @inject(GetWebhookEvent) private readonly getWebhookEvent: GetWebhookEvent,
    @inject(TestWebhookEndpoint) private readonly test: TestWebhookEndpoint,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "createWebhookEndpoint",
        method: "POST",
        path: "/v1/webhook_endpoints",
        summary: "Create a webhook endpoint; its signing secret is shown only in this answer",
        description:
          "Secret key. `url` must be https and must not resolve to a private, loopback or link-local address (checked again at each send). `events` lists the types to receive. An endpoint made with a test key receives test events only; with a live key, live events only. The answer carries the signing `secret` (`whsec_...`), shown only here.",
        tag: TAG,
        example: webhookExamples.createWebhookEndpoint,
        access: "secret",
        body: WebhookEndpointInput,
        success: { status: 201, description: "The endpoint, with `secret`.", schema: WebhookEndpointEnvelope },
        handle: async ({ principal, body }) => reply(201, await this.createWebhookEndpoint.execute(principal, body)),
      }),
      defineRoute({
        operationId: "listWebhookEndpoints",
        method: "GET",
        path: "/v1/webhook_endpoints",
        summary: "List the store's webhook endpoints, newest first",
        description: "Secret key. The store's endpoints, newest first, with their delivery counters; cursor pagination. Secrets are not shown.",
        tag: TAG,
        example: webhookExamples.listWebhookEndpoints,
        access: "secret",
        query: ListQuery,
        success: { status: 200, description: "A page of endpoints.", schema: WebhookEndpointList },
        handle: async ({ principal, query }) => {
          const page = await this.listWebhookEndpoints.execute(principal, { limit: query.limit, cursor: query.cursor });
          return { webhook_endpoints: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getWebhookEndpoint",
        method: "GET",
        path: "/v1/webhook_endpoints/{id}",
        summary: "One webhook endpoint with its delivery counters",
        description: "Secret key. One endpoint with its delivery counters (`delivery_stats`) and last success and failure times.",
        tag: TAG,
        example: webhookExamples.getWebhookEndpoint,
        access: "secret",
        params: ById,
        success: { status: 200, description: "The endpoint.", schema: WebhookEndpointEnvelope },
        handle: ({ principal, params }) => this.getWebhookEndpoint.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "updateWebhookEndpoint",
        method: "PATCH",
        path: "/v1/webhook_endpoints/{id}",
        summary: "Change an endpoint's url, events, metadata, or switch it on or off",
        description:
          "Secret key. Changes an endpoint's url (checked as on creation), events or metadata, or switches it on or off; switching it off fails the deliveries it had pending.",
        tag: TAG,
        example: webhookExamples.updateWebhookEndpoint,
        access: "secret",
        params: ById,
        body: WebhookEndpointPatch,
        success: { status: 200, description: "The endpoint.", schema: WebhookEndpointEnvelope },
        handle: ({ principal, params, body }) => this.updateWebhookEndpoint.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "deleteWebhookEndpoint",
        method: "DELETE",
        path: "/v1/webhook_endpoints/{id}",
        summary: "Delete a webhook endpoint with its deliveries",
        description: "Secret key. Deletes an endpoint and its delivery history; pending deliveries to it are dropped.",
        tag: TAG,
        example: webhookExamples.deleteWebhookEndpoint,
        access: "secret",
        params: ById,
        success: { status: 204, description: "Deleted." },
        handle: async ({ principal, params }) => {
          await this.deleteWebhookEndpoint.execute(principal, params.id);
          return reply(204, undefined);
        },
      }),
      defineRoute({
        operationId: "rotateWebhookEndpointSecret",
        method: "POST",
        path: "/v1/webhook_endpoints/{id}/rotate_secret",
        summary: "Give an endpoint a new signing secret; the old one keeps signing beside it for 24 hours",
        description:
          "Secret key. A new signing secret, shown only in this answer. For 24 hours every delivery carries two signatures in `webhook-signature` (new first), so a receiver can switch secrets without missing a delivery.",
        tag: TAG,
        example: webhookExamples.rotateWebhookEndpointSecret,
        access: "secret",
        params: ById,
        success: { status: 200, description: "The endpoint, with its new `secret`.", schema: WebhookEndpointEnvelope },
        handle: ({ principal, params }) => this.rotateWebhookSecret.execute(principal, params.id),
      }),
      defineRoute({
        operationId: "testWebhookEndpoint",
        method: "POST",
        path: "/v1/webhook_endpoints/{id}/test",
        summary: "Send a sample event of a type to the endpoint now and report the attempt",
        description:
          "Secret key. Sends a sample event of `event_type` (default order.created) to the endpoint now, signed like any delivery, and reports what it answered. The attempt is recorded as a delivery; it is never retried.",
        tag: TAG,
        example: webhookExamples.testWebhookEndpoint,
        access: "secret",
        params: ById,
        body: WebhookTestInput,
        success: { status: 200, description: "What the endpoint answered.", schema: WebhookTestResult },
        handle: ({ principal, params, body }) => this.test.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "listWebhookEndpointDeliveries",
        method: "GET",
        path: "/v1/webhook_endpoints/{id}/deliveries",
        summary: "Delivery attempts made to an endpoint, newest first",
        description:
          "Secret key. Every attempt to deliver to the endpoint, newest first, with status code, response body, latency and success; cursor pagination.",
        tag: TAG,
        example: webhookExamples.listWebhookEndpointDeliveries,
        access: "secret",
        params: ById,
        query: ListQuery,
        success: { status: 200, description: "A page of deliveries.", schema: WebhookDeliveryList },
        handle: async ({ principal, params, query }) => {
          const page = await this.listEndpointDeliveries.execute(principal, params.id, { limit: query.limit, cursor: query.cursor });
          return { deliveries: page.items, pagination: pagination(page, query.limit) };
        },
      }),
      defineRoute({
        operationId: "getWebhookEvent",
        method: "GET",
        path: "/v1/webhook_events/{id}",
        summary: "One event with every attempt to deliver it, oldest first",
        description:
          "Secret key. An event of the store (`evt_` id) with its payload, which is the `data` of the delivered body, and every attempt to deliver it, oldest first.",
        tag: TAG,
        example: webhookExamples.getWebhookEvent,
        access: "secret",
        params: ByEventId,
        success: { status: 200, description: "The event; `payload` is the `data` of the delivered body.", schema: WebhookEventEnvelope },
        handle: ({ principal, params }) => this.getWebhookEvent.execute(principal, params.id),
      }),
    ];
  }
}
