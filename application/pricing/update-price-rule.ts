// UpdatePriceRule, the use case behind PATCH /v1/price-rules/{id}; what it shares with its sibling
// use cases is in price-rule-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { PriceRuleRepository } from "../ports/price-rule-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { StoreReferences } from "../catalog/store-references.js";
import type { PriceRulePatch } from "./pricing-inputs.js";
import { toPriceRuleRecord, type PriceRuleRecord } from "./price-rule-record.js";
import { missing, check, normalise, checkPriceRuleReferences } from "./price-rule-writes.js";

@injectable()
export class UpdatePriceRule {
  constructor(
    @inject(PriceRuleRepository) private readonly rules: PriceRuleRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: PriceRulePatch): Promise<PriceRuleRecord> {
    return this.uow.run(async () => {
      const current = await this.rules.find(principal.storeId, id);
      if (current === undefined) throw missing();
      const next = normalise({
        ...current,
        name: patch.name ?? current.name,
        kind: patch.kind ?? current.kind,
        segment: patch.segment !== undefined ? patch.segment : current.segment,
        tier: patch.tier !== undefined ? patch.tier : current.tier,
        minQuantity: patch.min_quantity !== undefined ? patch.min_quantity : current.minQuantity,
        minLifetimeSpend: patch.min_lifetime_spend !== undefined ? patch.min_lifetime_spend : current.minLifetimeSpend,
        discountType: patch.discount_type ?? current.discountType,
        value: patch.value ?? current.value,
        productIds: patch.product_ids !== undefined ? patch.product_ids : current.productIds,
        categoryIds: patch.category_ids !== undefined ? patch.category_ids : current.categoryIds,
        active: patch.active ?? current.active,
        updatedAt: this.clock.now().toISOString(),
      });
      check(next);
      await checkPriceRuleReferences({ references: this.references }, principal.storeId, patch);
      await this.rules.update(principal.storeId, next);
      return toPriceRuleRecord(next);
    });
  }
}
