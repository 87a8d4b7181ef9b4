// GetRefund, the use case behind GET /admin/v1/refunds/{id}.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { toRefundRecord, type RefundRecord } from "./refund-records.js";
import { refundMissing } from "./settle-refund.js";

@injectable()
export class GetRefund {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
  ) {}

  async execute(principal: Principal, refundId: string): Promise<RefundRecord> {
    const refund = await this.refunds.find(principal.storeId, refundId);
    if (refund === undefined) throw refundMissing();
    return toRefundRecord(refund);
  }
}
