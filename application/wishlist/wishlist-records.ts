// The wishlist as the API shows it (docs/api/carts-and-wishlists.md, "Wishlists"): each entry with
// its product and variant data as they are now. Entries whose product is inactive are left out
// until it is active again.
import { toVariantRecord } from "../../domain/catalog/product-shapes.js";
import type { ProductWithVariants } from "../ports/product-repository.js";
import type { WishlistEntry } from "../ports/wishlist-repository.js";

export interface WishlistMediaRecord {
  readonly id: string;
  readonly url: string;
  readonly position: number;
  readonly alt_text: string | null;
  readonly is_primary: boolean;
}

export interface WishlistItemRecord {
  readonly id: string;
  readonly product_id: string;
  readonly variant_id: string;
  readonly product_name: string;
  readonly variant_name: string;
  readonly variant_attributes: Readonly<Record<string, string>>;
  readonly product_sku: string;
  /** The variant's selling price (sale price when on sale), in minor units. */
  readonly product_price: number;
  readonly thumbnail_url: string | null;
  readonly media: readonly WishlistMediaRecord[];
  readonly stock_available: number;
  readonly has_variants: boolean;
  readonly created_at: string;
}

export interface WishlistRecord {
  readonly items: readonly WishlistItemRecord[];
  readonly total_items: number;
  readonly customer_id: string;
}

export const toWishlistRecord = (
  customerId: string,
  entries: readonly WishlistEntry[],
  products: ReadonlyMap<string, ProductWithVariants>,
): WishlistRecord => {
  const items = entries.flatMap((entry): WishlistItemRecord[] => {
    const found = products.get(entry.productId);
    const variant = found?.variants.find((v) => v.id === entry.variantId);
    if (found === undefined || variant === undefined || !found.product.isActive) return [];
    const { product, variants } = found;
    const shown = toVariantRecord(variant);
    return [
      {
        id: entry.id,
        product_id: product.id,
        variant_id: variant.id,
        product_name: product.name,
        variant_name: shown.variant_name,
        variant_attributes: shown.variant_attributes,
        product_sku: shown.sku,
        product_price: shown.selling_price,
        thumbnail_url: product.thumbnailUrl ?? product.media.find((m) => m.is_primary)?.url ?? null,
        media: product.media.map((m) => ({ id: m.id, url: m.url, position: m.position, alt_text: m.alt_text, is_primary: m.is_primary })),
        stock_available: variant.stock,
        has_variants: variants.length > 1,
        created_at: entry.createdAt,
      },
    ];
  });
  return { items, total_items: items.length, customer_id: customerId };
};
