// `POST /v1/shipping/quote`: what delivering to a point costs before checkout, by the rules
// checkout uses (domain/shipping/quote-shipping.ts) from the store's location. Outside every
// zone and tier it is a 422 address_not_deliverable, as at checkout.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { quoteShipping } from "../../domain/shipping/quote-shipping.js";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { minorUnitsOf } from "../money/major-units.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import { baseCurrencyOf } from "../stores/store-currency.js";
import type { ShippingQuoteInput } from "./shipping-inputs.js";
import { toShippingQuoteRecord, type ShippingQuoteRecord } from "./shipping-records.js";

@injectable()
export class QuoteDelivery {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
  ) {}

  async execute(principal: Principal, input: ShippingQuoteInput): Promise<ShippingQuoteRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const currency = baseCurrencyOf(store);
    const subtotal = minorUnitsOf(input.subtotal ?? 0, currency, "subtotal");
    const [zones, tiers] = await Promise.all([this.shipping.zones(store.id), this.shipping.tiers(store.id)]);
    const quote = quoteShipping({
      destination: { latitude: input.latitude, longitude: input.longitude },
      origin: store.location ?? null,
      zones,
      tiers,
      subtotalAfterDiscounts: subtotal,
    });
    if (Either.isLeft(quote)) {
      throw new BusinessRuleViolation({ code: "address_not_deliverable", message: `The store does not deliver there: ${quote.left.message}.` });
    }
    return toShippingQuoteRecord(quote.right, currency);
  }
}
