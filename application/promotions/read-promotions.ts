// Reads promotions: one by id, and the cursor list of those in one status now (active by default;
// other statuses and the whole list are for secret keys). Status is derived from the clock.
import { inject, injectable } from "inversify";
import { promotionStatus, type PromotionStatus } from "../../domain/promotions/promotion-status.js";
import type { Promotion } from "../../domain/promotions/promotion.js";
import type { Principal } from "../access/principal.js";
import { SecretKeyRequired } from "../errors/access-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { Clock } from "../ports/clock.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { toPromotionRecord, type PromotionRecord } from "./promotion-record.js";

export const promotionMissing = (): ResourceMissing => new ResourceMissing({ resource: "promotion", message: "No such promotion." });

@injectable()
export class ReadPromotions {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async get(principal: Principal, id: string): Promise<PromotionRecord> {
    const promotion = await this.promotions.find(principal.storeId, id);
    if (promotion === undefined) throw promotionMissing();
    return (await this.records(principal.storeId, [promotion], this.clock.now()))[0]!;
  }

  /** `status` "all" lists every promotion; anything but "active" needs a secret key. */
  async page(principal: Principal, status: PromotionStatus | "all", page: PageRequest): Promise<Page<PromotionRecord>> {
    if (status !== "active" && principal.keyType !== "secret") {
      throw new SecretKeyRequired({ message: "Only a secret key lists promotions that are not active." });
    }
    const now = this.clock.now();
    const found = await this.promotions.listPage(
      principal.storeId,
      page,
      status === "all" ? undefined : { status, now: now.toISOString() },
    );
    return { ...found, items: await this.records(principal.storeId, found.items, now) };
  }

  /** Records with the status each has at `now`, which depends on its uses so far. */
  async records(storeId: string, promotions: readonly Promotion[], now: Date): Promise<PromotionRecord[]> {
    const usage = await this.promotions.usage(storeId, promotions.map((p) => p.id), null);
    return promotions.map((p) => toPromotionRecord(p, promotionStatus(p, now, usage.total.get(p.id) ?? 0)));
  }
}
