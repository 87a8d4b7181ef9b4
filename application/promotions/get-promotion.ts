// GetPromotion, the use case behind GET /v1/promotions/{id}; what it shares with its sibling use
// cases is in promotion-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { type PromotionRecord } from "./promotion-record.js";
import { promotionMissing, promotionRecords } from "./promotion-reads.js";

@injectable()
export class GetPromotion {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string): Promise<PromotionRecord> {
    const promotion = await this.promotions.find(principal.storeId, id);
    if (promotion === undefined) throw promotionMissing();
    return (await promotionRecords({ promotions: this.promotions }, principal.storeId, [promotion], this.clock.now()))[0]!;
  }
}
