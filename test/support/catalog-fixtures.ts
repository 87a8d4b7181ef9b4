// Test support for the catalog: request bodies for the HTTP writes, and stored products and
// variants for the repository tests, each with sensible defaults a test overrides.
import type { ProductRecord } from "../../application/ports/product-repository.js";
import type { Variant } from "../../domain/catalog/variant.js";

export type Body = Record<string, unknown>;

/** One variant of a create-product body. */
export const variantBody = (sku: string, overrides: Body = {}): Body => ({
  sku,
  price: 1_000,
  stock: 10,
  ...overrides,
});

/** A create-product body with one variant (a simple product). */
export const simpleProductBody = (name: string, sku: string, overrides: Body = {}, variant: Body = {}): Body => ({
  name,
  variants: [variantBody(sku, variant)],
  ...overrides,
});

/** A create-product body with the given variants. */
export const multiProductBody = (name: string, variants: readonly Body[], overrides: Body = {}): Body => ({
  name,
  variants,
  ...overrides,
});

/** A stored product row as the repository takes it. */
export const productRecord = (id: string, overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id,
  name: `Product ${id.slice(-6)}`,
  description: null,
  categoryId: null,
  subcategoryId: null,
  brand: null,
  thumbnailUrl: null,
  media: [],
  slug: `product-${id.slice(-8)}`,
  seoTitle: null,
  seoDescription: null,
  seoKeywords: null,
  featured: false,
  featuredOrder: 0,
  tags: null,
  attributes: {},
  shippingInfo: {},
  isActive: true,
  taxClass: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  ...overrides,
});

/** A stored variant as the repository takes it. */
export const variantRecord = (id: string, productId: string, sku: string, overrides: Partial<Variant> = {}): Variant => ({
  id,
  productId,
  sku,
  price: 1_000,
  salePrice: null,
  stock: 5,
  threshold: null,
  lastRestocked: null,
  variantName: "",
  variantAttributes: {},
  isDefault: true,
  position: 0,
  taxClass: null,
  ...overrides,
});
