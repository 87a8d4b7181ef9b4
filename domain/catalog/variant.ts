// A product variant as the store holds it: the sellable unit with its own SKU,
// price, stock and attributes (colour, size, ...).

export interface Variant {
  readonly id: string;
  readonly productId: string;
  readonly sku: string;
  /** Regular price in integer minor units of the store currency. */
  readonly price: number;
  /** Sale price in minor units; null when the variant is not on sale. */
  readonly salePrice: number | null;
  readonly stock: number;
  /** Low-stock threshold; null when no alert is wanted. */
  readonly threshold: number | null;
  /** Calendar date 'YYYY-MM-DD', null when never restocked. */
  readonly lastRestocked: string | null;
  readonly variantName: string;
  readonly variantAttributes: Readonly<Record<string, string>>;
  readonly isDefault: boolean;
  /** Display order among the product's variants; also the default-variant fallback. */
  readonly position: number;
  /** Overrides the product's tax class when set (docs/taxes.md, "Tax classes"). */
  readonly taxClass?: string | null;
}
