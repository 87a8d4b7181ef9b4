// GetAdminOrder, the use case behind GET /admin/v1/orders/{id}; what it shares with its sibling use
// cases is in admin-order-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { AdminOrderReads } from "../ports/admin-order-reads.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { OrderRepository } from "../ports/order-repository.js";
import {
  toAdminOrderRecord,
  type AdminOrderRecord,
} from "./admin-order-records.js";
import { shippedOf, findAdminOrder } from "./admin-order-reads.js";

@injectable()
export class GetAdminOrder {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AdminOrderReads) private readonly reads: AdminOrderReads,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
  ) {}

  async execute(principal: Principal, orderId: string): Promise<AdminOrderRecord> {
    const order = await findAdminOrder({ orders: this.orders }, principal, orderId);
    const [fulfilments, payments] = await Promise.all([
      this.fulfilments.listByOrder(principal.storeId, orderId),
      this.reads.payments(principal.storeId, orderId),
    ]);
    return toAdminOrderRecord(order, shippedOf(fulfilments), payments, fulfilments);
  }
}
