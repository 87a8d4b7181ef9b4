import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { orderMissing } from "../orders/update-order.js";
import { OrderRepository } from "../ports/order-repository.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { toRefundRecord, type RefundRecord } from "./refund-records.js";

@injectable()
export class ListOrderRefunds {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
  ) {}

  async execute(principal: Principal, orderId: string): Promise<RefundRecord[]> {
    const order = await this.orders.find(principal.storeId, orderId);
    if (order === undefined) throw orderMissing();
    return (await this.refunds.listForOrder(principal.storeId, orderId)).map(toRefundRecord);
  }
}
