// Creates, changes and deletes a store's promotions. The domain's own check (promotionProblem)
// decides what is well formed, so the promotion engine never meets a promotion it cannot apply;
// its complaints become 400s naming the API parameter.
// This module holds what the use cases CreatePromotion, UpdatePromotion and DeletePromotion share
// (one class a file, docs/architecture.md, the application/ ring).
import { instantOf, promotionProblem, type ProductQuantity, type Promotion } from "../../domain/promotions/promotion.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import type { PromotionPatch } from "./promotion-inputs.js";
import { StoreReferences } from "../catalog/store-references.js";

/** The rules' names for fields, and the API's. */
export const PARAM_OF_NAME: ReadonlyArray<readonly [string, string]> = [
  ["bogoRequiredProducts", "bogo_required_products"],
  ["bogoFreeProducts", "bogo_free_products"],
  ["bundleProducts", "bundle_products"],
  ["freeProducts", "free_products"],
  ["minPurchase", "min_purchase"],
  ["maxDiscount", "max_discount"],
  ["startDate", "start_date"],
  ["endDate", "end_date"],
  ["usagePerCustomer", "usage_per_customer"],
  ["usageLimit", "usage_limit"],
  ["productId", "product_id"],
];

export const PARAM_OF_PROBLEM: ReadonlyArray<readonly [RegExp, string]> = [
  ...PARAM_OF_NAME.filter(([name]) => name !== "productId").map(([name, param]) => [new RegExp(`\\b${name}\\b`), param] as const),
  [/percentage|fixed discount/, "discount_value"],
  [/discount type/, "discount_type"],
  [/status/, "status"],
  [/type/, "type"],
];

export const check = (promotion: Promotion): void => {
  const problem = promotionProblem(promotion);
  if (problem === null) return;
  const param = PARAM_OF_PROBLEM.find(([pattern]) => pattern.test(problem))?.[1] ?? "promotion";
  const message = PARAM_OF_NAME.reduce(
    (text, [name, apiName]) => text.replaceAll(name, apiName),
    problem.replace(/^promotion "[^"]*": /, ""),
  );
  throw new ParameterInvalid({ param, message });
};

export const checkDates = (promotion: Promotion): void => {
  if (instantOf(promotion.endDate) <= instantOf(promotion.startDate)) {
    throw new ParameterInvalid({ param: "end_date", message: "end_date must be after start_date" });
  }
};

export const utc = (dateTime: string): string => new Date(instantOf(dateTime)).toISOString();

export const quantities = (list: readonly { readonly product_id: string; readonly quantity: number }[]): ProductQuantity[] =>
  list.map((entry) => ({ productId: entry.product_id, quantity: entry.quantity }));

/**
 * A fixed promotion takes a fixed amount off (its discount_type is always fixed); product lists
 * that belong to another type are cleared, so a promotion never carries stale conditions.
 */
export const normalise = (promotion: Promotion): Promotion => {
  if (promotion.type === "fixed" && promotion.discountType !== "fixed") {
    throw new ParameterInvalid({ param: "discount_type", message: "a fixed promotion takes a fixed amount off; use type discount for a percentage" });
  }
  return {
    ...promotion,
    startDate: utc(promotion.startDate),
    endDate: utc(promotion.endDate),
    bundleProducts: promotion.type === "bundle" ? promotion.bundleProducts : [],
    bogoRequiredProducts: promotion.type === "bogo" ? promotion.bogoRequiredProducts : [],
    bogoFreeProducts: promotion.type === "bogo" ? promotion.bogoFreeProducts : [],
  };
};

/** Every product and category the write names must be the store's (a 400 naming the first that is not). */
export async function checkPromotionReferences(deps: { readonly references: StoreReferences }, storeId: string, input: PromotionPatch): Promise<void> {
  const listed = (param: string, ids: readonly string[] | undefined) => (ids ?? []).map((id, i) => [`${param}[${i}]`, id] as const);
  const quantified = (param: string, lines: readonly { readonly product_id: string }[] | undefined) =>
    (lines ?? []).map((line, i) => [`${param}[${i}].product_id`, line.product_id] as const);
  await deps.references.checkProducts(storeId, [
    ...listed("applicable_products", input.applicable_products),
    ...quantified("bundle_products", input.bundle_products),
    ...quantified("bogo_required_products", input.bogo_required_products),
    ...quantified("bogo_free_products", input.bogo_free_products),
    ...quantified("free_products", input.free_products),
  ]);
  await deps.references.checkCategories(storeId, listed("applicable_categories", input.applicable_categories));
}
