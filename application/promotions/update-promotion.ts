// UpdatePromotion, the use case behind PATCH /v1/promotions/{id}; what it shares with its sibling
// use cases is in promotion-writes.ts.
import { promotionMissing } from "./promotion-reads.js";
import { inject, injectable } from "inversify";
import { promotionRecords } from "./promotion-reads.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { PromotionPatch } from "./promotion-inputs.js";
import type { PromotionRecord } from "./promotion-record.js";
import { StoreReferences } from "../catalog/store-references.js";
import { check, checkDates, quantities, normalise, checkPromotionReferences } from "./promotion-writes.js";

@injectable()
export class UpdatePromotion {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: PromotionPatch): Promise<PromotionRecord> {
    return this.uow.run(async () => {
      const current = await this.promotions.find(principal.storeId, id);
      if (current === undefined) throw promotionMissing();
      const now = this.clock.now();
      const type = patch.type ?? current.type;
      const next = normalise({
        ...current,
        name: patch.name ?? current.name,
        type,
        displayType: patch.display_type ?? current.displayType,
        description: patch.description ?? current.description,
        image: patch.image !== undefined ? patch.image : current.image,
        discountValue: patch.discount_value ?? current.discountValue,
        // a promotion turned into a fixed one takes a fixed amount unless the patch says otherwise
        discountType: patch.discount_type ?? (type === "fixed" ? "fixed" : current.discountType),
        minPurchase: patch.min_purchase ?? current.minPurchase,
        maxDiscount: patch.max_discount !== undefined ? patch.max_discount : current.maxDiscount,
        startDate: patch.start_date ?? current.startDate,
        endDate: patch.end_date ?? current.endDate,
        status: patch.status ?? current.status,
        usageLimit: patch.usage_limit !== undefined ? patch.usage_limit : current.usageLimit,
        usagePerCustomer: patch.usage_per_customer !== undefined ? patch.usage_per_customer : current.usagePerCustomer,
        bundleProducts: patch.bundle_products !== undefined ? quantities(patch.bundle_products) : current.bundleProducts,
        bogoRequiredProducts:
          patch.bogo_required_products !== undefined ? quantities(patch.bogo_required_products) : current.bogoRequiredProducts,
        bogoFreeProducts: patch.bogo_free_products !== undefined ? quantities(patch.bogo_free_products) : current.bogoFreeProducts,
        freeProducts: patch.free_products !== undefined ? quantities(patch.free_products) : current.freeProducts,
        applicableCategories: patch.applicable_categories ?? current.applicableCategories,
        applicableProducts: patch.applicable_products ?? current.applicableProducts,
        updatedAt: now.toISOString(),
      });
      check(next);
      checkDates(next);
      await checkPromotionReferences({ references: this.references }, principal.storeId, patch);
      await this.promotions.update(principal.storeId, next);
      return (await promotionRecords({ promotions: this.promotions }, principal.storeId, [next], now))[0]!;
    });
  }
}
