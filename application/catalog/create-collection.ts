// CreateCollection, the use case behind POST /v1/product-collections; what it shares with its
// sibling use cases is in collection-writes.ts.
import { inject, injectable } from "inversify";
import { productSlug, withSuffix } from "../../domain/catalog/slug.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { CollectionRepository, type StoredCollection } from "../ports/collection-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { CollectionInput } from "./catalog-inputs.js";
import { toCollectionRecord, type CollectionRecord } from "./collection-records.js";
import { taken } from "./collection-writes.js";

@injectable()
export class CreateCollection {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: CollectionInput): Promise<CollectionRecord> {
    return this.uow.run(async () => {
      const id = this.ids.newId();
      let slug = input.slug;
      if (slug !== undefined) {
        if (await this.collections.slugTaken(principal.storeId, slug)) throw taken();
      } else {
        // Collections are few and named by merchants: a readable slug without the id suffix.
        const base = productSlug(input.name, id).replace(/-[0-9a-f]{8}$/, "") || "collection";
        slug = base;
        for (let n = 2; await this.collections.slugTaken(principal.storeId, slug); n++) slug = withSuffix(base, n);
      }
      const now = this.clock.now().toISOString();
      const collection: StoredCollection = {
        id,
        name: input.name,
        slug,
        type: input.type ?? "manual",
        description: input.description ?? null,
        isActive: input.is_active ?? true,
        showOnHomepage: input.show_on_homepage ?? false,
        displayPriority: input.display_priority ?? 0,
        createdAt: now,
        updatedAt: now,
      };
      await this.collections.insert(principal.storeId, collection);
      return toCollectionRecord(collection);
    });
  }
}
