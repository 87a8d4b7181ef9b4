// Returns (docs/staff.md, "Refunds and returns"): a customer asks, with their token, to send back
// lines of one of their shipped, paid orders; staff approve or refuse (with a note), receive the
// goods (each line restocked or not) and refund through the refund use case. Every move is one
// unit of work: the return, its event row (who, from, to, note), the webhook event and, for staff,
// the audit record.
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { canMoveReturn, isReturnable, returnedQuantities, RETURN_STATUSES, type OrderReturn, type ReturnEvent, type ReturnStatus } from "../../domain/orders/order-return.js";
import type { Order } from "../../domain/orders/order.js";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { Principal } from "../access/principal.js";
import { InvalidToken } from "../errors/access-errors.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { BusinessRuleViolation, ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { OrderRestitution } from "../orders/order-restitution.js";
import { orderMissing } from "../orders/update-order.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { RefundOrder } from "../refunds/refund-order.js";
import type { RefundRecord } from "../refunds/refund-records.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { auditActorOf } from "../staff/audit-actor.js";

const LineInput = Schema.Struct({
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

const toEventRecord = (e: ReturnEvent) => ({
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

type ReturnEventType = "return.requested" | "return.approved" | "return.refused" | "return.received";

@injectable()
export class ManageReturns {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(OrderRestitution) private readonly restitution: OrderRestitution,
    @inject(RefundOrder) private readonly refundOrder: RefundOrder,
    @inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  private async customerOf(principal: Principal, token: string | undefined): Promise<string> {
    if (token === undefined) throw new InvalidToken({ message: "Returns are asked for with the customer's x-auth-token." });
    return (await this.customers.execute(principal, token)).customerId;
  }

  /** The customer asks to return lines of one of their orders. */
  async request(principal: Principal, token: string | undefined, orderId: string, input: ReturnRequestInput): Promise<ReturnRecord> {
    const customerId = await this.customerOf(principal, token);
    return this.uow.run(async () => {
      const order = await this.orders.lock(principal.storeId, orderId);
      // Another customer's order is answered as missing, like another store's.
      if (order === undefined || order.customerId !== customerId) throw orderMissing();
      if (!isReturnable(order)) {
        throw new ResourceConflict({
          code: "order_not_returnable",
          message: `Only a paid order that was shipped can be returned; this one is ${order.orderStatus}, payment ${order.paymentStatus}.`,
        });
      }
      const held = returnedQuantities(await this.returns.listForOrder(principal.storeId, orderId));
      const asked = new Map<string, number>();
      for (const line of input.lines) asked.set(line.line_id, (asked.get(line.line_id) ?? 0) + line.quantity);
      for (const [lineId, quantity] of asked) {
        const line = order.items.find((item) => item.id === lineId);
        if (line === undefined) throw new ParameterInvalid({ param: "lines", message: `The order has no line ${lineId}.` });
        const left = line.quantity - (held.get(lineId) ?? 0);
        if (quantity > left) {
          throw new BusinessRuleViolation({ code: "return_exceeds_line", param: "lines", message: `Only ${left} unit(s) of line ${lineId} can still be returned.` });
        }
      }
      const at = this.clock.now().toISOString();
      const created: OrderReturn = {
        id: this.ids.newId(),
        orderId,
        customerId,
        status: "requested",
        reason: input.reason,
        lines: [...asked].map(([lineId, quantity]) => ({ lineId, quantity, receivedQuantity: 0, restockedQuantity: 0 })),
        staffNote: null,
        refundId: null,
        livemode: order.livemode,
        createdAt: at,
        updatedAt: at,
      };
      await this.returns.insert(principal.storeId, created);
      await this.record(principal.storeId, created, null, { type: "customer", id: customerId, label: `customer ${customerId}` }, null, {}, "return.requested");
      return toReturnRecord(created);
    });
  }

  /** The customer's returns of one of their orders, oldest first. */
  async forCustomer(principal: Principal, token: string | undefined, orderId: string): Promise<ReturnRecord[]> {
    const customerId = await this.customerOf(principal, token);
    const order = await this.orders.find(principal.storeId, orderId);
    if (order === undefined || order.customerId !== customerId) throw orderMissing();
    return (await this.returns.listForOrder(principal.storeId, orderId)).map(toReturnRecord);
  }

  async page(principal: Principal, status: ReturnStatus | undefined, page: PageRequest): Promise<Page<ReturnRecord>> {
    const found = await this.returns.listPage(principal.storeId, { status }, page);
    return { ...found, items: found.items.map(toReturnRecord) };
  }

  async one(principal: Principal, returnId: string): Promise<ReturnRecord & { readonly events: readonly ReturnEventRecord[] }> {
    const found = await this.returns.find(principal.storeId, returnId);
    if (found === undefined) throw returnMissing();
    return { ...toReturnRecord(found), events: (await this.returns.events(principal.storeId, returnId)).map(toEventRecord) };
  }

  async approve(principal: Principal, returnId: string, note: string | undefined): Promise<ReturnRecord> {
    return this.move(principal, returnId, "approved", note ?? null, async (r) => ({ next: { ...r, staffNote: note ?? r.staffNote }, data: {} }));
  }

  async refuse(principal: Principal, returnId: string, note: string): Promise<ReturnRecord> {
    return this.move(principal, returnId, "refused", note, async (r) => ({ next: { ...r, staffNote: note }, data: {} }));
  }

  /** The goods came back: each line's received units, restocked or not (a unit goes back to stock at most once, whatever path). */
  async receive(principal: Principal, returnId: string, input: ReturnReceiptInput): Promise<ReturnRecord> {
    return this.move(principal, returnId, "received", input.note ?? null, async (r, order) => {
      const byLine = new Map(input.lines.map((line) => [line.line_id, line]));
      for (const lineId of byLine.keys()) {
        if (!r.lines.some((line) => line.lineId === lineId)) throw new ParameterInvalid({ param: "lines", message: `The return has no line ${lineId}.` });
      }
      const lines = r.lines.map((line) => {
        const got = byLine.get(line.lineId);
        const received = Math.min(got?.quantity ?? 0, line.quantity);
        return { ...line, receivedQuantity: received, restockedQuantity: got?.restock === true ? received : 0 };
      });
      const restocks = lines.filter((line) => line.restockedQuantity > 0).map((line) => ({ lineId: line.lineId, quantity: line.restockedQuantity }));
      if (restocks.length > 0) {
        const after = await this.restitution.restockLines(principal.storeId, order, restocks, { type: "return", id: r.id });
        if (after !== order) await this.orders.update(principal.storeId, { ...after, updatedAt: this.clock.now().toISOString() });
      }
      return { next: { ...r, lines }, data: { lines: lines.map((l) => ({ line_id: l.lineId, received_quantity: l.receivedQuantity, restocked_quantity: l.restockedQuantity })) } };
    });
  }

  /**
   * Refunds the returned lines through the refund use case (its Idempotency-Key, its provider
   * call, its limits), then marks the return refunded. A refund that fails leaves the return as
   * it was, to be refunded again.
   */
  async refund(principal: Principal, returnId: string, input: ReturnRefundInput, idempotencyKey: string): Promise<{ readonly return: ReturnRecord; readonly refund: RefundRecord }> {
    const current = await this.returns.find(principal.storeId, returnId);
    if (current === undefined) throw returnMissing();
    if (!canMoveReturn(current.status, "refunded")) {
      throw new ResourceConflict({ code: "invalid_transition", param: "status", message: `The return is ${current.status}; only an approved or received return is refunded.` });
    }
    const refund = await this.refundOrder.execute(
      principal,
      current.orderId,
      {
        ...(input.amount === undefined ? { lines: current.lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity })) } : { amount: input.amount }),
        restock: false,
        reason: input.reason ?? current.reason.slice(0, 500),
      },
      idempotencyKey,
      { returnId },
    );
    if (refund.status === "failed") {
      return { return: toReturnRecord(current), refund };
    }
    const moved = await this.uow.run(async () => {
      const locked = await this.returns.lock(principal.storeId, returnId);
      if (locked === undefined) throw returnMissing();
      if (locked.status === "refunded") return locked;
      const next: OrderReturn = { ...locked, status: "refunded", refundId: refund.id, updatedAt: this.clock.now().toISOString() };
      await this.returns.update(principal.storeId, next);
      await this.record(principal.storeId, next, locked.status, this.actor(principal), null, { refund_id: refund.id, refund_status: refund.status }, undefined);
      await this.audit.record(principal, principal.storeId, { operation: "return.refund", resourceType: "return", resourceId: returnId, changes: { status: [locked.status, "refunded"], refund_id: [null, refund.id] } });
      return next;
    });
    return { return: toReturnRecord(moved), refund };
  }

  private actor(principal: Principal): ReturnEvent["actor"] {
    const actor = auditActorOf(principal);
    return { type: actor.type === "staff" ? "staff" : "api_key", id: actor.id ?? null, label: actor.label };
  }

  private async move(
    principal: Principal,
    returnId: string,
    to: ReturnStatus,
    note: string | null,
    change: (r: OrderReturn, order: Order) => Promise<{ readonly next: OrderReturn; readonly data: Readonly<Record<string, unknown>> }>,
  ): Promise<ReturnRecord> {
    return this.uow.run(async () => {
      const found = await this.returns.find(principal.storeId, returnId);
      if (found === undefined) throw returnMissing();
      // The order first, then the return, as every unit of work that locks both.
      const order = await this.orders.lock(principal.storeId, found.orderId);
      const current = await this.returns.lock(principal.storeId, returnId);
      if (current === undefined || order === undefined) throw returnMissing();
      if (!canMoveReturn(current.status, to)) {
        throw new ResourceConflict({ code: "invalid_transition", param: "status", message: `The return is ${current.status}; it cannot become ${to}.` });
      }
      const { next: changed, data } = await change(current, order);
      const next: OrderReturn = { ...changed, status: to, updatedAt: this.clock.now().toISOString() };
      await this.returns.update(principal.storeId, next);
      const type = `return.${to}` as ReturnEventType;
      await this.record(principal.storeId, next, current.status, this.actor(principal), note, data, type);
      await this.audit.record(principal, principal.storeId, {
        operation: `return.${to === "approved" ? "approve" : to === "refused" ? "refuse" : "receive"}`,
        resourceType: "return",
        resourceId: returnId,
        before: { status: current.status, staff_note: current.staffNote, lines: toReturnRecord(current).lines },
        after: { status: next.status, staff_note: next.staffNote, lines: toReturnRecord(next).lines },
      });
      return toReturnRecord(next);
    });
  }

  private async record(
    storeId: string,
    r: OrderReturn,
    from: ReturnStatus | null,
    actor: ReturnEvent["actor"],
    note: string | null,
    data: Readonly<Record<string, unknown>>,
    type: ReturnEventType | undefined,
  ): Promise<void> {
    await this.returns.recordEvent(storeId, { id: this.ids.newId(), returnId: r.id, fromStatus: from, toStatus: r.status, actor, note, data, at: r.updatedAt });
    if (type !== undefined) await this.outbox.record({ storeId, type, livemode: r.livemode, data: { return: toReturnRecord(r) } });
  }
}
