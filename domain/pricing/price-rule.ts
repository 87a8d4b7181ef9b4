// A store's price rule: a segment, tier or volume discount, as a percentage or a fixed amount per unit,
// optionally scoped to some products and/or categories.
import type { CustomerSegment, CustomerTier } from "./customer-standing.js";

export type PriceRuleKind = "segment" | "tier" | "volume";
export type DiscountType = "percentage" | "fixed";

export interface PriceRule {
  readonly id: string;
  readonly kind: PriceRuleKind;
  /** The segment a "segment" rule rewards; null for other kinds. */
  readonly segment: CustomerSegment | null;
  /** The tier a "tier" rule rewards; null for other kinds. */
  readonly tier: CustomerTier | null;
  /** The quantity from which a "volume" rule applies (an integer >= 2); null for other kinds. */
  readonly minQuantity: number | null;
  /** For a "tier" rule: base-currency minor units a customer must have spent to hold the tier. */
  readonly minLifetimeSpend: number | null;
  readonly discountType: DiscountType;
  /** A percentage 0..100, or for "fixed" an integer of BASE-currency minor units off each unit. */
  readonly value: number;
  readonly productIds: readonly string[] | null;
  /** With productIds, the scope: null = every product; when both are set a product matching either qualifies. */
  readonly categoryIds: readonly string[] | null;
  readonly active: boolean;
}

/**
 * Whether the rule's scope covers the product. Null lists mean "every product"; a list, even an empty one,
 * means "only these", so an empty scope covers nothing rather than everything.
 */
export function ruleCoversProduct(
  rule: Pick<PriceRule, "productIds" | "categoryIds">,
  productId: string,
  categoryId: string | null,
): boolean {
  if (rule.productIds === null && rule.categoryIds === null) return true;
  if (rule.productIds?.includes(productId) === true) return true;
  return categoryId !== null && rule.categoryIds?.includes(categoryId) === true;
}

const SEGMENTS: ReadonlySet<unknown> = new Set<CustomerSegment>(["new", "returning", "loyal"]);

const isNonNegativeSafeInteger = (n: unknown): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

/** What makes a rule unusable (a message), or null when it is well formed. Checks every field pricing reads. */
export function priceRuleProblem(rule: PriceRule): string | null {
  const where = `price rule ${JSON.stringify(rule.id)}`;
  switch (rule.discountType) {
    case "percentage":
      if (!(typeof rule.value === "number" && rule.value >= 0 && rule.value <= 100)) {
        return `${where}: a percentage must be within 0..100, got ${rule.value}`;
      }
      break;
    case "fixed":
      if (!isNonNegativeSafeInteger(rule.value)) {
        return `${where}: a fixed discount must be a non-negative integer of minor units, got ${rule.value}`;
      }
      break;
    default:
      return `${where}: unknown discount type ${JSON.stringify(rule.discountType)}`;
  }
  switch (rule.kind) {
    case "segment":
      return SEGMENTS.has(rule.segment) ? null : `${where}: a segment rule needs a segment, got ${rule.segment}`;
    case "tier":
      if (typeof rule.tier !== "string" || rule.tier === "") return `${where}: a tier rule needs a tier name`;
      return rule.minLifetimeSpend === null || isNonNegativeSafeInteger(rule.minLifetimeSpend)
        ? null
        : `${where}: minLifetimeSpend must be a non-negative integer, got ${rule.minLifetimeSpend}`;
    case "volume":
      return isNonNegativeSafeInteger(rule.minQuantity) && rule.minQuantity >= 2
        ? null
        : `${where}: a volume rule needs an integer minQuantity >= 2, got ${rule.minQuantity}`;
    default:
      return `${where}: unknown kind ${JSON.stringify(rule.kind)}`;
  }
}
