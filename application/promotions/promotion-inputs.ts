// The payloads of the promotion writes as Schemas. Amounts are integer minor units of the store's
// base currency, like the catalog and cart money promotions apply to; percentages are 0-100.
import { Schema } from "effect";
import { instantOf } from "../../domain/promotions/promotion.js";
import { MinorAmount } from "../catalog/catalog-inputs.js";

const text = (max: number) => Schema.String.pipe(Schema.maxLength(max));

const Url = Schema.String.pipe(Schema.maxLength(2048), Schema.pattern(/^https?:\/\/\S+$/)).annotations({
  message: () => ({ message: "must be an http(s) URL", override: true }),
});

const DateTime = Schema.String.pipe(Schema.filter((s) => !Number.isNaN(instantOf(s)))).annotations({
  message: () => ({ message: "must be an ISO 8601 date-time with an offset, such as 2026-11-22T08:00:00Z", override: true }),
});

/** A limit of 0 would leave a promotion that shows as active and applies to nobody: switch it off instead. */
const Limit = Schema.NullOr(Schema.Number.pipe(Schema.int(), Schema.between(1, 1_000_000_000))).annotations({
  message: () => ({ message: "must be a whole number from 1, or null for no limit", override: true }),
});

const ProductQuantityInput = Schema.Struct({
  product_id: Schema.UUID,
  quantity: Schema.Number.pipe(Schema.int(), Schema.between(1, 10_000)),
});
const ProductQuantities = Schema.Array(ProductQuantityInput).pipe(Schema.maxItems(100));
const Ids = Schema.Array(Schema.UUID).pipe(Schema.maxItems(500));

export const PromotionInput = Schema.Struct({
  name: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200)),
  type: Schema.Literal("fixed", "discount", "bundle", "bogo"),
  display_type: Schema.optional(text(100)),
  description: Schema.optional(text(5_000)),
  image: Schema.optional(Schema.NullOr(Url)),
  /** A percentage 0-100 when discount_type is percentage, else integer minor units (checked by the rules). */
  discount_value: Schema.optional(Schema.Number.pipe(Schema.between(0, 1e13))),
  discount_type: Schema.optional(Schema.Literal("percentage", "fixed")),
  min_purchase: Schema.optional(MinorAmount),
  max_discount: Schema.optional(Schema.NullOr(MinorAmount)),
  start_date: Schema.optional(DateTime),
  end_date: DateTime,
  /** The merchant's switch; the answer's status is derived from it, the dates and the uses. */
  status: Schema.optional(Schema.Literal("active", "inactive")),
  usage_limit: Schema.optional(Limit),
  usage_per_customer: Schema.optional(Limit),
  bundle_products: Schema.optional(ProductQuantities),
  bogo_required_products: Schema.optional(ProductQuantities),
  bogo_free_products: Schema.optional(ProductQuantities),
  free_products: Schema.optional(ProductQuantities),
  applicable_categories: Schema.optional(Ids),
  applicable_products: Schema.optional(Ids),
}).annotations({ identifier: "PromotionInput" });
export type PromotionInput = typeof PromotionInput.Type;

export const PromotionPatch = Schema.partial(PromotionInput).annotations({ identifier: "PromotionPatch" });
export type PromotionPatch = typeof PromotionPatch.Type;
