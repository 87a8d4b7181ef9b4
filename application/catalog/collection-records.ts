// Collections and their items as the API shows them (docs/api/catalog.md, "Collections"). The
// embedded product uses the `online_*` names, taken from the product and its default variant.
import { defaultVariant, totalStock } from "../../domain/catalog/product-shapes.js";
import { onlineCategory } from "../../domain/catalog/online-category.js";
import type { StoredCollection } from "../ports/collection-repository.js";
import type { ProductWithVariants } from "../ports/product-repository.js";

export interface CollectionRecord {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly type: string;
  readonly description: string | null;
  readonly is_active: boolean;
  readonly show_on_homepage: boolean;
  readonly display_priority: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export const toCollectionRecord = (c: StoredCollection): CollectionRecord => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  type: c.type,
  description: c.description,
  is_active: c.isActive,
  show_on_homepage: c.showOnHomepage,
  display_priority: c.displayPriority,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const toCollectionProduct = ({ product, variants }: ProductWithVariants) => {
  const main = defaultVariant(variants);
  return {
    id: product.id,
    inventory_id: main.id,
    online_name: product.name,
    online_description: product.description,
    online_images: product.media.filter((m) => m.type === "image").map((m) => m.url),
    online_price: main.price,
    online_sale_price: main.salePrice,
    online_stock: totalStock(variants),
    is_online_enabled: product.isActive,
    seo_title: product.seoTitle,
    seo_description: product.seoDescription,
    seo_keywords: product.seoKeywords,
    featured: product.featured,
    featured_order: product.featuredOrder,
    online_category: onlineCategory(product.categoryName, product.subcategoryName),
    tags: product.tags,
    attributes: product.attributes,
    shipping_info: product.shippingInfo,
    created_at: product.createdAt,
    updated_at: product.updatedAt,
  };
};
export type CollectionProductRecord = ReturnType<typeof toCollectionProduct>;

export interface CollectionItemRecord {
  readonly online_product_id: string;
  readonly sort_order: number;
  readonly product: CollectionProductRecord;
}
