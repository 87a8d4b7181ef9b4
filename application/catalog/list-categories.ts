// Category and subcategory lists: active ones unless asked otherwise, filtered by a name
// substring, one keyset page at a time. The repository may answer a page it keeps (the same
// objects until the catalog changes): each record is made once per category object and marked
// kept, so its JSON is made once too (record-memo.ts, answer-json.ts).
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import type { Category, Subcategory } from "../../domain/catalog/category.js";
import { CategoryRepository, type CategoryListFilter } from "../ports/category-repository.js";
import { keepRecord } from "./record-memo.js";
import { toCategoryRecord, toSubcategoryRecord, type CategoryRecord, type SubcategoryRecord } from "./category-records.js";

const categoryRecords = new WeakMap<Category, CategoryRecord>();
const subcategoryRecords = new WeakMap<Subcategory, SubcategoryRecord>();

const recordOf = <C extends object, R extends object>(made: WeakMap<C, R>, item: C, make: (item: C) => R): R => {
  let record = made.get(item);
  if (record === undefined) made.set(item, (record = keepRecord(make(item))));
  return record;
};

@injectable()
export class ListCategories {
  constructor(@inject(CategoryRepository) private readonly categories: CategoryRepository) {}

  async categoriesPage(principal: Principal, filter: CategoryListFilter, page: PageRequest): Promise<Page<CategoryRecord>> {
    const found = await this.categories.listCategories(principal.storeId, filter, page);
    return { ...found, items: found.items.map((c) => recordOf(categoryRecords, c, toCategoryRecord)) };
  }

  async subcategoriesPage(principal: Principal, filter: CategoryListFilter, page: PageRequest): Promise<Page<SubcategoryRecord>> {
    const found = await this.categories.listSubcategories(principal.storeId, filter, page);
    return { ...found, items: found.items.map((s) => recordOf(subcategoryRecords, s, toSubcategoryRecord)) };
  }
}
