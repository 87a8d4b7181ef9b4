// The promotion answers as Schemas (spec 2.8) and their `fields` allowance (spec 4.8, plus
// `image`, a field of 2.8). Amounts are integer minor units; percentages 0-100.
import { Schema } from "effect";
import { leaves, type AllowedFields } from "../fields-projection.js";
import { Pagination } from "./pagination-schema.js";

const ProductQuantity = Schema.Struct({ product_id: Schema.String, quantity: Schema.Number }).annotations({
  identifier: "PromotionProduct",
});

export const Promotion = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  type: Schema.Literal("fixed", "discount", "bundle", "bogo"),
  display_type: Schema.String,
  description: Schema.String,
  image: Schema.NullOr(Schema.String),
  discount_value: Schema.Number,
  discount_type: Schema.Literal("percentage", "fixed"),
  min_purchase: Schema.Number,
  max_discount: Schema.NullOr(Schema.Number),
  start_date: Schema.String,
  end_date: Schema.String,
  status: Schema.Literal("active", "inactive", "scheduled", "expired").annotations({
    description: "Derived at the time of the answer from the merchant's switch, the dates and the uses so far.",
  }),
  usage_limit: Schema.NullOr(Schema.Number),
  usage_per_customer: Schema.NullOr(Schema.Number),
  bundle_products: Schema.Array(ProductQuantity),
  bogo_required_products: Schema.Array(ProductQuantity),
  bogo_free_products: Schema.Array(ProductQuantity),
  free_products: Schema.Array(ProductQuantity),
  applicable_categories: Schema.Array(Schema.String),
  applicable_products: Schema.Array(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String,
}).annotations({ identifier: "Promotion" });

const PRODUCT_LISTS = ["bundle_products", "bogo_required_products", "bogo_free_products", "free_products"];

export const PROMOTION_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(Promotion.fields).filter((name) => !PRODUCT_LISTS.includes(name))),
  ...Object.fromEntries(PRODUCT_LISTS.map((name) => [name, leaves("product_id", "quantity")])),
};

export const PromotionList = Schema.Struct({ promotions: Schema.Array(Promotion), pagination: Pagination }).annotations({
  identifier: "PromotionList",
});
