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
  product_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The product." }),
  quantity: Schema.propertySignature(Schema.Number.pipe(Schema.int(), Schema.between(1, 10_000))).annotations({ description: "Units of the product in the set." }),
});
const ProductQuantities = Schema.Array(ProductQuantityInput).pipe(Schema.maxItems(100));
const Ids = Schema.Array(Schema.UUID).pipe(Schema.maxItems(500));

export const PromotionInput = Schema.Struct({
  name: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The promotion's name." }),
  type: Schema.propertySignature(Schema.Literal("fixed", "discount", "bundle", "bogo")).annotations({ description: "fixed (an amount off), discount (percentage or amount off the covered items), bundle (a complete set costs less) or bogo (a required set earns a free set)." }),
  display_type: Schema.optional(text(100)).annotations({ description: "A label for showing the promotion (free text)." }),
  description: Schema.optional(text(5_000)).annotations({ description: "The promotion's description." }),
  image: Schema.optional(Schema.NullOr(Url)).annotations({ description: "URL of the promotion's image; null for none." }),
  /** A percentage 0-100 when discount_type is percentage, else integer minor units (checked by the rules). */
  discount_value: Schema.optional(Schema.Number.pipe(Schema.between(0, 1e13))).annotations({ description: "A percentage (0-100) when discount_type is percentage, else an amount off in integer minor units of the store's base currency (per complete set for a bundle)." }),
  discount_type: Schema.optional(Schema.Literal("percentage", "fixed")).annotations({ description: "Whether discount_value is a percentage or a fixed amount (type fixed is always an amount)." }),
  min_purchase: Schema.optional(MinorAmount).annotations({ description: "Integer minor units of the store's base currency the covered subtotal must reach; 0 for no minimum." }),
  max_discount: Schema.optional(Schema.NullOr(MinorAmount)).annotations({ description: "Cap on the discount in integer minor units of the store's base currency; null for no cap." }),
  start_date: Schema.optional(DateTime).annotations({ description: "When the promotion starts (ISO 8601 with an offset); now when absent." }),
  end_date: Schema.propertySignature(DateTime).annotations({ description: "When the promotion ends (ISO 8601 with an offset), excluded; after start_date." }),
  /** The merchant's switch; the answer's status is derived from it, the dates and the uses. */
  status: Schema.optional(Schema.Literal("active", "inactive")).annotations({ description: "The merchant's switch: active or inactive (scheduled and expired are derived)." }),
  usage_limit: Schema.optional(Limit).annotations({ description: "Uses allowed across all customers; null for no limit." }),
  usage_per_customer: Schema.optional(Limit).annotations({ description: "Uses allowed per customer; null for no limit." }),
  bundle_products: Schema.optional(ProductQuantities).annotations({ description: "For a bundle, the set of products (with quantities) that, complete, costs less." }),
  bogo_required_products: Schema.optional(ProductQuantities).annotations({ description: "For a bogo, the set a customer must buy." }),
  bogo_free_products: Schema.optional(ProductQuantities).annotations({ description: "For a bogo, the set one complete required set earns free." }),
  free_products: Schema.optional(ProductQuantities).annotations({ description: "Gifts shipped with the order (not priced as cart lines)." }),
  applicable_categories: Schema.optional(Ids).annotations({ description: "Categories whose items the promotion covers; with applicable_products both empty, it covers every item." }),
  applicable_products: Schema.optional(Ids).annotations({ description: "Products the promotion covers; with applicable_categories both empty, it covers every item." }),
}).annotations({ identifier: "PromotionInput" });
export type PromotionInput = typeof PromotionInput.Type;

export const PromotionPatch = Schema.partial(PromotionInput).annotations({ identifier: "PromotionPatch" });
export type PromotionPatch = typeof PromotionPatch.Type;
