// The price resolver: one unit's price for a customer, quantity and display currency, with its breakdown.
// Order: base → (1) sale → (2) segment → (3) tier → (4) volume, in base minor units; then each step is
// converted to display minor units (one rounding per conversion) and discounts are the differences.
import { Data } from "effect";
import { sellingPrice } from "../catalog/selling-price.js";
import type { CurrencyCode } from "../money/currency.js";
import { applyPercentage, convertMinor } from "../money/rounding.js";
import type { CustomerSegment, CustomerTier } from "./customer-standing.js";
import { priceRuleProblem, ruleCoversProduct, type PriceRule } from "./price-rule.js";

export interface PriceInput {
  /** The variant's regular price, base-currency minor units. */
  readonly basePrice: number;
  /** The variant's sale price, base-currency minor units; ignored unless >= 0 and below basePrice. */
  readonly salePrice: number | null;
  readonly baseCurrency: CurrencyCode;
  readonly productId: string;
  readonly categoryId: string | null;
  /** Units on the line, an integer >= 1; only volume rules read it. */
  readonly quantity: number;
  /** Null when there is no customer (a guest) or the customer holds none. */
  readonly segment: CustomerSegment | null;
  readonly tier: CustomerTier | null;
  readonly rules: readonly PriceRule[];
  readonly displayCurrency: CurrencyCode;
  /** Display major units per 1 base major unit; exactly 1 when the two currencies are the same. */
  readonly exchangeRate: number;
}

/** Per unit, in DISPLAY-currency minor units; base_price minus the four discounts is exactly final_price. */
export interface PriceBreakdown {
  readonly base_price: number;
  readonly sale_discount: number;
  readonly segment_discount: number;
  readonly tier_discount: number;
  readonly volume_discount: number;
  readonly final_price: number;
}

export interface ResolvedPrice {
  readonly breakdown: PriceBreakdown;
  /** Display minor units per unit; equals breakdown.final_price. */
  readonly displayPrice: number;
  /** Base minor units per unit, before conversion. */
  readonly basePriceInBase: number;
  readonly finalPriceInBase: number;
  /** The rule that took money off at each step, in order of application (segment, tier, volume). */
  readonly appliedRuleIds: readonly string[];
}

/** Input no caller should build (decoding at the boundary rules it out), so a bug, not a customer's error. */
export class InvalidPriceInput extends Data.TaggedError("InvalidPriceInput")<{ readonly reason: string }> {
  override readonly message = `invalid price input: ${this.reason}`;
}

const isNonNegativeSafeInteger = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

function validate(input: PriceInput): void {
  const fail = (reason: string): never => {
    throw new InvalidPriceInput({ reason });
  };
  if (!isNonNegativeSafeInteger(input.basePrice)) {
    fail(`basePrice must be a non-negative integer of minor units, got ${input.basePrice}`);
  }
  // a negative or not-lower sale price is a data-entry slip sellingPrice ignores; a fraction or NaN is a bug
  if (input.salePrice !== null && !Number.isSafeInteger(input.salePrice)) {
    fail(`salePrice must be null or an integer of minor units, got ${input.salePrice}`);
  }
  if (!(Number.isSafeInteger(input.quantity) && input.quantity >= 1)) {
    fail(`quantity must be an integer >= 1, got ${input.quantity}`);
  }
  if (!(Number.isFinite(input.exchangeRate) && input.exchangeRate > 0)) {
    fail(`exchangeRate must be finite and positive, got ${input.exchangeRate}`);
  }
  if (input.baseCurrency === input.displayCurrency && input.exchangeRate !== 1) {
    fail(`exchangeRate from ${input.baseCurrency} to itself must be 1, got ${input.exchangeRate}`);
  }
  for (const rule of input.rules) {
    const problem = priceRuleProblem(rule);
    if (problem !== null) fail(problem);
  }
}

function discountOf(rule: PriceRule, running: number): number {
  const off = rule.discountType === "percentage" ? applyPercentage(running, rule.value) : rule.value;
  return Math.min(off, running);
}

interface Step {
  readonly price: number;
  readonly ruleId: string | null;
}

/**
 * One step: the candidate taking the most off the running price wins (ties to the smaller id, so the
 * order of the rules never matters); a winner that takes nothing off is not reported as applied.
 */
function bestStep(running: number, candidates: readonly PriceRule[]): Step {
  let best: { readonly off: number; readonly id: string } | null = null;
  for (const rule of candidates) {
    const off = discountOf(rule, running);
    if (best === null || off > best.off || (off === best.off && rule.id < best.id)) best = { off, id: rule.id };
  }
  if (best === null || best.off === 0) return { price: running, ruleId: null };
  return { price: running - best.off, ruleId: best.id };
}

/**
 * Resolves one unit's price. The order of application, each step on the running price in BASE minor units:
 *
 *   p0 = basePrice
 *   p1 = the selling price (salePrice when set, >= 0 and below basePrice; see catalog/selling-price)
 *   p2 = p1 minus the best active segment rule for the customer's segment that covers the product
 *   p3 = p2 minus the best active tier rule for the customer's tier that covers the product
 *   p4 = p3 minus the best active volume rule with minQuantity <= quantity that covers the product
 *
 * "Best" is the largest discount on the running price. A percentage is applyPercentage of the running
 * price (half-to-even); a fixed discount is min(value, running), so no step goes below 0.
 *
 * Then each p_i is converted on its own with convertMinor (rounded once, half-to-even, to the display
 * currency's ISO 4217 minor digits) to d_i, and each discount is d_(i-1) - d_i. Conversion is monotonic, so
 * no discount is negative and base_price - discounts = final_price exactly.
 *
 * @throws InvalidPriceInput on a malformed input or rule.
 */
export function resolvePrice(input: PriceInput): ResolvedPrice {
  validate(input);
  const covering = input.rules.filter(
    (rule) => rule.active && ruleCoversProduct(rule, input.productId, input.categoryId),
  );
  const { segment, tier, quantity } = input;

  const p0 = input.basePrice;
  const p1 = sellingPrice({ price: p0, salePrice: input.salePrice });
  const segmentStep = bestStep(
    p1,
    covering.filter((rule) => rule.kind === "segment" && segment !== null && rule.segment === segment),
  );
  const tierStep = bestStep(
    segmentStep.price,
    covering.filter((rule) => rule.kind === "tier" && tier !== null && rule.tier === tier),
  );
  const volumeStep = bestStep(
    tierStep.price,
    covering.filter((rule) => rule.kind === "volume" && rule.minQuantity !== null && rule.minQuantity <= quantity),
  );

  const toDisplay = (amount: number): number =>
    convertMinor(amount, input.baseCurrency, input.displayCurrency, input.exchangeRate);
  const d0 = toDisplay(p0);
  const d1 = toDisplay(p1);
  const d2 = toDisplay(segmentStep.price);
  const d3 = toDisplay(tierStep.price);
  const d4 = toDisplay(volumeStep.price);

  return {
    breakdown: {
      base_price: d0,
      sale_discount: d0 - d1,
      segment_discount: d1 - d2,
      tier_discount: d2 - d3,
      volume_discount: d3 - d4,
      final_price: d4,
    },
    displayPrice: d4,
    basePriceInBase: p0,
    finalPriceInBase: volumeStep.price,
    appliedRuleIds: [segmentStep, tierStep, volumeStep].flatMap((step) => step.ruleId ?? []),
  };
}
