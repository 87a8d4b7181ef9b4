// Creates, changes and deletes lookbooks. A new lookbook is published at once unless
// `published_at` says otherwise (null: unpublished; a future time: scheduled). Images are
// replaced as a whole; hotspot products and the collection must be the store's own.
import { inject, injectable } from "inversify";
import { withSuffix } from "../../domain/catalog/slug.js";
import { contentSlug } from "../../domain/content/content-slug.js";
import type { Lookbook, LookbookImage } from "../../domain/content/lookbook.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { LookbookInput, LookbookPatch } from "./content-inputs.js";
import type { LookbookRecord } from "./content-records.js";
import { StoreReferences } from "../catalog/store-references.js";
import { lookbookMissing, ReadLookbooks } from "./read-lookbooks.js";

const taken = (): ResourceConflict =>
  new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A lookbook with this slug already exists in the store." });

@injectable()
export class ManageLookbooks {
  constructor(
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(StoreReferences) private readonly references: StoreReferences,
    @inject(ReadLookbooks) private readonly read: ReadLookbooks,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async create(principal: Principal, input: LookbookInput): Promise<LookbookRecord> {
    const id = await this.uow.run(async () => {
      const storeId = principal.storeId;
      const images = await this.images(storeId, input.images ?? []);
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
    return this.read.byId(principal, id);
  }

  async update(principal: Principal, id: string, patch: LookbookPatch): Promise<LookbookRecord> {
    await this.uow.run(async () => {
      const storeId = principal.storeId;
      const current = await this.lookbooks.find(storeId, id);
      if (current === undefined) throw lookbookMissing();
      const images = patch.images === undefined ? undefined : await this.images(storeId, patch.images);
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
    return this.read.byId(principal, id);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.lookbooks.find(principal.storeId, id)) === undefined) throw lookbookMissing();
      await this.lookbooks.remove(principal.storeId, id);
    });
  }

  private async images(storeId: string, input: NonNullable<LookbookInput["images"]>): Promise<LookbookImage[]> {
    await this.references.checkProducts(
      storeId,
      input.flatMap((image, i) => (image.hotspots ?? []).map((h, j) => [`images[${i}].hotspots[${j}].product_id`, h.product_id] as const)),
    );
    return input.map((image, position) => ({
      id: this.ids.newId(),
      url: image.url,
      altText: image.alt_text ?? null,
      caption: image.caption ?? null,
      position,
      hotspots: (image.hotspots ?? []).map((h) => ({ productId: h.product_id, x: h.x, y: h.y })),
    }));
  }
}
