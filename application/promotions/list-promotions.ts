import { inject, injectable } from "inversify";
import { type PromotionStatus } from "../../domain/promotions/promotion-status.js";
import type { Principal } from "../access/principal.js";
import { SecretKeyRequired } from "../errors/access-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { type PromotionRecord } from "./promotion-record.js";
import { promotionRecords } from "./promotion-reads.js";

/** `status` "all" lists every promotion; anything but "active" needs a secret key. */
@injectable()
export class ListPromotions {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, status: PromotionStatus | "all", page: PageRequest): Promise<Page<PromotionRecord>> {
    if (status !== "active" && principal.keyType !== "secret") {
      throw new SecretKeyRequired({ message: "Only a secret key lists promotions that are not active." });
    }
    const now = this.clock.now();
    const found = await this.promotions.listPage(
      principal.storeId,
      page,
      status === "all" ? undefined : { status, now: now.toISOString() },
    );
    return { ...found, items: await promotionRecords({ promotions: this.promotions }, principal.storeId, found.items, now) };
  }
}
