// Records a parcel of an order (docs/staff.md, "Orders and fulfilment") in one unit of work: the
// order's row is locked first, so concurrent parcels of one order are planned one after the other
// and never ship more than was ordered; then the parcel, the order's fulfilment status, the
// `fulfilment.created` event, and — when the last unit has shipped — the move to `shipped`
// through the order's one state machine (OrderMoves.apply: `order.fulfilled`), and the audit entry.
// The order's row is written once, with every move of the parcel.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { fulfilmentStatusOf, planParcel, shippedWith, type Fulfilment } from "../../domain/orders/fulfilment.js";
import type { Order } from "../../domain/orders/order.js";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { AuditTrail } from "../staff/audit-trail.js";
import { toAdminOrderSummary, toFulfilmentRecord, type AdminOrderSummary, type FulfilmentRecord } from "./admin-order-records.js";
import type { FulfilmentInput } from "./admin-order-inputs.js";
import { toOrderRecord } from "./order-record.js";
import { OrderMoves } from "./order-moves.js";
import { orderMissing } from "./update-order.js";

export interface FulfilmentOutcome {
  readonly fulfilment: FulfilmentRecord;
  readonly order: AdminOrderSummary;
}

@injectable()
export class FulfilOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
    @inject(OrderMoves) private readonly orderMoves: OrderMoves,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, orderId: string, input: FulfilmentInput): Promise<FulfilmentOutcome> {
    const storeId = principal.storeId;
    return this.uow.run(async () => {
      const before = await this.orders.lock(storeId, orderId);
      if (before === undefined) throw orderMissing();
      const shipped = await this.fulfilments.shipped(storeId, orderId);
      const requested = input.lines === undefined ? null : input.lines.map((l) => ({ orderItemId: l.order_item_id, quantity: l.quantity }));
      const planned = planParcel(before, shipped, requested);
      if (Either.isLeft(planned)) {
        const refusal = planned.left;
        throw new BusinessRuleViolation({ code: refusal.code, message: refusal.message, ...(refusal.param !== undefined ? { param: refusal.param } : {}) });
      }
      const now = this.clock.now().toISOString();
      const fulfilment: Fulfilment = {
        id: this.ids.newId(),
        orderId,
        carrier: input.carrier,
        trackingNumber: input.tracking_number ?? null,
        trackingUrl: input.tracking_url ?? null,
        note: input.note ?? null,
        lines: planned.right,
        createdAt: now,
      };
      await this.fulfilments.insert(storeId, fulfilment);
      const status = fulfilmentStatusOf(before, shippedWith(shipped, planned.right));

      // The order's moves are made in memory and its row written once, at the end of the unit of work.
      let order: Order = before;
      // A paid order that starts shipping is being processed (the state machine's one step).
      if (order.orderStatus === "pending") order = await this.orderMoves.apply(storeId, order, { order_status: "processing" }, { write: false });
      order = { ...order, fulfilmentStatus: status, trackingNumber: fulfilment.trackingNumber ?? order.trackingNumber, updatedAt: now };
      const record = toFulfilmentRecord(fulfilment, order);
      await this.outbox.record({
        storeId,
        type: "fulfilment.created",
        livemode: order.livemode,
        data: { fulfilment: record, order: toOrderRecord(order) },
      });
      // The last parcel ships the order: `shipped`, `shipped_at` and `order.fulfilled`, as any move to shipped.
      if (status === "fulfilled") order = await this.orderMoves.apply(storeId, order, { order_status: "shipped" }, { write: false });
      await this.orders.update(storeId, order);

      await this.audit.record(principal, storeId, {
        operation: "order.fulfil",
        resourceType: "order",
        resourceId: orderId,
        changes: {
          ...(before.fulfilmentStatus !== order.fulfilmentStatus ? { fulfilment_status: [before.fulfilmentStatus, order.fulfilmentStatus] as const } : {}),
          ...(before.orderStatus !== order.orderStatus ? { order_status: [before.orderStatus, order.orderStatus] as const } : {}),
          fulfilment: [null, { id: fulfilment.id, carrier: fulfilment.carrier, tracking_number: fulfilment.trackingNumber, lines: record.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })) }] as const,
        },
      });
      return { fulfilment: record, order: toAdminOrderSummary(order) };
    });
  }
}
