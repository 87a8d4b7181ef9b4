// The pricing answers as Schemas (spec 2.4, CONTRACT section 4) and their `fields` allowance.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);

export const PriceBreakdown = Schema.Struct({
  base_price: Schema.Number,
  sale_discount: Schema.Number,
  segment_discount: Schema.Number,
  tier_discount: Schema.Number,
  volume_discount: Schema.Number,
  final_price: Schema.Number,
}).annotations({ identifier: "PriceBreakdown", description: "Per unit, display-currency minor units; base_price minus the discounts is final_price." });

export const PricingContext = Schema.Struct({
  base_currency: Schema.String,
  display_currency: Schema.String,
  currency_symbol: Schema.String,
  exchange_rate: Schema.Number,
  rate_as_of: NullableString,
  detection_method: Schema.Literal("region_override", "coordinates", "place_name", "country", "default"),
  country_code: NullableString,
  region: NullableString,
  customer_segment: NullableString,
  customer_tier: NullableString,
  quantity: Schema.Number,
  fallback_reason: Schema.NullOr(Schema.Literal("location_not_found", "no_exchange_rate")),
}).annotations({ identifier: "PricingContext" });

export const PriceItem = Schema.Struct({
  product_id: Schema.String,
  variant_id: Schema.String,
  name: Schema.String,
  sku: Schema.String,
  description: NullableString,
  price: Schema.Number,
  selling_price: Schema.Number,
  stock: Schema.Number,
  image: NullableString,
  category_name: NullableString,
  brand: NullableString,
  has_variants: Schema.Boolean,
  variant_count: Schema.NullOr(Schema.Number),
  total_stock: Schema.NullOr(Schema.Number),
  base_price: Schema.Number,
  resolved_price: Schema.Number,
  display_price: Schema.Number,
  base_currency: Schema.String,
  display_currency: Schema.String,
  currency_symbol: Schema.String,
  exchange_rate: Schema.Number,
  price_breakdown: PriceBreakdown,
  pricing_context: PricingContext,
}).annotations({ identifier: "PriceItem" });

const { price_breakdown: _b, pricing_context: _c, ...flat } = PriceItem.fields;
export const PRICE_ITEM_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(flat)),
  price_breakdown: leaves(...Object.keys(PriceBreakdown.fields)),
  pricing_context: leaves(...Object.keys(PricingContext.fields)),
};

export const PriceList = Schema.Struct({
  items: Schema.Array(PriceItem),
  pricing_context: PricingContext,
  total: Schema.Number,
  limit: Schema.Number,
  offset: Schema.Number,
}).annotations({ identifier: "PriceList" });

export const ProductPrices = Schema.Struct({
  product_id: Schema.String,
  name: Schema.String,
  has_variants: Schema.Boolean,
  variants: Schema.Array(PriceItem),
  pricing_context: PricingContext,
}).annotations({ identifier: "ProductPrices" });

export const PriceRule = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  kind: Schema.Literal("segment", "tier", "volume"),
  segment: NullableString,
  tier: NullableString,
  min_quantity: Schema.NullOr(Schema.Number),
  min_lifetime_spend: Schema.NullOr(Schema.Number),
  discount_type: Schema.Literal("percentage", "fixed"),
  value: Schema.Number,
  product_ids: Schema.NullOr(Schema.Array(Schema.String)),
  category_ids: Schema.NullOr(Schema.Array(Schema.String)),
  active: Schema.Boolean,
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "PriceRule" });

export const ExchangeRate = Schema.Struct({
  base_currency: Schema.String,
  currency: Schema.String,
  rate: Schema.Number,
  as_of: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "ExchangeRate" });
