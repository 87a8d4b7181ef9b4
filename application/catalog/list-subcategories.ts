// ListSubcategories, the use case behind GET /v1/subcategories; what it shares with its sibling use
// cases is in category-lists.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CategoryRepository, type CategoryListFilter } from "../ports/category-repository.js";
import { toSubcategoryRecord, type SubcategoryRecord } from "./category-records.js";
import { subcategoryRecords, recordOf } from "./category-lists.js";

@injectable()
export class ListSubcategories {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
  ) {}

  async execute(principal: Principal, filter: CategoryListFilter, page: PageRequest): Promise<Page<SubcategoryRecord>> {
    const found = await this.categories.listSubcategories(principal.storeId, filter, page);
    return { ...found, items: found.items.map((s) => recordOf(subcategoryRecords, s, toSubcategoryRecord)) };
  }
}
