// M-Pesa answers a reversal (a refund) later, posting its result to our ResultURL
// (docs/staff.md, "Refunds and returns"). Daraja signs nothing: a result is acted on only when
// it names, by Daraja's ConversationID, a pending refund of ours; anything else is acknowledged
// and ignored, so a guess can neither settle a refund nor learn whether one exists.
import { inject, injectable } from "inversify";
import type { RefundOutcome } from "../ports/payment-gateway.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { SettleRefund } from "./settle-refund.js";

@injectable()
export class ReceiveReversalResult {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(SettleRefund) private readonly settle: SettleRefund,
  ) {}

  /** True when the result settled one of our refunds. */
  async execute(result: { readonly providerRefundId: string; readonly outcome: RefundOutcome }): Promise<boolean> {
    const found = await this.refunds.findByProviderRefundId("mobile_stk", result.providerRefundId);
    if (found === undefined || found.refund.status !== "pending") return false;
    const after = await this.settle.execute(found.storeId, found.refund.id, result.outcome);
    return after.status !== "pending";
  }
}
