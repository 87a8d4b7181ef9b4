// One priced row of the price list (docs/api/pricing.md, "The price list"): the variant's catalog
// data with its resolved price in the display currency, its breakdown and the pricing context.
import { defaultVariant, totalStock } from "../../domain/catalog/product-shapes.js";
import { sellingPrice } from "../../domain/catalog/selling-price.js";
import type { Variant } from "../../domain/catalog/variant.js";
import { resolvePrice, type PriceBreakdown } from "../../domain/pricing/resolve-price.js";
import { taxOf } from "../../domain/tax/line-tax.js";
import { lineTaxClass } from "../../domain/tax/store-tax-defaults.js";
import { formatTaxRatePercent } from "../../domain/tax/tax-rate.js";
import { rateFor } from "../../domain/tax/tax-zone.js";
import { Either } from "effect";
import { keepRecord } from "../catalog/record-memo.js";
import type { ProductWithVariants } from "../ports/product-repository.js";
import type { PricingContext, PricingContextRecord } from "./pricing-context.js";

export interface PriceItemRecord {
  readonly product_id: string;
  readonly variant_id: string;
  readonly name: string;
  readonly sku: string;
  readonly description: string | null;
  /** Catalog price and selling price, base-currency minor units. */
  readonly price: number;
  readonly selling_price: number;
  readonly stock: number;
  readonly image: string | null;
  readonly category_name: string | null;
  readonly brand: string | null;
  readonly has_variants: boolean;
  readonly variant_count: number | null;
  readonly total_stock: number | null;
  /** The price before any discount, display-currency minor units. */
  readonly base_price: number;
  /** The price after every discount, base-currency minor units (before conversion). */
  readonly resolved_price: number;
  /** The price after every discount, display-currency minor units. */
  readonly display_price: number;
  readonly base_currency: string;
  readonly display_currency: string;
  readonly currency_symbol: string;
  readonly exchange_rate: number;
  readonly price_breakdown: PriceBreakdown;
  /** One unit's tax in the place's zone (docs/taxes.md, "For the wiring"), display-currency minor units. */
  readonly tax: UnitTaxRecord | null;
  readonly pricing_context: PricingContextRecord;
}

export interface UnitTaxRecord {
  readonly prices_include_tax: boolean;
  readonly tax_zone_id: string;
  readonly tax_class: string;
  readonly tax_rate: string;
  readonly tax_amount: number;
  /** What the shopper there pays for one unit. */
  readonly price_with_tax: number;
  readonly price_without_tax: number;
}

/** One unit at `displayPrice`, taxed in the context's zone by the store's price basis; null if the zone has no rate for the class (settings prevent it). */
const unitTax = (displayPrice: number, taxClass: string | null | undefined, variantClass: string | null | undefined, context: PricingContext): UnitTaxRecord | null => {
  const applied = rateFor(context.tax.zone, lineTaxClass(taxClass, variantClass));
  if (Either.isLeft(applied)) return null;
  const taxed = taxOf(displayPrice, applied.right.rate, context.tax.pricesIncludeTax);
  return {
    prices_include_tax: context.tax.pricesIncludeTax,
    tax_zone_id: context.tax.zone.id,
    tax_class: applied.right.taxClass,
    tax_rate: formatTaxRatePercent(applied.right.rate),
    tax_amount: taxed.tax,
    price_with_tax: taxed.gross,
    price_without_tax: taxed.net,
  };
};

export const priceItem = (found: ProductWithVariants, variant: Variant, context: PricingContext): PriceItemRecord => {
  const { product, variants } = found;
  const resolved = resolvePrice({
    basePrice: variant.price,
    salePrice: variant.salePrice,
    baseCurrency: context.baseCurrency,
    productId: product.id,
    categoryId: product.categoryId,
    quantity: context.record.quantity,
    segment: context.record.customer_segment as never,
    tier: context.record.customer_tier,
    rules: context.rules,
    displayCurrency: context.displayCurrency,
    exchangeRate: context.rate,
  });
  const multi = variants.length > 1;
  return {
    product_id: product.id,
    variant_id: variant.id,
    name: product.name,
    sku: variant.sku,
    description: product.description,
    price: variant.price,
    selling_price: sellingPrice(variant),
    stock: variant.stock,
    image: product.thumbnailUrl,
    category_name: product.categoryName,
    brand: product.brand,
    has_variants: multi,
    variant_count: multi ? variants.length : null,
    total_stock: multi ? totalStock(variants) : null,
    base_price: resolved.breakdown.base_price,
    resolved_price: resolved.finalPriceInBase,
    display_price: resolved.displayPrice,
    base_currency: context.record.base_currency,
    display_currency: context.record.display_currency,
    currency_symbol: context.record.currency_symbol,
    exchange_rate: context.rate,
    price_breakdown: resolved.breakdown,
    tax: unitTax(resolved.displayPrice, product.taxClass, variant.taxClass, context),
    pricing_context: context.record,
  };
};

export const defaultPriceItem = (found: ProductWithVariants, context: PricingContext): PriceItemRecord =>
  priceItem(found, defaultVariant(found.variants), context);

// Price items made once per product copy and pricing context: a price list's products are copies
// read lately (the product repository's `recent` reads), the same objects until the product
// changes, and every page, place and quantity that shows one under the same context prices it
// the same. The key names every input of an item besides the product: the rules (by the identity
// of the rule objects, which the rules cache keeps until a rule changes) and the context's record
// (currencies, rate, segment, tier, quantity, how the place was found). Items are never changed
// once made, so their JSON is kept beside them too (adapters/http/answer-json.ts).
const ruleNumbers = new WeakMap<object, number>();
let nextRuleNumber = 0;
const items = new WeakMap<readonly Variant[], { readonly product: object; readonly key: string; readonly item: PriceItemRecord }>();

/** The key of a pricing context for `memoizedDefaultPriceItem`: made once per request. */
export const pricingKeyOf = (context: PricingContext): string => {
  let rules = "";
  for (const rule of context.rules) {
    let number = ruleNumbers.get(rule);
    if (number === undefined) ruleNumbers.set(rule, (number = ++nextRuleNumber));
    rules += `${number},`;
  }
  const { zone, pricesIncludeTax } = context.tax;
  return `${rules}|${JSON.stringify(context.record)}|${pricesIncludeTax}|${zone.id}|${JSON.stringify(zone.rates)}`;
};

/** `defaultPriceItem`, made once per product copy and pricing key (see `pricingKeyOf`). */
export const memoizedDefaultPriceItem = (found: ProductWithVariants, context: PricingContext, key: string): PriceItemRecord => {
  if (found.copy !== true) return defaultPriceItem(found, context);
  const made = items.get(found.variants);
  if (made !== undefined && made.product === found.product && made.key === key) return made.item;
  const item = keepRecord(defaultPriceItem(found, context));
  items.set(found.variants, { product: found.product, key, item });
  return item;
};
