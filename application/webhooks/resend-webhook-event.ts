// Resend one (docs/staff.md, "Webhooks: resend one"): staff send an event again to an endpoint it
// went to, now, signed like any delivery, and see what the endpoint answered. The attempt is
// recorded with the delivery's next attempt number and counted on the endpoint; a success settles
// the delivery, a failure leaves the worker's schedule as it was. Recorded in the audit log.
import { webhookEndpointMissing } from "./webhook-endpoint-writes.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { WebhookDeliveryQueue } from "../ports/webhook-delivery-queue.js";
import { WebhookEndpointRepository } from "../ports/webhook-endpoint-repository.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { SendWebhook } from "./send-webhook.js";
import { toDeliveryRecord, type DeliveryRecord } from "./webhook-records.js";

@injectable()
export class ResendWebhookEvent {
  constructor(
    @inject(WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(WebhookDeliveryQueue) private readonly queue: WebhookDeliveryQueue,
    @inject(SendWebhook) private readonly sender: SendWebhook,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, endpointId: string, eventId: string): Promise<{ readonly delivery: DeliveryRecord }> {
    if ((await this.endpoints.find(principal.storeId, endpointId)) === undefined) throw webhookEndpointMissing();
    const resent = await this.queue.takeForResend(principal.storeId, endpointId, eventId);
    if (resent === undefined) {
      throw new ResourceMissing({ resource: "webhook_event", message: "This event was never sent to this endpoint.", param: "event_id" });
    }
    // The send happens outside any transaction: a slow receiver holds no lock.
    const { attempt } = await this.sender.send(resent.endpoint, resent.event, resent.attemptNumber);
    await this.uow.run(async () => {
      await this.queue.completeResend(resent, attempt);
      await this.audit.record(principal, principal.storeId, {
        operation: "webhook_event.resend",
        resourceType: "webhook_event",
        resourceId: eventId,
        changes: { endpoint_id: [null, endpointId], attempt_number: [null, attempt.attemptNumber], success: [null, attempt.success] },
      });
    });
    return { delivery: toDeliveryRecord(attempt) };
  }
}
