// Creates, changes and deletes categories and subcategories. Deleting a category deletes its
// subcategories; products that pointed at them keep existing without a category.
// This module holds what the use cases CreateCategory, UpdateCategory, DeleteCategory,
// CreateSubcategory, UpdateSubcategory and DeleteSubcategory share (one class a file,
// docs/architecture.md, the application/ ring).
import type { Category } from "../../domain/catalog/category.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { CategoryRepository } from "../ports/category-repository.js";
import type { CategoryPatch } from "./catalog-inputs.js";

export const missing = (resource: string): ResourceMissing => new ResourceMissing({ resource, message: `No such ${resource}.` });

export function categoryChanges(patch: CategoryPatch): Partial<Category> {
  return {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.image !== undefined ? { image: patch.image } : {}),
    ...(patch.active !== undefined ? { active: patch.active } : {}),
  };
}

export async function requireParentCategory(deps: { readonly categories: CategoryRepository }, storeId: string, categoryId: string): Promise<void> {
  if ((await deps.categories.findCategory(storeId, categoryId)) === undefined) {
    throw new ParameterInvalid({ param: "category_id", message: "category_id names no category of this store" });
  }
}
