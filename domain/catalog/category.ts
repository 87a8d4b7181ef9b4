// Catalog categories and their subcategories, the two-level tree products are
// filed under.

export interface Category {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  /** Image URL. */
  readonly image: string | null;
  readonly active: boolean;
  /** ISO 8601 timestamp. */
  readonly createdAt: string;
  /** ISO 8601 timestamp. */
  readonly updatedAt: string;
}

export interface Subcategory extends Category {
  readonly categoryId: string;
}
