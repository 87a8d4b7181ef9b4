// The order update (docs/api/orders.md, "Updating an order"; docs/api/states.md, "Order status"):
// status moves through the state machine, fulfilment fields, and what the moves cause —
// shipped_at/delivered_at, the order events, the customer's purchase history when paid, stock and
// gift card back when cancelled or refunded — all in one transaction. An illegal move is a 409 and
// leaves the order unchanged. An order moved to shipped has shipped whole: what no parcel carried
// yet goes in a last parcel, so its parcels always account for it (docs/staff.md, "Orders and
// fulfilment"). An order moved to paid gets its invoice (docs/invoices.md).
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { OrderRepository } from "../ports/order-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { OrderUpdateInput } from "./order-inputs.js";
import { OrderMoves } from "./order-moves.js";
import { toOrderRecord, type OrderRecord } from "./order-record.js";

export const orderMissing = (): ResourceMissing => new ResourceMissing({ resource: "order", message: "No such order." });

@injectable()
export class UpdateOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(OrderMoves) private readonly moves: OrderMoves,
  ) {}

  async execute(principal: Principal, orderId: string, input: OrderUpdateInput): Promise<OrderRecord> {
    return this.uow.run(async () => {
      const current = await this.orders.lock(principal.storeId, orderId);
      if (current === undefined) throw orderMissing();
      return toOrderRecord(await this.moves.apply(principal.storeId, current, input));
    });
  }
}
