// The pricing answers as Schemas (docs/api/pricing.md, "Price breakdown and context") and their
// `fields` allowance.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);

export const PriceBreakdown = Schema.Struct({
  base_price: Schema.Number.annotations({ description: "Price of one unit before any discount, in integer minor units of the display currency." }),
  sale_discount: Schema.Number.annotations({ description: "What the sale price takes off one unit, in integer minor units of the display currency." }),
  segment_discount: Schema.Number.annotations({ description: "What the customer's segment rule takes off one unit, in integer minor units of the display currency." }),
  tier_discount: Schema.Number.annotations({ description: "What the customer's tier rule takes off one unit, in integer minor units of the display currency." }),
  volume_discount: Schema.Number.annotations({ description: "What the volume rule for this quantity takes off one unit, in integer minor units of the display currency." }),
  final_price: Schema.Number.annotations({ description: "Price of one unit after every discount, in integer minor units of the display currency (= display_price)." }),
}).annotations({ identifier: "PriceBreakdown", description: "Per unit, display-currency minor units; base_price minus the discounts is final_price." });

export const PricingContext = Schema.Struct({
  base_currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217), the catalog's currency." }),
  display_currency: Schema.String.annotations({ description: "The currency prices are shown in (ISO 4217), detected from the location." }),
  currency_symbol: Schema.String.annotations({ description: "Symbol of the display currency (for example KSh)." }),
  exchange_rate: Schema.Number.annotations({ description: "Units of the display currency per one unit of the base currency (1 when they are the same)." }),
  rate_as_of: NullableString.annotations({ description: "When the exchange rate used holds from (ISO 8601, UTC), or null when no rate was used (prices in the base currency)." }),
  detection_method: Schema.Literal("region_override", "coordinates", "place_name", "country", "default").annotations({ description: "What chose the currency: region override, coordinates, place name, country (deprecated) or the store default." }),
  country_code: NullableString.annotations({ description: "The detected country (ISO 3166 alpha-2), or null." }),
  region: NullableString.annotations({ description: "The detected region code (an ISO country code or EU), or null." }),
  customer_segment: NullableString.annotations({ description: "The customer's segment (new, returning, loyal) from their purchases, or null without customer_id." }),
  customer_tier: NullableString.annotations({ description: "The customer's tier from their lifetime spend, or null." }),
  quantity: Schema.Number.annotations({ description: "The quantity prices are computed for (volume rules depend on it)." }),
  fallback_reason: Schema.NullOr(Schema.Literal("location_not_found", "no_exchange_rate")).annotations({ description: "Why prices fell back to the base currency (place not found, no exchange rate), or null." }),
}).annotations({ identifier: "PricingContext" });

export const UnitTax = Schema.Struct({
  prices_include_tax: Schema.Boolean.annotations({ description: "True when the store's prices include tax (display_price is then what the shopper pays, tax inside); false when tax is added on top." }),
  tax_zone_id: Schema.String.annotations({ description: "The tax zone of the place (place_name as a region of its country, else the country, else the store's default zone)." }),
  tax_class: Schema.String.annotations({ description: "The variant's tax class (its own, else its product's)." }),
  tax_rate: Schema.String.annotations({ description: "The rate in that zone, in percent as text (\"16\")." }),
  tax_amount: Schema.Int.annotations({ description: "The tax of one unit at display_price, in display-currency minor units, rounded half to even." }),
  price_with_tax: Schema.Int.annotations({ description: "What the shopper in that place pays for one unit, tax included, in display-currency minor units." }),
  price_without_tax: Schema.Int.annotations({ description: "One unit without its tax, in display-currency minor units." }),
}).annotations({ identifier: "UnitTax" });

