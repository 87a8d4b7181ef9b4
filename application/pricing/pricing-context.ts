// Everything a price list needs besides the products: the display currency and its rate, the
// store's price rules, and the customer's segment and tier resolved from their history.
import { inject, injectable } from "inversify";
import { currencySymbol, isCurrencyCode, type CurrencyCode } from "../../domain/money/currency.js";
import { resolveStanding } from "../../domain/pricing/customer-standing.js";
import type { PriceRule } from "../../domain/pricing/price-rule.js";
import { taxSettingsOf, type Store } from "../../domain/stores/store.js";
import { resolveTaxZone, type ResolvedZone } from "../../domain/tax/tax-zone.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { Clock } from "../ports/clock.js";
import { ExchangeRateRepository } from "../ports/exchange-rate-repository.js";
import { PriceRuleRepository } from "../ports/price-rule-repository.js";
import { PurchaseHistoryReader } from "../ports/purchase-history-reader.js";
import { DetectLocation, type DetectionMethod, type LocationQuery } from "./detect-location.js";

export interface PricingRequest extends LocationQuery {
  readonly customerId?: string | undefined;
  readonly quantity: number;
}

/** The `pricing_context` object (docs/api/pricing.md, "Price breakdown and context"). */
export interface PricingContextRecord {
  readonly base_currency: string;
  readonly display_currency: string;
  readonly currency_symbol: string;
  readonly exchange_rate: number;
  readonly rate_as_of: string | null;
  readonly detection_method: DetectionMethod;
  readonly country_code: string | null;
  readonly region: string | null;
  readonly customer_segment: string | null;
  readonly customer_tier: string | null;
  readonly quantity: number;
  /** Why the display currency is the base one although a location was given, else null. */
  readonly fallback_reason: "location_not_found" | "no_exchange_rate" | null;
}

export interface PricingContext {
  readonly record: PricingContextRecord;
  readonly baseCurrency: CurrencyCode;
  readonly displayCurrency: CurrencyCode;
  readonly rate: number;
  readonly rules: readonly PriceRule[];
  /** The tax zone of the place (docs/taxes.md, "For the wiring": the price list) and the store's price basis. */
  readonly tax: { readonly pricesIncludeTax: boolean } & ResolvedZone;
}

@injectable()
export class ResolvePricingContext {
  constructor(
    @inject(DetectLocation) private readonly location: DetectLocation,
    @inject(ExchangeRateRepository) private readonly rates: ExchangeRateRepository,
    @inject(PriceRuleRepository) private readonly priceRules: PriceRuleRepository,
    @inject(PurchaseHistoryReader) private readonly histories: PurchaseHistoryReader,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async resolve(store: Store, request: PricingRequest): Promise<PricingContext> {
    if (!isCurrencyCode(store.baseCurrency)) throw new Error(`store ${store.id} has an unknown base currency`);
    const base = store.baseCurrency;
    const detected = this.location.detect(request);
    const [rules, history] = await Promise.all([
      this.priceRules.list(store.id),
      request.customerId === undefined ? Promise.resolve(null) : this.histories.historyOf(store.id, request.customerId, this.clock.now()),
    ]);
    if (history === undefined) throw new ParameterInvalid({ param: "customer_id", message: "customer_id names no customer of this store" });

    let display: CurrencyCode = base;
    let rate = 1;
    let asOf: string | null = null;
    let fallback: PricingContextRecord["fallback_reason"] = detected.unresolved ? "location_not_found" : null;
    if (detected.currency !== undefined && detected.currency !== base) {
      const stored = isCurrencyCode(detected.currency) ? await this.rates.find(store.id, detected.currency) : undefined;
      if (stored !== undefined && isCurrencyCode(stored.currency)) {
        display = stored.currency;
        rate = stored.rate;
        asOf = stored.asOf;
      } else {
        fallback = "no_exchange_rate";
      }
    }
    const active = rules.filter((r) => r.active);
    const standing = resolveStanding(history, active);
    // The place's tax zone: its country as detected, and the place name as a region of it (a zone
    // for "Zanzibar" matches place_name=Zanzibar); without a place, the default zone.
    const taxSettings = taxSettingsOf(store);
    const zone = resolveTaxZone(taxSettings.zones, taxSettings.defaultZoneId, {
      country: detected.countryCode ?? "",
      region: detected.method === "place_name" ? (request.placeName ?? null) : null,
    });
    return {
      tax: { pricesIncludeTax: taxSettings.pricesIncludeTax, ...zone },
      baseCurrency: base,
      displayCurrency: display,
      rate,
      rules: active,
      record: {
        base_currency: base,
        display_currency: display,
        currency_symbol: currencySymbol(display),
        exchange_rate: rate,
        rate_as_of: asOf,
        detection_method: detected.method,
        country_code: detected.countryCode,
        region: detected.region,
        customer_segment: standing.segment,
        customer_tier: standing.tier,
        quantity: request.quantity,
        fallback_reason: fallback,
      },
    };
  }
}
