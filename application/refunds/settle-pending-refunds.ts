// The worker's `refund-settlement` job (docs/staff.md, "Refunds and returns"): pending refunds
// whose next check is due are claimed (so no two workers ask about one refund at once), their
// provider is asked where each stands (one it never received is sent again, refunded once under
// the same refund id), and each is settled or given its next check, backing off to 6 hours.
import { inject, injectable } from "inversify";
import { Clock } from "../ports/clock.js";
import { RefundRepository } from "../ports/refund-repository.js";
import { RefundProviderCalls } from "./refund-provider-calls.js";
import { SettleRefund } from "./settle-refund.js";

const BATCH = 25;
/** A claimed refund is left to its worker this long (a provider call takes at most its time limit). */
const LEASE_MS = 2 * 60_000;

@injectable()
export class SettlePendingRefunds {
  constructor(
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(RefundProviderCalls) private readonly calls: RefundProviderCalls,
    @inject(SettleRefund) private readonly settle: SettleRefund,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Returns how many refunds it asked about and how many it settled. */
  async execute(): Promise<{ readonly asked: number; readonly settled: number }> {
    const now = this.clock.now();
    const claimed = await this.refunds.claimDue(now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString(), BATCH);
    let settled = 0;
    for (const { storeId, refund } of claimed) {
      const outcome = RefundProviderCalls.throughProvider(refund) ? await this.calls.follow(storeId, refund) : ({ status: "succeeded" } as const);
      const after = await this.settle.execute(storeId, refund.id, outcome);
      if (after.status !== "pending") settled += 1;
    }
    return { asked: claimed.length, settled };
  }
}
