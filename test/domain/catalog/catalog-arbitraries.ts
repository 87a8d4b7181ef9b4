// fast-check arbitraries for catalog products and variants, shared by the
// catalog property tests.

import fc from "fast-check";
import type { Product } from "../../../domain/catalog/product.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import type { NonEmptyVariants } from "../../../domain/catalog/product-shapes.js";

const isoTimestamp = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString());

const isoDate = isoTimestamp.map((timestamp) => timestamp.slice(0, 10));

export const variantArb = (productId: string): fc.Arbitrary<Variant> =>
  fc.record({
    id: fc.uuid({ version: 7 }),
    productId: fc.constant(productId),
    sku: fc.string({ minLength: 1, maxLength: 12 }),
    price: fc.nat({ max: 10_000_000 }),
    // Deliberately includes negative and above-price sale prices, which must be ignored.
    salePrice: fc.option(fc.integer({ min: -1_000, max: 10_000_000 }), { nil: null }),
    stock: fc.nat({ max: 100_000 }),
    threshold: fc.option(fc.nat({ max: 100 }), { nil: null }),
    lastRestocked: fc.option(isoDate, { nil: null }),
    variantName: fc.string({ maxLength: 20 }),
    variantAttributes: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    isDefault: fc.boolean(),
    position: fc.integer({ min: 0, max: 20 }),
  });

export const variantsArb = (
  productId: string,
  constraints: { minLength?: number; maxLength?: number } = {},
): fc.Arbitrary<NonEmptyVariants> =>
  fc
    .array(variantArb(productId), {
      minLength: Math.max(1, constraints.minLength ?? 1),
      maxLength: constraints.maxLength ?? 8,
    })
    .map((variants) => variants as unknown as NonEmptyVariants);

const nullableText = fc.option(fc.string({ maxLength: 30 }), { nil: null });

export const productArb: fc.Arbitrary<Product> = fc.record({
  id: fc.uuid({ version: 7 }),
  name: fc.string({ minLength: 1, maxLength: 40 }),
  description: nullableText,
  categoryId: fc.option(fc.uuid({ version: 7 }), { nil: null }),
  categoryName: nullableText,
  subcategoryId: fc.option(fc.uuid({ version: 7 }), { nil: null }),
  subcategoryName: nullableText,
  brand: nullableText,
  thumbnailUrl: fc.option(fc.webUrl(), { nil: null }),
  media: fc.array(
    fc.record({
      id: fc.uuid({ version: 7 }),
      url: fc.webUrl(),
      type: fc.constantFrom("image" as const, "video" as const),
      position: fc.nat({ max: 10 }),
      alt_text: nullableText,
      is_primary: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  slug: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/),
  seoTitle: nullableText,
  seoDescription: nullableText,
  seoKeywords: nullableText,
  featured: fc.boolean(),
  featuredOrder: fc.nat({ max: 100 }),
  tags: fc.option(fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }), { nil: null }),
  attributes: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  shippingInfo: fc.record(
    {
      weight_grams: fc.nat({ max: 50_000 }),
      length_cm: fc.nat({ max: 300 }),
      width_cm: fc.nat({ max: 300 }),
      height_cm: fc.nat({ max: 300 }),
    },
    { requiredKeys: [] },
  ),
  isActive: fc.boolean(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});

/** A product together with variants that belong to it. */
export const productWithVariantsArb = (
  constraints: { minLength?: number; maxLength?: number } = {},
): fc.Arbitrary<{ product: Product; variants: NonEmptyVariants }> =>
  productArb.chain((product) =>
    variantsArb(product.id, constraints).map((variants) => ({ product, variants })),
  );

export const storeArb = fc.record({
  currency: fc.constantFrom("EUR", "USD", "GBP", "JPY"),
  currencySymbol: fc.constantFrom("€", "$", "£", "¥"),
});
