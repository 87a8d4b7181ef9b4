// Creates, changes and deletes collections and replaces their items. Items must name products
// of the same store.
import { inject, injectable } from "inversify";
import { productSlug, withSuffix } from "../../domain/catalog/slug.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceConflict, ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { CollectionRepository, type StoredCollection } from "../ports/collection-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { CollectionInput, CollectionItemsInput, CollectionPatch } from "./catalog-inputs.js";
import { toCollectionRecord, type CollectionRecord } from "./collection-records.js";
import { ListCollections } from "./list-collections.js";

const missing = (): ResourceMissing => new ResourceMissing({ resource: "collection", message: "No such collection." });
const taken = (): ResourceConflict =>
  new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A collection with this slug already exists in the store." });

@injectable()
export class ManageCollections {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(ListCollections) private readonly list: ListCollections,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async create(principal: Principal, input: CollectionInput): Promise<CollectionRecord> {
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

  async update(principal: Principal, id: string, patch: CollectionPatch): Promise<CollectionRecord> {
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

  async remove(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.collections.find(principal.storeId, id)) === undefined) throw missing();
      await this.collections.remove(principal.storeId, id);
    });
  }

  async replaceItems(principal: Principal, id: string, input: CollectionItemsInput) {
    await this.uow.run(async () => {
      if ((await this.collections.find(principal.storeId, id)) === undefined) throw missing();
      const ids = input.items.map((i) => i.product_id);
      if (new Set(ids).size !== ids.length) throw new ParameterInvalid({ param: "items", message: "a product may appear once in a collection" });
      const known = await this.products.findManyByIds(principal.storeId, ids);
      const unknownIndex = ids.findIndex((productId) => !known.has(productId));
      if (unknownIndex >= 0) {
        throw new ParameterInvalid({ param: `items[${unknownIndex}].product_id`, message: "names no product of this store" });
      }
      await this.collections.replaceItems(
        principal.storeId,
        id,
        input.items.map((item, index) => ({ collectionId: id, productId: item.product_id, sortOrder: item.sort_order ?? index })),
      );
    });
    return { items: await this.list.items(principal, id) };
  }
}
