// UpdateCategory, the use case behind PATCH /v1/categories/{id}; what it shares with its sibling
// use cases is in category-writes.ts.
import { inject, injectable } from "inversify";
import type { Category } from "../../domain/catalog/category.js";
import type { Principal } from "../access/principal.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { CategoryPatch } from "./catalog-inputs.js";
import { toCategoryRecord, type CategoryRecord } from "./category-records.js";
import { missing, categoryChanges } from "./category-writes.js";

@injectable()
export class UpdateCategory {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: CategoryPatch): Promise<CategoryRecord> {
    return this.uow.run(async () => {
      const current = await this.categories.findCategory(principal.storeId, id);
      if (current === undefined) throw missing("category");
      const next: Category = { ...current, ...categoryChanges(patch), updatedAt: this.clock.now().toISOString() };
      await this.categories.updateCategory(principal.storeId, next);
      return toCategoryRecord(next);
    });
  }
}
