// Categories and subcategories as the API shows them (docs/api/catalog.md, "Categories and
// subcategories").
import type { Category, Subcategory } from "../../domain/catalog/category.js";

export interface CategoryRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly image: string | null;
  readonly active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface SubcategoryRecord extends CategoryRecord {
  readonly category_id: string;
}

export const toCategoryRecord = (c: Category): CategoryRecord => ({
  id: c.id,
  name: c.name,
  description: c.description,
  image: c.image,
  active: c.active,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

export const toSubcategoryRecord = (s: Subcategory): SubcategoryRecord => ({ ...toCategoryRecord(s), category_id: s.categoryId });
