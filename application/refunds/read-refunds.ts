// Reading refunds on the admin API: an order's, oldest first, and one by id; another store's ids
// are unknown (404).
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { orderMissing } from "../orders/update-order.js";
import { OrderRepository } from "../ports/order-repository.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { toRefundRecord, type RefundRecord } from "./refund-records.js";
import { refundMissing } from "./settle-refund.js";

@injectable()
export class ReadRefunds {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
  ) {}

  async forOrder(principal: Principal, orderId: string): Promise<RefundRecord[]> {
    const order = await this.orders.find(principal.storeId, orderId);
    if (order === undefined) throw orderMissing();
    return (await this.refunds.listForOrder(principal.storeId, orderId)).map(toRefundRecord);
  }

  async one(principal: Principal, refundId: string): Promise<RefundRecord> {
    const refund = await this.refunds.find(principal.storeId, refundId);
    if (refund === undefined) throw refundMissing();
    return toRefundRecord(refund);
  }
}
