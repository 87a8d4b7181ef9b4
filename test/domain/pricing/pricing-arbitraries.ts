// fast-check arbitraries for price rules and price inputs, shared by the pricing property tests.
// Products, categories, segments and tiers come from small pools so that rules often apply.
import { Schema } from "effect";
import fc from "fast-check";
import { CurrencyCode } from "../../../domain/money/currency.js";
import { ISO_4217_MINOR_DIGITS } from "../../../domain/money/iso-4217.js";
import type { CustomerSegment, CustomerTier } from "../../../domain/pricing/customer-standing.js";
import type { PriceRule } from "../../../domain/pricing/price-rule.js";
import type { PriceInput } from "../../../domain/pricing/resolve-price.js";

const cc = Schema.decodeUnknownSync(CurrencyCode);

export const PRODUCT_IDS = ["p-1", "p-2", "p-3"] as const;
export const CATEGORY_IDS = ["c-1", "c-2"] as const;
export const TIERS = ["bronze", "silver", "gold", "platinum"] as const;

export const segmentArb: fc.Arbitrary<CustomerSegment> = fc.constantFrom("new", "returning", "loyal");
export const tierArb: fc.Arbitrary<CustomerTier> = fc.constantFrom(...TIERS);
export const anyCurrencyArb: fc.Arbitrary<CurrencyCode> = fc.constantFrom(
  ...Object.keys(ISO_4217_MINOR_DIGITS).map((code) => cc(code)),
);

/** An exchange rate as the exact decimal units / 10^scale it denotes, for rational checks. */
export interface Rate {
  readonly value: number;
  readonly units: bigint;
  readonly scale: number;
}

const rateOf = (units: number, scale: number): Rate => ({
  value: Number(`${units}e-${scale}`),
  units: BigInt(units),
  scale,
});

/** Mostly 1e-6 to about 1e4, sometimes down to 1e-12, plus real quotes (KES→USD, USD→BHD, KES→UGX, USD→JPY). */
export const rateArb: fc.Arbitrary<Rate> = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 2, max: 8 })).map(([u, s]) => rateOf(u, s)),
  fc.tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 2, max: 12 })).map(([u, s]) => rateOf(u, s)),
  fc.constantFrom(rateOf(77, 4), rateOf(376, 3), rateOf(2865, 2), rateOf(15137, 2)),
);

const scopeListArb = <T extends string>(pool: readonly T[]): fc.Arbitrary<readonly string[] | null> =>
  fc.option(fc.subarray([...pool]), { nil: null, freq: 2 });

const discountArb = fc.oneof(
  fc.record({
    discountType: fc.constant("percentage" as const),
    // whole, one-decimal and two-decimal percentages, 0 and 100 included
    value: fc.oneof(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    ),
  }),
  fc.record({
    discountType: fc.constant("fixed" as const),
    value: fc.oneof(
      { arbitrary: fc.nat({ max: 5_000 }), weight: 3 },
      { arbitrary: fc.nat({ max: 20_000_000 }), weight: 1 },
    ),
  }),
);

const kindFieldsArb = fc.oneof(
  segmentArb.map((segment) => ({
    kind: "segment" as const,
    segment,
    tier: null,
    minQuantity: null,
    minLifetimeSpend: null,
  })),
  fc.tuple(tierArb, fc.option(fc.nat({ max: 50_000_000 }), { nil: null })).map(([tier, minLifetimeSpend]) => ({
    kind: "tier" as const,
    segment: null,
    tier,
    minQuantity: null,
    minLifetimeSpend,
  })),
  fc.integer({ min: 2, max: 60 }).map((minQuantity) => ({
    kind: "volume" as const,
    segment: null,
    tier: null,
    minQuantity,
    minLifetimeSpend: null,
  })),
);

/** A well-formed rule; its id is overwritten by rulesArb so ids are unique in a rule set. */
export const ruleArb: fc.Arbitrary<PriceRule> = fc
  .record({
    kindFields: kindFieldsArb,
    discount: discountArb,
    productIds: scopeListArb(PRODUCT_IDS),
    categoryIds: scopeListArb(CATEGORY_IDS),
    active: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
  })
  .map(({ kindFields, discount, productIds, categoryIds, active }) => ({
    id: "rule",
    ...kindFields,
    ...discount,
    productIds,
    categoryIds,
    active,
  }));

export const rulesArb = (maxLength = 12): fc.Arbitrary<readonly PriceRule[]> =>
  fc.array(ruleArb, { maxLength }).map((rules) => rules.map((rule, i) => ({ ...rule, id: `rule-${i}` })));

export interface PricedCase {
  readonly input: PriceInput;
  readonly rate: Rate;
}

const priceArb = fc.oneof(fc.nat({ max: 10_000 }), fc.nat({ max: 10_000_000 }));

/** Base up to 100,000.00 in a 2-digit currency and rates up to ~1e4 keep every conversion a safe integer. */
export const pricedCaseArb = (rules: fc.Arbitrary<readonly PriceRule[]> = rulesArb()): fc.Arbitrary<PricedCase> =>
  fc
    .record({
      basePrice: priceArb,
      // negative and not-lower sale prices included: the resolver must ignore them
      salePrice: fc.option(fc.oneof(priceArb, fc.integer({ min: -1_000, max: -1 })), { nil: null }),
      baseCurrency: anyCurrencyArb,
      productId: fc.constantFrom(...PRODUCT_IDS),
      categoryId: fc.option(fc.constantFrom(...CATEGORY_IDS), { nil: null }),
      quantity: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 1_000 })),
      segment: fc.option(segmentArb, { nil: null }),
      tier: fc.option(tierArb, { nil: null }),
      rules,
      display: fc.oneof(
        fc.tuple(anyCurrencyArb, rateArb),
        fc.constant(null), // the base currency itself
      ),
    })
    .map(({ display, ...rest }) => {
      const rate = display === null || display[0] === rest.baseCurrency ? rateOf(1, 0) : display[1];
      const displayCurrency = display === null ? rest.baseCurrency : display[0];
      return { input: { ...rest, displayCurrency, exchangeRate: rate.value }, rate };
    });
