// CreatePromotion, the use case behind POST /v1/promotions; what it shares with its sibling use
// cases is in promotion-writes.ts.
import { inject, injectable } from "inversify";
import { promotionRecords } from "./promotion-reads.js";
import type { Principal } from "../access/principal.js";
import { ParameterMissing } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PromotionRepository } from "../ports/promotion-repository.js";
import type { PromotionInput } from "./promotion-inputs.js";
import type { PromotionRecord } from "./promotion-record.js";
import { StoreReferences } from "../catalog/store-references.js";
import { check, checkDates, quantities, normalise, checkPromotionReferences } from "./promotion-writes.js";

@injectable()
export class CreatePromotion {
  constructor(
    @inject(PromotionRepository) private readonly promotions: PromotionRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: PromotionInput): Promise<PromotionRecord> {
    const now = this.clock.now();
    const at = now.toISOString();
    if (input.discount_value === undefined && input.type !== "bogo") {
      throw new ParameterMissing({ param: "discount_value", message: `discount_value is required for a ${input.type} promotion` });
    }
    const promotion = normalise({
      id: this.ids.newId(),
      name: input.name,
      type: input.type,
      displayType: input.display_type ?? "",
      description: input.description ?? "",
      image: input.image ?? null,
      discountValue: input.discount_value ?? 0,
      discountType: input.discount_type ?? (input.type === "fixed" ? "fixed" : "percentage"),
      minPurchase: input.min_purchase ?? 0,
      maxDiscount: input.max_discount ?? null,
      startDate: input.start_date ?? at,
      endDate: input.end_date,
      status: input.status ?? "active",
      usageLimit: input.usage_limit ?? null,
      usagePerCustomer: input.usage_per_customer ?? null,
      bundleProducts: quantities(input.bundle_products ?? []),
      bogoRequiredProducts: quantities(input.bogo_required_products ?? []),
      bogoFreeProducts: quantities(input.bogo_free_products ?? []),
      freeProducts: quantities(input.free_products ?? []),
      applicableCategories: input.applicable_categories ?? [],
      applicableProducts: input.applicable_products ?? [],
      createdAt: at,
      updatedAt: at,
    });
    check(promotion);
    checkDates(promotion);
    await checkPromotionReferences({ references: this.references }, principal.storeId, input);
    await this.promotions.insert(principal.storeId, promotion);
    return (await promotionRecords({ promotions: this.promotions }, principal.storeId, [promotion], now))[0]!;
  }
}
