// UpdateSubcategory, the use case behind PATCH /v1/subcategories/{id}; what it shares with its
// sibling use cases is in category-writes.ts.
import { inject, injectable } from "inversify";
import type { Subcategory } from "../../domain/catalog/category.js";
import type { Principal } from "../access/principal.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SubcategoryPatch } from "./catalog-inputs.js";
import { toSubcategoryRecord, type SubcategoryRecord } from "./category-records.js";
import { missing, categoryChanges, requireParentCategory } from "./category-writes.js";

@injectable()
export class UpdateSubcategory {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: SubcategoryPatch): Promise<SubcategoryRecord> {
    return this.uow.run(async () => {
      const current = await this.categories.findSubcategory(principal.storeId, id);
      if (current === undefined) throw missing("subcategory");
      if (patch.category_id !== undefined) await requireParentCategory({ categories: this.categories }, principal.storeId, patch.category_id);
      const next: Subcategory = {
        ...current,
        ...categoryChanges(patch),
        categoryId: patch.category_id ?? current.categoryId,
        updatedAt: this.clock.now().toISOString(),
      };
      await this.categories.updateSubcategory(principal.storeId, next);
      return toSubcategoryRecord(next);
    });
  }
}
