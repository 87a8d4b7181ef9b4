// Applies a provider's word on a refund in one unit of work (docs/staff.md, "Refunds and returns"):
// a pending refund becomes succeeded (the gift card gets its share back, the refunded units go
// back in stock when asked, the order's payment_status becomes partially_refunded or refunded
// through the order update, refund.succeeded, its credit note, docs/invoices.md) or failed (its amount refundable again, the
// provider's reason kept, refund.failed), or stays pending with the worker's next check. A
// settled refund never changes again, so a repeated answer does nothing twice.
import { inject, injectable } from "inversify";
import type { Refund } from "../../domain/orders/refund.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { OrderRepository } from "../ports/order-repository.js";
import type { RefundOutcome } from "../ports/payment-gateway.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { RefundSettlement } from "./refund-settlement.js";

export const refundMissing = (): ResourceMissing => new ResourceMissing({ resource: "refund", message: "No such refund." });

/** What a settlement is told: the provider's outcome, or its silence (still pending, ask again later). */
export type RefundWord = Pick<RefundOutcome, "status" | "providerRefundId" | "failureReason">;

@injectable()
export class SettleRefund {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RefundSettlement) private readonly settlement: RefundSettlement,
  ) {}

  async execute(storeId: string, refundId: string, word: RefundWord): Promise<Refund> {
    return this.uow.run(async () => {
      const found = await this.refunds.find(storeId, refundId);
      if (found === undefined) throw refundMissing();
      // The order first, then the refund: the order each unit of work that touches both locks in.
      const order = await this.orders.lock(storeId, found.orderId);
      const refund = await this.refunds.lock(storeId, refundId);
      if (refund === undefined || order === undefined) throw refundMissing();
      return this.settlement.apply(storeId, order, refund, word);
    });
  }
}
