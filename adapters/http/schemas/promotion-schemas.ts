// The promotion answers as Schemas (docs/api/offers-and-shipping.md, "Promotions") and their
// `fields` allowance (with `image`). Amounts are integer minor units; percentages 0-100.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";
import { Pagination } from "./pagination-schema.js";

const ProductQuantity = Schema.Struct({
  product_id: Schema.String.annotations({ description: "The product." }),
  quantity: Schema.Number.annotations({ description: "Units of the product in the set." }),
}).annotations({
  identifier: "PromotionProduct",
});

export const Promotion = Schema.Struct({
  id: Schema.String.annotations({ description: "The promotion's id." }),
  name: Schema.String.annotations({ description: "The promotion's name." }),
  type: Schema.Literal("fixed", "discount", "bundle", "bogo").annotations({ description: "fixed (an amount off), discount (percentage or amount off the covered items), bundle (a complete set costs less) or bogo (a required set earns a free set)." }),
  display_type: Schema.String.annotations({ description: "A label for showing the promotion (free text)." }),
  description: Schema.String.annotations({ description: "The promotion's description." }),
  image: Schema.NullOr(Schema.String).annotations({ description: "URL of the promotion's image, or null." }),
  discount_value: Schema.Number.annotations({ description: "A percentage (0-100) when discount_type is percentage, else an amount off in integer minor units of the store's base currency (per complete set for a bundle)." }),
  discount_type: Schema.Literal("percentage", "fixed").annotations({ description: "Whether discount_value is a percentage or a fixed amount (type fixed is always an amount)." }),
  min_purchase: Schema.Number.annotations({ description: "Integer minor units of the store's base currency the covered subtotal must reach; 0 for no minimum." }),
  max_discount: Schema.NullOr(Schema.Number).annotations({ description: "Cap on the discount in integer minor units of the store's base currency; null for no cap." }),
  start_date: Schema.String.annotations({ description: "When the promotion starts (ISO 8601, UTC); it runs from start_date up to end_date." }),
  end_date: Schema.String.annotations({ description: "When the promotion ends (ISO 8601, UTC), excluded." }),
  status: Schema.Literal("active", "inactive", "scheduled", "expired").annotations({
    description: "Status now (active, inactive, scheduled or expired), derived at the time of the answer from the merchant's switch, the dates and the uses so far.",
  }),
  usage_limit: Schema.NullOr(Schema.Number).annotations({ description: "Uses allowed across all customers; null for no limit." }),
  usage_per_customer: Schema.NullOr(Schema.Number).annotations({ description: "Uses allowed per customer; null for no limit." }),
  bundle_products: Schema.Array(ProductQuantity).annotations({ description: "For a bundle, the set of products (with quantities) that, complete, costs less." }),
  bogo_required_products: Schema.Array(ProductQuantity).annotations({ description: "For a bogo, the set a customer must buy." }),
  bogo_free_products: Schema.Array(ProductQuantity).annotations({ description: "For a bogo, the set one complete required set earns free." }),
  free_products: Schema.Array(ProductQuantity).annotations({ description: "Gifts shipped with the order (not priced as cart lines)." }),
  applicable_categories: Schema.Array(Schema.String).annotations({ description: "Categories whose items the promotion covers; with applicable_products both empty, it covers every item." }),
  applicable_products: Schema.Array(Schema.String).annotations({ description: "Products the promotion covers; with applicable_categories both empty, it covers every item." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
}).annotations({ identifier: "Promotion" });

const PRODUCT_LISTS = ["bundle_products", "bogo_required_products", "bogo_free_products", "free_products"];

export const PROMOTION_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(Promotion.fields).filter((name) => !PRODUCT_LISTS.includes(name))),
  ...Object.fromEntries(PRODUCT_LISTS.map((name) => [name, leaves("product_id", "quantity")])),
};

export const PromotionList = Schema.Struct({ promotions: Schema.Array(Promotion), pagination: Pagination }).annotations({
  identifier: "PromotionList",
});
