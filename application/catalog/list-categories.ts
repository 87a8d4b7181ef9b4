// Category and subcategory lists: active ones unless asked otherwise, filtered by a name
// substring, one keyset page at a time.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CategoryRepository, type CategoryListFilter } from "../ports/category-repository.js";
import { toCategoryRecord, toSubcategoryRecord, type CategoryRecord, type SubcategoryRecord } from "./category-records.js";

@injectable()
export class ListCategories {
  constructor(@inject(CategoryRepository) private readonly categories: CategoryRepository) {}

  async categoriesPage(principal: Principal, filter: CategoryListFilter, page: PageRequest): Promise<Page<CategoryRecord>> {
    const found = await this.categories.listCategories(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toCategoryRecord) };
  }

  async subcategoriesPage(principal: Principal, filter: CategoryListFilter, page: PageRequest): Promise<Page<SubcategoryRecord>> {
    const found = await this.categories.listSubcategories(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toSubcategoryRecord) };
  }
}
