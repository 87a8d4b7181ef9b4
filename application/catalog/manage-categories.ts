// Creates, changes and deletes categories and subcategories. Deleting a category deletes its
// subcategories; products that pointed at them keep existing without a category.
import { inject, injectable } from "inversify";
import type { Category, Subcategory } from "../../domain/catalog/category.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { CategoryInput, CategoryPatch, SubcategoryInput, SubcategoryPatch } from "./catalog-inputs.js";
import { toCategoryRecord, toSubcategoryRecord, type CategoryRecord, type SubcategoryRecord } from "./category-records.js";

const missing = (resource: string): ResourceMissing => new ResourceMissing({ resource, message: `No such ${resource}.` });

@injectable()
export class ManageCategories {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async createCategory(principal: Principal, input: CategoryInput): Promise<CategoryRecord> {
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

  async updateCategory(principal: Principal, id: string, patch: CategoryPatch): Promise<CategoryRecord> {
    return this.uow.run(async () => {
      const current = await this.categories.findCategory(principal.storeId, id);
      if (current === undefined) throw missing("category");
      const next: Category = { ...current, ...this.changes(patch), updatedAt: this.clock.now().toISOString() };
      await this.categories.updateCategory(principal.storeId, next);
      return toCategoryRecord(next);
    });
  }

  async deleteCategory(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.categories.findCategory(principal.storeId, id)) === undefined) throw missing("category");
      await this.categories.removeCategory(principal.storeId, id);
    });
  }

  async createSubcategory(principal: Principal, input: SubcategoryInput): Promise<SubcategoryRecord> {
    return this.uow.run(async () => {
      await this.requireParent(principal.storeId, input.category_id);
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

  async updateSubcategory(principal: Principal, id: string, patch: SubcategoryPatch): Promise<SubcategoryRecord> {
    return this.uow.run(async () => {
      const current = await this.categories.findSubcategory(principal.storeId, id);
      if (current === undefined) throw missing("subcategory");
      if (patch.category_id !== undefined) await this.requireParent(principal.storeId, patch.category_id);
      const next: Subcategory = {
        ...current,
        ...this.changes(patch),
        categoryId: patch.category_id ?? current.categoryId,
        updatedAt: this.clock.now().toISOString(),
      };
      await this.categories.updateSubcategory(principal.storeId, next);
      return toSubcategoryRecord(next);
    });
  }

  async deleteSubcategory(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.categories.findSubcategory(principal.storeId, id)) === undefined) throw missing("subcategory");
      await this.categories.removeSubcategory(principal.storeId, id);
    });
  }

  private changes(patch: CategoryPatch): Partial<Category> {
    return {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.image !== undefined ? { image: patch.image } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
    };
  }

  private async requireParent(storeId: string, categoryId: string): Promise<void> {
    if ((await this.categories.findCategory(storeId, categoryId)) === undefined) {
      throw new ParameterInvalid({ param: "category_id", message: "category_id names no category of this store" });
    }
  }
}
