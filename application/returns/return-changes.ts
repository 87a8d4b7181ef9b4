// Returns (docs/staff.md, "Refunds and returns"): a customer asks, with their token, to send back
// lines of one of their shipped, paid orders; staff approve or refuse (with a note), receive the
// goods (each line restocked or not) and refund through the refund use case. Every move is one
// unit of work: the return, its event row (who, from, to, note), the webhook event and, for staff,
// the audit record.
// This module holds what the use cases RequestReturn, ListCustomerReturns, ListReturns, GetReturn,
// ApproveReturn, RefuseReturn, ReceiveReturn and RefundReturn share (one class a file,
// docs/architecture.md, the application/ ring).
import { Schema } from "effect";
import { canMoveReturn, RETURN_STATUSES, type OrderReturn, type ReturnEvent, type ReturnStatus } from "../../domain/orders/order-return.js";
import type { Order } from "../../domain/orders/order.js";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { Principal } from "../access/principal.js";
import { InvalidToken } from "../errors/access-errors.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { auditActorOf } from "../staff/audit-actor.js";

export const LineInput = Schema.Struct({
  line_id: Schema.propertySignature(Schema.UUID).annotations({ description: "An order line's id (the order's `items[].id`)." }),
  quantity: Schema.propertySignature(Schema.Int.pipe(Schema.between(1, 10_000))).annotations({ description: "How many of its units." }),
});

export const ReturnRequestInput = Schema.Struct({
  lines: Schema.propertySignature(Schema.Array(LineInput).pipe(Schema.minItems(1), Schema.maxItems(200))).annotations({ description: "The lines and units to send back." }),
  reason: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(1000))).annotations({ description: "Why, in the customer's words." }),
}).annotations({ identifier: "ReturnRequestInput" });

export type ReturnRequestInput = typeof ReturnRequestInput.Type;

export const ReturnRefusalInput = Schema.Struct({
  note: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(1000))).annotations({ description: "Why the return is refused; the customer sees it." }),
}).annotations({ identifier: "ReturnRefusalInput" });

export const ReturnNoteInput = Schema.Struct({
  note: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(1000))).annotations({ description: "A note kept with this step; the customer sees it." }),
}).annotations({ identifier: "ReturnNoteInput" });

export const ReturnReceiptInput = Schema.Struct({
  lines: Schema.propertySignature(
    Schema.Array(
      Schema.Struct({
        line_id: Schema.propertySignature(Schema.UUID).annotations({ description: "A line of the return." }),
        quantity: Schema.propertySignature(Schema.Int.pipe(Schema.between(0, 10_000))).annotations({ description: "Units received back (at most the units returned)." }),
        restock: Schema.propertySignature(Schema.Boolean).annotations({ description: "Put the received units back in stock (false for damaged goods)." }),
      }),
    ).pipe(Schema.minItems(1), Schema.maxItems(200)),
  ).annotations({ description: "What came back, line by line." }),
  note: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(1000))).annotations({ description: "A note kept with this step." }),
}).annotations({ identifier: "ReturnReceiptInput" });

export type ReturnReceiptInput = typeof ReturnReceiptInput.Type;

export const ReturnRefundInput = Schema.Struct({
  amount: Schema.optional(Schema.Int.pipe(Schema.between(1, Number.MAX_SAFE_INTEGER))).annotations({
    description: "Refund this much (integer minor units) instead of what the returned lines were charged.",
  }),
  reason: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(500))).annotations({ description: "Kept with the refund; the return's reason when absent." }),
}).annotations({ identifier: "ReturnRefundInput" });

export type ReturnRefundInput = typeof ReturnRefundInput.Type;

export const ReturnStatusParam = Schema.Literal(...RETURN_STATUSES);

export const toReturnRecord = (r: OrderReturn) => ({
  id: r.id,
  order_id: r.orderId,
  customer_id: r.customerId,
  status: r.status,
  reason: r.reason,
  lines: r.lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity, received_quantity: line.receivedQuantity, restocked_quantity: line.restockedQuantity })),
  staff_note: r.staffNote,
  refund_id: r.refundId,
  livemode: r.livemode,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

