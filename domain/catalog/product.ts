// A catalog product as the store holds it: the product-level data shared by all
// of its variants. Variants live in variant.ts and are joined by productId.

export type ProductMediaType = "image" | "video";

// Media keeps the API's snake_case keys because it is stored and served as one
// JSON document; renaming keys on every read would buy nothing.
export interface ProductMedia {
  readonly id: string;
  readonly url: string;
  readonly type: ProductMediaType;
  readonly position: number;
  readonly alt_text: string | null;
  readonly is_primary: boolean;
}

// Dimensions and weight in fixed metric units (grams, centimetres) so the
// numbers need no unit field and carriers' rates can be computed directly.
// Every key is optional: a digital product has none of them.
export interface ShippingInfo {
  readonly weight_grams?: number;
  readonly length_cm?: number;
  readonly width_cm?: number;
  readonly height_cm?: number;
}

// Product-level attributes are free-form labels (material: "cotton") shown to
// customers, so string values suffice, as for variant attributes.
export type ProductAttributes = Readonly<Record<string, string>>;

export interface Product {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  // Category and subcategory names are denormalised next to their ids so a
  // product can be rendered without a second lookup.
  readonly categoryId: string | null;
  readonly categoryName: string | null;
  readonly subcategoryId: string | null;
  readonly subcategoryName: string | null;
  readonly brand: string | null;
  readonly thumbnailUrl: string | null;
  readonly media: readonly ProductMedia[];
  /** `{product-name}-{short-id}`, see slug.ts. */
  readonly slug: string;
  readonly seoTitle: string | null;
  readonly seoDescription: string | null;
  readonly seoKeywords: string | null;
  readonly featured: boolean;
  readonly featuredOrder: number;
  readonly tags: readonly string[] | null;
  readonly attributes: ProductAttributes;
  readonly shippingInfo: ShippingInfo;
  readonly isActive: boolean;
  /** The tax class its variants are taxed under unless one names its own; `standard` when null or absent (docs/taxes.md, "Tax classes"). */
  readonly taxClass?: string | null;
  /** ISO 8601 timestamp. */
  readonly createdAt: string;
  /** ISO 8601 timestamp. */
  readonly updatedAt: string;
}
