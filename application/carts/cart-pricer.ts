// Prices cart lines with the pricing engine in the store currency: the variant's selling price
// less the customer's segment and tier discounts and the volume break of the line's quantity,
// so the cart shows what checkout will charge.
import { inject, injectable } from "inversify";
import { sellingPrice } from "../../domain/catalog/selling-price.js";
import type { Variant } from "../../domain/catalog/variant.js";
import { isCurrencyCode } from "../../domain/money/currency.js";
import { resolveStanding, type CustomerStanding } from "../../domain/pricing/customer-standing.js";
import type { PriceRule } from "../../domain/pricing/price-rule.js";
import { resolvePrice } from "../../domain/pricing/resolve-price.js";
import type { Store } from "../../domain/stores/store.js";
import { Clock } from "../ports/clock.js";
import { PriceRuleRepository } from "../ports/price-rule-repository.js";
import { PurchaseHistoryReader } from "../ports/purchase-history-reader.js";

export interface LinePricer {
  unitPrice(variant: Variant, categoryId: string | null, quantity: number): number;
}

@injectable()
export class CartPricer {
  constructor(
    @inject(PriceRuleRepository) private readonly rules: PriceRuleRepository,
    @inject(PurchaseHistoryReader) private readonly histories: PurchaseHistoryReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Loads the store's rules and the customer's standing once, for every line of a cart. */
  async forCustomer(store: Store, customerId: string | null): Promise<LinePricer> {
    const [rules, history] = await Promise.all([
      this.rules.list(store.id),
      customerId === null ? Promise.resolve(undefined) : this.histories.historyOf(store.id, customerId, this.clock.now()),
    ]);
    const active: readonly PriceRule[] = rules.filter((r) => r.active);
    const standing: CustomerStanding = resolveStanding(history ?? null, active);
    const currency = store.baseCurrency;
    return {
      unitPrice: (variant, categoryId, quantity) => {
        if (!isCurrencyCode(currency)) return sellingPrice(variant);
        return resolvePrice({
          basePrice: variant.price,
          salePrice: variant.salePrice,
          baseCurrency: currency,
          productId: variant.productId,
          categoryId,
          quantity,
          segment: standing.segment,
          tier: standing.tier,
          rules: active,
          displayCurrency: currency,
          exchangeRate: 1,
        }).finalPriceInBase;
      },
    };
  }
}
