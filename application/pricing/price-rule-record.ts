// A price rule as the API shows it.
import type { StoredPriceRule } from "../ports/price-rule-repository.js";

export const toPriceRuleRecord = (rule: StoredPriceRule) => ({
  id: rule.id,
  name: rule.name,
  kind: rule.kind,
  segment: rule.segment,
  tier: rule.tier,
  min_quantity: rule.minQuantity,
  min_lifetime_spend: rule.minLifetimeSpend,
  discount_type: rule.discountType,
  value: rule.value,
  product_ids: rule.productIds,
  category_ids: rule.categoryIds,
  active: rule.active,
  created_at: rule.createdAt,
  updated_at: rule.updatedAt,
});
export type PriceRuleRecord = ReturnType<typeof toPriceRuleRecord>;
