import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CategoryRepository, type CategoryListFilter } from "../ports/category-repository.js";
import { toCategoryRecord, type CategoryRecord } from "./category-records.js";
import { categoryRecords, recordOf } from "./category-lists.js";

@injectable()
export class ListCategories {

  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
  ) {}

  async execute(principal: Principal, filter: CategoryListFilter, page: PageRequest): Promise<Page<CategoryRecord>> {
    const found = await this.categories.listCategories(principal.storeId, filter, page);
    return { ...found, items: found.items.map((c) => recordOf(categoryRecords, c, toCategoryRecord)) };
  }
}
