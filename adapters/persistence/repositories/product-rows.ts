// The products and variants rows of the product repository: the columns read and written, how a
// row becomes a Product or Variant and back, and the SELECTs every product read starts from. Changes
// when a column of products or variants does.
import type { Knex } from "knex";
import type { ProductRecord } from "../../../application/ports/product-repository.js";
import type { Product } from "../../../domain/catalog/product.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";

export interface ProductRow {
  id: string;
  store_id: string;
  name: string;
  description: string | null;
  category_id: string | null;
  category_name: string | null;
  subcategory_id: string | null;
  subcategory_name: string | null;
  brand: string | null;
  thumbnail_url: string | null;
  media: string;
  slug: string;
  seo_title: string | null;
  seo_description: string | null;
  seo_keywords: string | null;
  featured: number | boolean;
  featured_order: number;
  tags: string | null;
  attributes: string;
  shipping_info: string;
  is_active: number | boolean;
  tax_class: string | null;
  created_at: string;
  updated_at: string;
}

export interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  price: number | string;
  sale_price: number | string | null;
  stock: number;
  threshold: number | null;
  last_restocked: string | null;
  variant_name: string;
  variant_attributes: string;
  is_default: number | boolean;
  position: number;
  tax_class: string | null;
}

/** The product read with its category names; callers append conditions to the WHERE. */
export const PRODUCT_SELECT =
  "select p.*, c.name as category_name, s.name as subcategory_name from products p " +
  "left join categories c on c.id = p.category_id left join subcategories s on s.id = p.subcategory_id where p.store_id = ?";

/** Products with their variants in one read (a row per variant, the variant's columns prefixed `v_`). */
const PRODUCT_WITH_VARIANTS_SELECT =
  "select p.*, c.name as category_name, s.name as subcategory_name, v.id as v_id, v.sku as v_sku, v.price as v_price, " +
  "v.sale_price as v_sale_price, v.stock as v_stock, v.threshold as v_threshold, v.last_restocked as v_last_restocked, " +
  "v.variant_name as v_variant_name, v.variant_attributes as v_variant_attributes, v.is_default as v_is_default, v.position as v_position, v.tax_class as v_tax_class " +
  "from products p join variants v on v.product_id = p.id " +
  "left join categories c on c.id = p.category_id left join subcategories s on s.id = p.subcategory_id where p.store_id = ?";

/**
 * The same reads for a list of ids: `+p.store_id` keeps SQLite's planner off the store's indexes
 * (without statistics it prefers them and walks every product of the store, 0.4 s at 200,000), so it
 * looks the ids up by primary key; MariaDB reads `+` as nothing and plans by its statistics.
 */
const BY_IDS = (select: string): string => select.replace(/where p\.store_id = \?$/, "where +p.store_id = ?");
export const PRODUCTS_BY_IDS_SELECT = BY_IDS(PRODUCT_SELECT);
export const PRODUCTS_WITH_VARIANTS_BY_IDS_SELECT = BY_IDS(PRODUCT_WITH_VARIANTS_SELECT);

export type ProductWithVariantRow = ProductRow & { [K in keyof VariantRow as K extends "product_id" ? never : `v_${K}`]: VariantRow[K] };

const PRODUCT_COLUMNS = [
  "p.*",
  "c.name as category_name",
  "s.name as subcategory_name",
];

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  categoryId: row.category_id,
  categoryName: row.category_name,
  subcategoryId: row.subcategory_id,
  subcategoryName: row.subcategory_name,
  brand: row.brand,
  thumbnailUrl: row.thumbnail_url,
  media: readJson(row.media, []),
  slug: row.slug,
  seoTitle: row.seo_title,
  seoDescription: row.seo_description,
  seoKeywords: row.seo_keywords,
  featured: readBoolean(row.featured),
  featuredOrder: row.featured_order,
  tags: readJson<string[] | null>(row.tags, null),
  attributes: readJson(row.attributes, {}),
  shippingInfo: readJson(row.shipping_info, {}),
  isActive: readBoolean(row.is_active),
  taxClass: row.tax_class ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toVariant = (row: VariantRow): Variant => ({
  id: row.id,
  productId: row.product_id,
  sku: row.sku,
  price: Number(row.price),
  salePrice: row.sale_price === null ? null : Number(row.sale_price),
  stock: row.stock,
  threshold: row.threshold,
  lastRestocked: row.last_restocked,
  variantName: row.variant_name,
  variantAttributes: readJson(row.variant_attributes, {}),
  isDefault: readBoolean(row.is_default),
  position: row.position,
  taxClass: row.tax_class ?? null,
});

/** The products row the repository writes for a record (exported for the bench seeder's batched inserts). */
export const productColumns = (storeId: string, product: ProductRecord) => ({
  id: product.id,
  store_id: storeId,
  name: product.name,
  description: product.description,
  category_id: product.categoryId,
  subcategory_id: product.subcategoryId,
  brand: product.brand,
  thumbnail_url: product.thumbnailUrl,
  media: writeJson(product.media),
  slug: product.slug,
  seo_title: product.seoTitle,
  seo_description: product.seoDescription,
  seo_keywords: product.seoKeywords,
  featured: product.featured,
  featured_order: product.featuredOrder,
  tags: product.tags === null ? null : writeJson(product.tags),
  attributes: writeJson(product.attributes),
  shipping_info: writeJson(product.shippingInfo),
  is_active: product.isActive,
  tax_class: product.taxClass ?? null,
  created_at: product.createdAt,
  updated_at: product.updatedAt,
});

/** The variants row the repository writes for a variant (exported for the bench seeder's batched inserts). */
export const variantColumns = (storeId: string, variant: Variant, now: string) => ({
  id: variant.id,
  store_id: storeId,
  product_id: variant.productId,
  sku: variant.sku,
  price: variant.price,
  sale_price: variant.salePrice,
  stock: variant.stock,
  threshold: variant.threshold,
  last_restocked: variant.lastRestocked,
  variant_name: variant.variantName,
  variant_attributes: writeJson(variant.variantAttributes),
  is_default: variant.isDefault,
  position: variant.position,
  tax_class: variant.taxClass ?? null,
  created_at: now,
  updated_at: now,
});

/** The product with its category names, for a query built with knex (`PRODUCT_SELECT`'s joins). */
export const withNames = (query: Knex.QueryBuilder): Knex.QueryBuilder =>
  query
    .leftJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("subcategories as s", "s.id", "p.subcategory_id")
    .select(PRODUCT_COLUMNS);
