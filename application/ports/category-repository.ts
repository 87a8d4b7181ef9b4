// Categories and subcategories of a store's catalog.
import type { ServiceIdentifier } from "inversify";
import type { Category, Subcategory } from "../../domain/catalog/category.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface CategoryListFilter {
  readonly active: boolean;
  readonly search?: string | undefined;
  /** Subcategories only: those of this category. */
  readonly categoryId?: string | undefined;
}

export interface CategoryRepository {
  listCategories(storeId: string, filter: CategoryListFilter, page: PageRequest): Promise<Page<Category>>;
  listSubcategories(storeId: string, filter: CategoryListFilter, page: PageRequest): Promise<Page<Subcategory>>;
  findCategory(storeId: string, id: string): Promise<Category | undefined>;
  findSubcategory(storeId: string, id: string): Promise<Subcategory | undefined>;
  findCategoryByName(storeId: string, name: string): Promise<Category | undefined>;
  findSubcategoryByName(storeId: string, categoryId: string, name: string): Promise<Subcategory | undefined>;
  insertCategory(storeId: string, category: Category): Promise<void>;
  updateCategory(storeId: string, category: Category): Promise<void>;
  removeCategory(storeId: string, id: string): Promise<void>;
  insertSubcategory(storeId: string, subcategory: Subcategory): Promise<void>;
  updateSubcategory(storeId: string, subcategory: Subcategory): Promise<void>;
  removeSubcategory(storeId: string, id: string): Promise<void>;
}
export const CategoryRepository: ServiceIdentifier<CategoryRepository> = Symbol.for("storefront.CategoryRepository");
