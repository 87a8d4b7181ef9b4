// DeleteCollection, the use case behind DELETE /v1/product-collections/{id}; what it shares with
// its sibling use cases is in collection-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { CollectionRepository } from "../ports/collection-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { missing } from "./collection-writes.js";

@injectable()
export class DeleteCollection {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.collections.find(principal.storeId, id)) === undefined) throw missing();
      await this.collections.remove(principal.storeId, id);
    });
  }
}