export const PriceItem = Schema.Struct({
  product_id: Schema.String.annotations({ description: "The product's id." }),
  variant_id: Schema.String.annotations({ description: "The priced variant (the default variant in a list)." }),
  name: Schema.String.annotations({ description: "The product's name." }),
  sku: Schema.String.annotations({ description: "The variant's stock-keeping unit." }),
  description: NullableString.annotations({ description: "The product's description, or null." }),
  price: Schema.Number.annotations({ description: "Regular catalog price in integer minor units of the store's base currency." }),
  selling_price: Schema.Number.annotations({ description: "Catalog price after the sale price, in integer minor units of the store's base currency." }),
  stock: Schema.Number.annotations({ description: "Units of the variant in stock." }),
  image: NullableString.annotations({ description: "URL of the product's thumbnail image, or null." }),
  category_name: NullableString.annotations({ description: "The product's category name, or null." }),
  brand: NullableString.annotations({ description: "The brand, or null." }),
  has_variants: Schema.Boolean.annotations({ description: "True when the product has several variants (see the product's prices for each)." }),
  variant_count: Schema.NullOr(Schema.Number).annotations({ description: "Number of variants, or null for a simple product." }),
  total_stock: Schema.NullOr(Schema.Number).annotations({ description: "Units in stock over all variants, or null for a simple product." }),
  base_price: Schema.Number.annotations({ description: "Price of one unit before discounts, in integer minor units of the display currency." }),
  resolved_price: Schema.Number.annotations({ description: "Price of one unit after every discount, in integer minor units of the store's base currency (before conversion)." }),
  display_price: Schema.Number.annotations({ description: "Price of one unit after every discount, in integer minor units of the display currency (e.g. 1299 = 12.99 USD)." }),
  base_currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217)." }),
  display_currency: Schema.String.annotations({ description: "The currency of base_price, display_price and the breakdown (ISO 4217)." }),
  currency_symbol: Schema.String.annotations({ description: "Symbol of the display currency." }),
  exchange_rate: Schema.Number.annotations({ description: "Units of the display currency per one unit of the base currency." }),
  price_breakdown: Schema.propertySignature(PriceBreakdown).annotations({ description: "How the display price was reached, per unit." }),
  tax: Schema.NullOr(UnitTax).annotations({
    description: "One unit's tax where the shopper is (docs/taxes.md): whether display_price includes it, the zone, class and rate, and the price with and without it. A cart line of several units is taxed as one amount at checkout, so its tax may differ from quantity × tax_amount by rounding.",
  }),
  pricing_context: Schema.propertySignature(PricingContext).annotations({ description: "The context the prices were computed in (same as the envelope's)." }),
}).annotations({ identifier: "PriceItem" });

const { price_breakdown: _b, pricing_context: _c, tax: _t, ...flat } = PriceItem.fields;
export const PRICE_ITEM_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(flat)),
  price_breakdown: leaves(...Object.keys(PriceBreakdown.fields)),
  tax: leaves(...Object.keys(UnitTax.fields)),
  pricing_context: leaves(...Object.keys(PricingContext.fields)),
};

export const PriceList = Schema.Struct({
  items: Schema.Array(PriceItem).annotations({ description: "The page of priced products (default variant only), newest first." }),
  pricing_context: Schema.propertySignature(PricingContext).annotations({ description: "The context the prices were computed in." }),
  total: Schema.Number.annotations({ description: "Number of products matching the filters, over all pages." }),
  limit: Schema.Number.annotations({ description: "The page size asked for." }),
  offset: Schema.Number.annotations({ description: "Number of products skipped before this page." }),
}).annotations({ identifier: "PriceList" });

export const ProductPrices = Schema.Struct({
  product_id: Schema.String.annotations({ description: "The product's id." }),
  name: Schema.String.annotations({ description: "The product's name." }),
  has_variants: Schema.Boolean.annotations({ description: "True when the product has several variants." }),
  variants: Schema.Array(PriceItem).annotations({ description: "One priced item per variant." }),
  pricing_context: Schema.propertySignature(PricingContext).annotations({ description: "The context the prices were computed in." }),
}).annotations({ identifier: "ProductPrices" });

export const PriceRule = Schema.Struct({
  id: Schema.String.annotations({ description: "The rule's id." }),
  name: Schema.String.annotations({ description: "The rule's name." }),
  kind: Schema.Literal("segment", "tier", "volume").annotations({ description: "What the rule rewards: a customer segment, a customer tier, or a volume (quantity)." }),
  segment: NullableString.annotations({ description: "The segment a segment rule rewards (new, returning, loyal), else null." }),
  tier: NullableString.annotations({ description: "The tier a tier rule rewards, else null." }),
  min_quantity: Schema.NullOr(Schema.Number).annotations({ description: "The quantity from which a volume rule applies, else null." }),
  min_lifetime_spend: Schema.NullOr(Schema.Number).annotations({ description: "For a tier rule, integer minor units of the store's base currency a customer must have spent to hold the tier, else null." }),
  discount_type: Schema.Literal("percentage", "fixed").annotations({ description: "Whether value is a percentage or a fixed amount off each unit." }),
  value: Schema.Number.annotations({ description: "A percentage (0-100), or for fixed an amount off each unit in integer minor units of the store's base currency." }),
  product_ids: Schema.NullOr(Schema.Array(Schema.String)).annotations({ description: "Products the rule covers; null for every product." }),
  category_ids: Schema.NullOr(Schema.Array(Schema.String)).annotations({ description: "Categories the rule covers; null for every category." }),
  active: Schema.Boolean.annotations({ description: "False when the rule is switched off." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "PriceRule" });

export const ExchangeRate = Schema.Struct({
  base_currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217)." }),
  currency: Schema.String.annotations({ description: "The display currency the rate converts to (ISO 4217)." }),
  rate: Schema.Number.annotations({ description: "Units of currency per one unit of the base currency." }),
  as_of: Schema.String.annotations({ description: "When the rate holds from (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "ExchangeRate" });
