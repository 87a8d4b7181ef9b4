// A store's price rules: segment, tier and volume discounts.
import type { ServiceIdentifier } from "inversify";
import type { PriceRule } from "../../domain/pricing/price-rule.js";

export interface StoredPriceRule extends PriceRule {
  readonly name: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface PriceRuleRepository {
  /** Every rule of the store (a store has tens of rules, not thousands), oldest first. */
  list(storeId: string): Promise<readonly StoredPriceRule[]>;
  find(storeId: string, id: string): Promise<StoredPriceRule | undefined>;
  insert(storeId: string, rule: StoredPriceRule): Promise<void>;
  update(storeId: string, rule: StoredPriceRule): Promise<void>;
  remove(storeId: string, id: string): Promise<void>;
}
export const PriceRuleRepository: ServiceIdentifier<PriceRuleRepository> = Symbol.for("storefront.PriceRuleRepository");
