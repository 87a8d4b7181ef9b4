// A promotion builder for examples and fast-check arbitraries for carts and promotions. Products come
// from a small pool (each in a fixed category) so that scopes, bundles and bogos often match.
import fc from "fast-check";
import type { PromotionContext } from "../../../domain/promotions/evaluate-promotions.js";
import type { ProductQuantity, Promotion } from "../../../domain/promotions/promotion.js";
import type { PromotionLine } from "../../../domain/promotions/unit-pools.js";

export const NOW = new Date("2026-06-15T12:00:00.000Z");
export const PRODUCTS = ["p-a", "p-b", "p-c", "p-d"] as const;
export const CATEGORY_OF: Readonly<Record<string, string>> = { "p-a": "c-1", "p-b": "c-1", "p-c": "c-2", "p-d": "c-2" };
export const CATEGORIES = ["c-1", "c-2"] as const;

export function promotion(fields: Partial<Promotion> & Pick<Promotion, "id" | "type">): Promotion {
  return {
    name: fields.id,
    displayType: "",
    description: "",
    image: null,
    discountValue: 10,
    discountType: "percentage",
    minPurchase: 0,
    maxDiscount: null,
    startDate: "2026-01-01T00:00:00Z",
    endDate: "2027-01-01T00:00:00Z",
    status: "active",
    usageLimit: null,
    usagePerCustomer: null,
    bundleProducts: [],
    bogoRequiredProducts: [],
    bogoFreeProducts: [],
    freeProducts: [],
    applicableCategories: [],
    applicableProducts: [],
    createdAt: "2025-12-01T00:00:00Z",
    updatedAt: "2025-12-01T00:00:00Z",
    ...fields,
  };
}

export const line = (productId: string, quantity: number, unitPrice: number): PromotionLine => ({
  productId,
  categoryId: CATEGORY_OF[productId] ?? null,
  quantity,
  unitPrice,
});

export const context = (fields: Partial<PromotionContext> = {}): PromotionContext => ({
  now: NOW,
  customerUsage: new Map(),
  totalUsage: new Map(),
  ...fields,
});

const productArb = fc.constantFrom(...PRODUCTS);

export const lineArb: fc.Arbitrary<PromotionLine> = fc
  .record({
    productId: productArb,
    quantity: fc.integer({ min: 1, max: 7 }),
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.constantFrom(100, 250, 1000)),
  })
  .map(({ productId, quantity, unitPrice }) => line(productId, quantity, unitPrice));

export const linesArb: fc.Arbitrary<readonly PromotionLine[]> = fc.array(lineArb, { maxLength: 8 });

const productQuantitiesArb = (minLength: number): fc.Arbitrary<readonly ProductQuantity[]> =>
  fc
    .uniqueArray(productArb, { minLength, maxLength: 3 })
    .chain((ids) =>
      fc.tuple(...ids.map((productId) => fc.integer({ min: 1, max: 3 }).map((quantity) => ({ productId, quantity })))),
    );

const amountArb = fc.oneof(fc.nat({ max: 3_000 }), fc.nat({ max: 50_000 }));
const percentArb = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100));

const shapeArb = fc.oneof(
  fc.record({ type: fc.constant("fixed" as const), discountType: fc.constantFrom("percentage" as const, "fixed" as const), discountValue: amountArb }),
  fc.record({ type: fc.constant("discount" as const), discountType: fc.constant("percentage" as const), discountValue: percentArb }),
  fc.record({ type: fc.constant("discount" as const), discountType: fc.constant("fixed" as const), discountValue: amountArb }),
  fc.record({
    type: fc.constant("bundle" as const),
    discountType: fc.constantFrom("percentage" as const, "fixed" as const),
    discountValue: fc.nat({ max: 100 }),
    bundleProducts: productQuantitiesArb(1),
  }),
  fc.record({
    type: fc.constant("bogo" as const),
    bogoRequiredProducts: productQuantitiesArb(1),
    bogoFreeProducts: productQuantitiesArb(1),
  }),
);

/** A usable promotion (active, running at NOW, no limits); the id is overwritten by promotionsArb. */
export const usablePromotionArb: fc.Arbitrary<Promotion> = fc
  .record({
    shape: shapeArb,
    minPurchase: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat({ max: 10_000 }), weight: 1 }),
    maxDiscount: fc.option(fc.nat({ max: 5_000 }), { nil: null, freq: 2 }),
    startDay: fc.integer({ min: 1, max: 28 }),
    applicableProducts: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.subarray([...PRODUCTS]), weight: 1 }),
    applicableCategories: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.subarray([...CATEGORIES]), weight: 1 }),
  })
  .map(({ shape, minPurchase, maxDiscount, startDay, applicableProducts, applicableCategories }) =>
    promotion({
      id: "promo",
      ...shape,
      minPurchase,
      maxDiscount,
      startDate: `2026-05-${String(startDay).padStart(2, "0")}T00:00:00Z`,
      applicableProducts,
      applicableCategories,
    }),
  );

export const promotionsArb = (arb: fc.Arbitrary<Promotion> = usablePromotionArb, maxLength = 6): fc.Arbitrary<readonly Promotion[]> =>
  fc.array(arb, { maxLength }).map((list) => list.map((p, i) => ({ ...p, id: `promo-${i}` })));

export const isOrderLevel = (p: Promotion): boolean => p.type === "fixed" || p.type === "discount";
