// UpdateLookbook, the use case behind PATCH /v1/lookbooks/{lookbook}; what it shares with its
// sibling use cases is in lookbook-writes.ts.
import { lookbookMissing } from "./lookbook-reads.js";
import { GetLookbook } from "./get-lookbook.js";
import { inject, injectable } from "inversify";
import type { Lookbook } from "../../domain/content/lookbook.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { LookbookPatch } from "./content-inputs.js";
import type { LookbookRecord } from "./content-records.js";
import { StoreReferences } from "../catalog/store-references.js";
import { taken, lookbookImages } from "./lookbook-writes.js";

@injectable()
export class UpdateLookbook {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(GetLookbook) private readonly getLookbook: GetLookbook,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, id: string, patch: LookbookPatch): Promise<LookbookRecord> {
    await this.uow.run(async () => {
      const storeId = principal.storeId;
      const current = await this.lookbooks.find(storeId, id);
      if (current === undefined) throw lookbookMissing();
      const images = patch.images === undefined ? undefined : await lookbookImages({ references: this.references, ids: this.ids }, storeId, patch.images);
      await this.references.checkCollection(storeId, patch.collection_id);
      if (patch.slug !== undefined && patch.slug !== current.slug && (await this.lookbooks.slugTaken(storeId, patch.slug, id))) {
        throw taken();
      }
      const keep = <T>(given: T | undefined, was: T): T => (given === undefined ? was : given);
      const next: Lookbook = {
        ...current,
        title: patch.title ?? current.title,
        slug: patch.slug ?? current.slug,
        description: keep(patch.description, current.description),
        featuredImage: keep(patch.featured_image, current.featuredImage),
        collectionId: keep(patch.collection_id, current.collectionId),
        publishedAt: keep(patch.published_at, current.publishedAt),
        updatedAt: this.clock.now().toISOString(),
      };
      await this.lookbooks.update(storeId, next, images);
    });
    return this.getLookbook.execute(principal, id);
  }
}
