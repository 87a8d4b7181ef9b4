// CreatePriceRule, the use case behind POST /v1/price-rules; what it shares with its sibling use
// cases is in price-rule-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PriceRuleRepository } from "../ports/price-rule-repository.js";
import { StoreReferences } from "../catalog/store-references.js";
import type { PriceRuleInput } from "./pricing-inputs.js";
import { toPriceRuleRecord, type PriceRuleRecord } from "./price-rule-record.js";
import { check, normalise, checkPriceRuleReferences } from "./price-rule-writes.js";

@injectable()
export class CreatePriceRule {
  constructor(
    @inject(PriceRuleRepository) private readonly rules: PriceRuleRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: PriceRuleInput): Promise<PriceRuleRecord> {
    const now = this.clock.now().toISOString();
    const rule = normalise({
      id: this.ids.newId(),
      name: input.name,
      kind: input.kind,
      segment: input.segment ?? null,
      tier: input.tier ?? null,
      minQuantity: input.min_quantity ?? null,
      minLifetimeSpend: input.min_lifetime_spend ?? null,
      discountType: input.discount_type,
      value: input.value,
      productIds: input.product_ids ?? null,
      categoryIds: input.category_ids ?? null,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    });
    check(rule);
    await checkPriceRuleReferences({ references: this.references }, principal.storeId, input);
    await this.rules.insert(principal.storeId, rule);
    return toPriceRuleRecord(rule);
  }
}
