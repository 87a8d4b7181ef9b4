// CreateSubcategory, the use case behind POST /v1/subcategories; what it shares with its sibling
// use cases is in category-writes.ts.
import { inject, injectable } from "inversify";
import type { Subcategory } from "../../domain/catalog/category.js";
import type { Principal } from "../access/principal.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { SubcategoryInput } from "./catalog-inputs.js";
import { toSubcategoryRecord, type SubcategoryRecord } from "./category-records.js";
import { requireParentCategory } from "./category-writes.js";

@injectable()
export class CreateSubcategory {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: SubcategoryInput): Promise<SubcategoryRecord> {
    return this.uow.run(async () => {
      await requireParentCategory({ categories: this.categories }, principal.storeId, input.category_id);
      const now = this.clock.now().toISOString();
      const subcategory: Subcategory = {
        id: this.ids.newId(),
        categoryId: input.category_id,
        name: input.name,
        description: input.description ?? null,
        image: input.image ?? null,
        active: input.active ?? true,
        createdAt: now,
        updatedAt: now,
      };
      await this.categories.insertSubcategory(principal.storeId, subcategory);
      return toSubcategoryRecord(subcategory);
    });
  }
}
