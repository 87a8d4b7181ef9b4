// DeleteSubcategory, the use case behind DELETE /v1/subcategories/{id}; what it shares with its
// sibling use cases is in category-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { missing } from "./category-writes.js";

@injectable()
export class DeleteSubcategory {
  constructor(
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.categories.findSubcategory(principal.storeId, id)) === undefined) throw missing("subcategory");
      await this.categories.removeSubcategory(principal.storeId, id);
    });
  }
}
