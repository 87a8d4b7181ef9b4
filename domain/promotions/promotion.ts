// A store's promotion (docs/api/offers-and-shipping.md, "Promotions") as the promotion rules read
// it, which units it covers, and the check that a stored promotion is well formed. Amounts are
// integer minor units of the store's base currency.
import { Data } from "effect";

export type PromotionType = "fixed" | "discount" | "bundle" | "bogo";
export type PromotionDiscountType = "percentage" | "fixed";
/** The stored merchant switch; scheduled and expired are derived from the clock (promotion-status.ts). */
export type PromotionSwitch = "active" | "inactive";

export interface ProductQuantity {
  readonly productId: string;
  /** An integer >= 1. */
  readonly quantity: number;
}

export interface Promotion {
  readonly id: string;
  readonly name: string;
  readonly type: PromotionType;
  readonly displayType: string;
  readonly description: string;
  readonly image: string | null;
  /**
   * `fixed`: minor units off, whatever discountType says. `discount` and `bundle`: a percentage 0..100
   * when discountType is "percentage", else minor units off (per complete set for a bundle). `bogo`: unread.
   */
  readonly discountValue: number;
  readonly discountType: PromotionDiscountType;
  /** Minor units the eligible subtotal must reach; 0 for no minimum. */
  readonly minPurchase: number;
  /** Minor units; null for no cap. */
  readonly maxDiscount: number | null;
  /** ISO 8601 date-times; the promotion runs on [startDate, endDate). */
  readonly startDate: string;
  readonly endDate: string;
  readonly status: PromotionSwitch;
  /** Uses across all customers; null for unlimited. */
  readonly usageLimit: number | null;
  readonly usagePerCustomer: number | null;
  /** `bundle`: the set that, complete, costs less. Each product at most once per list. */
  readonly bundleProducts: readonly ProductQuantity[];
  /** `bogo`: one complete required set earns one set of the free products. */
  readonly bogoRequiredProducts: readonly ProductQuantity[];
  readonly bogoFreeProducts: readonly ProductQuantity[];
  /** A gift the merchant ships with the order; not a cart line, so the promotion rules do not price it. */
  readonly freeProducts: readonly ProductQuantity[];
  /** The scope: a unit is covered when its product or its category is listed; both empty covers every unit. */
  readonly applicableCategories: readonly string[];
  readonly applicableProducts: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Input no caller should build (decoding at the boundary rules it out), so a bug, not a shopper's error. */
export class InvalidPromotionInput extends Data.TaggedError("InvalidPromotionInput")<{ readonly reason: string }> {
  override readonly message = `invalid promotion input: ${this.reason}`;
}

export function promotionCovers(
  promotion: Pick<Promotion, "applicableProducts" | "applicableCategories">,
  productId: string,
  categoryId: string | null,
): boolean {
  if (promotion.applicableProducts.length === 0 && promotion.applicableCategories.length === 0) return true;
  if (promotion.applicableProducts.includes(productId)) return true;
  return categoryId !== null && promotion.applicableCategories.includes(categoryId);
}

// The offset is required: without one Date.parse reads local time, and the rules would depend on the host's zone
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an ISO 8601 date-time with an offset, or NaN when it is not one. */
export function instantOf(dateTime: string): number {
  return typeof dateTime === "string" && DATE_TIME.test(dateTime) ? Date.parse(dateTime) : Number.NaN;
}

const isNonNegativeSafeInteger = (n: unknown): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

const isPercentage = (n: unknown): boolean => typeof n === "number" && n >= 0 && n <= 100;

function productListProblem(list: readonly ProductQuantity[], name: string, required: boolean): string | null {
  if (required && list.length === 0) return `${name} must list at least one product`;
  const seen = new Set<string>();
  for (const entry of list) {
    if (typeof entry.productId !== "string" || entry.productId === "") return `${name} has an entry without a productId`;
    if (!(Number.isSafeInteger(entry.quantity) && entry.quantity >= 1)) {
      return `${name}: quantity of ${entry.productId} must be an integer >= 1, got ${entry.quantity}`;
    }
    if (seen.has(entry.productId)) return `${name} lists ${entry.productId} twice`;
    seen.add(entry.productId);
  }
  return null;
}

/** What makes a promotion unusable (a message), or null when it is well formed. Checks every field the rules read. */
export function promotionProblem(promotion: Promotion): string | null {
  const where = `promotion ${JSON.stringify(promotion.id)}`;
  const problem = ((): string | null => {
    if (typeof promotion.id !== "string" || promotion.id === "") return "an id is required";
    if (promotion.status !== "active" && promotion.status !== "inactive") {
      return `status must be active or inactive, got ${JSON.stringify(promotion.status)}`;
    }
    if (promotion.discountType !== "percentage" && promotion.discountType !== "fixed") {
      return `unknown discount type ${JSON.stringify(promotion.discountType)}`;
    }
    const percentage = promotion.type !== "fixed" && promotion.discountType === "percentage";
    switch (promotion.type) {
      case "fixed":
      case "discount":
      case "bundle":
        if (percentage ? !isPercentage(promotion.discountValue) : !isNonNegativeSafeInteger(promotion.discountValue)) {
          return percentage
            ? `a percentage must be within 0..100, got ${promotion.discountValue}`
            : `a fixed discount must be a non-negative integer of minor units, got ${promotion.discountValue}`;
        }
        break;
      case "bogo":
        break;
      default:
        return `unknown type ${JSON.stringify(promotion.type)}`;
    }
    if (!isNonNegativeSafeInteger(promotion.minPurchase)) {
      return `minPurchase must be a non-negative integer of minor units, got ${promotion.minPurchase}`;
    }
    if (promotion.maxDiscount !== null && !isNonNegativeSafeInteger(promotion.maxDiscount)) {
      return `maxDiscount must be null or a non-negative integer of minor units, got ${promotion.maxDiscount}`;
    }
    if (Number.isNaN(instantOf(promotion.startDate))) return `startDate is not a date-time: ${promotion.startDate}`;
    if (Number.isNaN(instantOf(promotion.endDate))) return `endDate is not a date-time: ${promotion.endDate}`;
    for (const [name, limit] of [["usageLimit", promotion.usageLimit], ["usagePerCustomer", promotion.usagePerCustomer]] as const) {
      if (limit !== null && !isNonNegativeSafeInteger(limit)) return `${name} must be null or an integer >= 0, got ${limit}`;
    }
    return (
      productListProblem(promotion.bundleProducts, "bundleProducts", promotion.type === "bundle") ??
      productListProblem(promotion.bogoRequiredProducts, "bogoRequiredProducts", promotion.type === "bogo") ??
      productListProblem(promotion.bogoFreeProducts, "bogoFreeProducts", promotion.type === "bogo") ??
      productListProblem(promotion.freeProducts, "freeProducts", false)
    );
  })();
  return problem === null ? null : `${where}: ${problem}`;
}

export function assertValidPromotion(promotion: Promotion): void {
  const problem = promotionProblem(promotion);
  if (problem !== null) throw new InvalidPromotionInput({ reason: problem });
}
