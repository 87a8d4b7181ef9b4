// UpdateCollection, the use case behind PATCH /v1/product-collections/{id}; what it shares with its
// sibling use cases is in collection-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { CollectionRepository, type StoredCollection } from "../ports/collection-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { CollectionPatch } from "./catalog-inputs.js";
import { toCollectionRecord, type CollectionRecord } from "./collection-records.js";
import { missing, taken } from "./collection-writes.js";

@injectable()
export class UpdateCollection {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: CollectionPatch): Promise<CollectionRecord> {
    return this.uow.run(async () => {
      const current = await this.collections.find(principal.storeId, id);
      if (current === undefined) throw missing();
      if (patch.slug !== undefined && patch.slug !== current.slug && (await this.collections.slugTaken(principal.storeId, patch.slug, id))) {
        throw taken();
      }
      const next: StoredCollection = {
        ...current,
        name: patch.name ?? current.name,
        slug: patch.slug ?? current.slug,
        type: patch.type ?? current.type,
        description: patch.description !== undefined ? patch.description : current.description,
        isActive: patch.is_active ?? current.isActive,
        showOnHomepage: patch.show_on_homepage ?? current.showOnHomepage,
        displayPriority: patch.display_priority ?? current.displayPriority,
        updatedAt: this.clock.now().toISOString(),
      };
      await this.collections.update(principal.storeId, next);
      return toCollectionRecord(next);
    });
  }
}
