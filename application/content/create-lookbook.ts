// CreateLookbook, the use case behind POST /v1/lookbooks; what it shares with its sibling use cases
// is in lookbook-writes.ts.
import { GetLookbook } from "./get-lookbook.js";
import { inject, injectable } from "inversify";
import { withSuffix } from "../../domain/catalog/slug.js";
import { contentSlug } from "../../domain/content/content-slug.js";
import type { Lookbook } from "../../domain/content/lookbook.js";
import type { Principal } from "../access/principal.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { LookbookInput } from "./content-inputs.js";
import type { LookbookRecord } from "./content-records.js";
import { StoreReferences } from "../catalog/store-references.js";
import { taken, lookbookImages } from "./lookbook-writes.js";

@injectable()
export class CreateLookbook {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(GetLookbook) private readonly getLookbook: GetLookbook,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, input: LookbookInput): Promise<LookbookRecord> {
    const id = await this.uow.run(async () => {
      const storeId = principal.storeId;
      const images = await lookbookImages({ references: this.references, ids: this.ids }, storeId, input.images ?? []);
      await this.references.checkCollection(storeId, input.collection_id);
      const id = this.ids.newId();
      let slug = input.slug;
      if (slug !== undefined) {
        if (await this.lookbooks.slugTaken(storeId, slug)) throw taken();
      } else {
        const base = contentSlug(input.title, "lookbook");
        slug = base;
        for (let n = 2; await this.lookbooks.slugTaken(storeId, slug); n++) slug = withSuffix(base, n);
      }
      const now = this.clock.now().toISOString();
      const lookbook: Lookbook = {
        id,
        title: input.title,
        slug,
        description: input.description ?? null,
        featuredImage: input.featured_image ?? null,
        collectionId: input.collection_id ?? null,
        publishedAt: input.published_at === undefined ? now : input.published_at,
        createdAt: now,
        updatedAt: now,
      };
      await this.lookbooks.insert(storeId, lookbook, images);
      return id;
    });
    return this.getLookbook.execute(principal, id);
  }
}
