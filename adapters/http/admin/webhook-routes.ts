// The admin API's own webhook operation (docs/staff.md, "Webhooks: resend one"): send one event
// again to one endpoint. The endpoints, their deliveries and events are the /v1 operations,
// answered again under /admin/v1 (mirrored-routes.ts).
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ResendWebhookEvent } from "../../../application/webhooks/resend-webhook-event.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { WebhookDelivery } from "../schemas/webhook-schemas.js";
import { adminWebhookExamples } from "./webhook-examples.js";

const ByEndpointAndEvent = Schema.Struct({
  id: Schema.propertySignature(Schema.UUID).annotations({ description: "The webhook endpoint's id." }),
  event_id: Schema.propertySignature(Schema.String.pipe(Schema.pattern(/^evt_[0-9a-f]{32}$/))).annotations({ description: "The event's id (`evt_...`)." }),
});

@injectable()
export class AdminWebhookRoutes implements RouteModule {
  constructor(@inject(ResendWebhookEvent) private readonly resend: ResendWebhookEvent) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminResendWebhookEvent",
        method: "POST",
        path: "/admin/v1/webhook_endpoints/{id}/events/{event_id}/resend",
        summary: "Send one event again to an endpoint, now, and report the attempt",
        description:
          "Sends the event to the endpoint again at once, signed like any delivery and with the same `webhook-id`, so a receiver that already has it can drop it. The event must have gone to this endpoint before (a delivery, or a test sent to it): otherwise 404. The attempt is recorded with the delivery's next attempt number and counted on the endpoint. A 2xx answer settles the delivery: no retry of it is left pending, even one the worker had given up on. A failure leaves the delivery's state and retry schedule as they were. Sent even when the endpoint is switched off, since staff ask for it. Recorded in the audit log as `webhook_event.resend`.",
        tag: "Webhooks",
        access: "secret",
        permission: "webhooks.manage",
        params: ByEndpointAndEvent,
        errors: [404],
        example: adminWebhookExamples.adminResendWebhookEvent,
        success: { status: 200, description: "The attempt: what the endpoint answered.", schema: Schema.Struct({ delivery: WebhookDelivery }) },
        handle: ({ principal, params }) => this.resend.execute(principal, params.id, params.event_id),
      }),
    ];
  }
}
