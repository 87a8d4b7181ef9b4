// CreateCategory, the use case behind POST /v1/categories.
import { inject, injectable } from "inversify";
import type { Category } from "../../domain/catalog/category.js";
import type { Principal } from "../access/principal.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import type { CategoryInput } from "./catalog-inputs.js";
import { toCategoryRecord, type CategoryRecord } from "./category-records.js";

@injectable()
export class CreateCategory {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: CategoryInput): Promise<CategoryRecord> {
    const now = this.clock.now().toISOString();
    const category: Category = {
      id: this.ids.newId(),
      name: input.name,
      description: input.description ?? null,
      image: input.image ?? null,
      active: input.active ?? true,
      createdAt: now,
      updatedAt: now,
    };
    await this.categories.insertCategory(principal.storeId, category);
    return toCategoryRecord(category);
  }
}