export type ReturnRecord = ReturnType<typeof toReturnRecord>;

export const toEventRecord = (e: ReturnEvent) => ({
  from_status: e.fromStatus,
  to_status: e.toStatus,
  actor_type: e.actor.type,
  actor_label: e.actor.label,
  note: e.note,
  data: e.data,
  at: e.at,
});

export type ReturnEventRecord = ReturnType<typeof toEventRecord>;

export const returnMissing = (): ResourceMissing => new ResourceMissing({ resource: "return", message: "No such return." });

export type ReturnEventType = "return.requested" | "return.approved" | "return.refused" | "return.received";

export async function returnCustomer(deps: { readonly customers: AuthenticateCustomer }, principal: Principal, token: string | undefined): Promise<string> {
  if (token === undefined) throw new InvalidToken({ message: "Returns are asked for with the customer's x-auth-token." });
  return (await deps.customers.execute(principal, token)).customerId;
}

export async function recordReturnEvent(deps: { readonly returns: ReturnRepository; readonly outbox: EventOutbox; readonly ids: IdGenerator }, 
  storeId: string,
  r: OrderReturn,
  from: ReturnStatus | null,
  actor: ReturnEvent["actor"],
  note: string | null,
  data: Readonly<Record<string, unknown>>,
  type: ReturnEventType | undefined,
): Promise<void> {
  await deps.returns.recordEvent(storeId, { id: deps.ids.newId(), returnId: r.id, fromStatus: from, toStatus: r.status, actor, note, data, at: r.updatedAt });
  if (type !== undefined) await deps.outbox.record({ storeId, type, livemode: r.livemode, data: { return: toReturnRecord(r) } });
}

export async function moveReturn(deps: { readonly returns: ReturnRepository; readonly orders: OrderRepository; readonly outbox: EventOutbox; readonly audit: AuditTrail; readonly uow: UnitOfWork; readonly ids: IdGenerator; readonly clock: Clock }, 
  principal: Principal,
  returnId: string,
  to: ReturnStatus,
  note: string | null,
  change: (r: OrderReturn, order: Order) => Promise<{ readonly next: OrderReturn; readonly data: Readonly<Record<string, unknown>> }>,
): Promise<ReturnRecord> {
  return deps.uow.run(async () => {
    const found = await deps.returns.find(principal.storeId, returnId);
    if (found === undefined) throw returnMissing();
    // The order first, then the return, as every unit of work that locks both.
    const order = await deps.orders.lock(principal.storeId, found.orderId);
    const current = await deps.returns.lock(principal.storeId, returnId);
    if (current === undefined || order === undefined) throw returnMissing();
    if (!canMoveReturn(current.status, to)) {
      throw new ResourceConflict({ code: "invalid_transition", param: "status", message: `The return is ${current.status}; it cannot become ${to}.` });
    }
    const { next: changed, data } = await change(current, order);
    const next: OrderReturn = { ...changed, status: to, updatedAt: deps.clock.now().toISOString() };
    await deps.returns.update(principal.storeId, next);
    const type = `return.${to}` as ReturnEventType;
    await recordReturnEvent(deps, principal.storeId, next, current.status, returnActor(principal), note, data, type);
    await deps.audit.record(principal, principal.storeId, {
      operation: `return.${to === "approved" ? "approve" : to === "refused" ? "refuse" : "receive"}`,
      resourceType: "return",
      resourceId: returnId,
      before: { status: current.status, staff_note: current.staffNote, lines: toReturnRecord(current).lines },
      after: { status: next.status, staff_note: next.staffNote, lines: toReturnRecord(next).lines },
    });
    return toReturnRecord(next);
  });
}

export function returnActor(principal: Principal): ReturnEvent["actor"] {
  const actor = auditActorOf(principal);
  return { type: actor.type === "staff" ? "staff" : "api_key", id: actor.id ?? null, label: actor.label };
}
