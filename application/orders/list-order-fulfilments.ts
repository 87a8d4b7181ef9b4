// ListOrderFulfilments, the use case behind GET /admin/v1/orders/{id}/fulfilments; what it shares
// with its sibling use cases is in admin-order-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { FulfilmentRepository } from "../ports/fulfilment-repository.js";
import { OrderRepository } from "../ports/order-repository.js";
import {
  toFulfilmentRecord,
  type FulfilmentRecord,
} from "./admin-order-records.js";
import { findAdminOrder } from "./admin-order-reads.js";

@injectable()
export class ListOrderFulfilments {
  constructor(
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(FulfilmentRepository) private readonly fulfilments: FulfilmentRepository,
  ) {}

  async execute(principal: Principal, orderId: string): Promise<readonly FulfilmentRecord[]> {
    const order = await findAdminOrder({ orders: this.orders }, principal, orderId);
    return (await this.fulfilments.listByOrder(principal.storeId, orderId)).map((f) => toFulfilmentRecord(f, order));
  }
}
