// Curated collections of products (e.g. "Summer sale") and their ordered
// membership.

export interface Collection {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string | null;
  readonly isActive: boolean;
  readonly showOnHomepage: boolean;
  /** Higher sorts first on the homepage. */
  readonly displayPriority: number;
  /** ISO 8601 timestamp. */
  readonly createdAt: string;
  /** ISO 8601 timestamp. */
  readonly updatedAt: string;
}

// Membership only references the product: the embedded product in the API's
// collection item is built from the Product at read time, so it never goes stale.
// productId is what the API calls online_product_id.
export interface CollectionItem {
  readonly collectionId: string;
  readonly productId: string;
  readonly sortOrder: number;
}
