import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CollectionRepository } from "../ports/collection-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import {
  type CollectionItemRecord,
} from "./collection-records.js";
import { requireVisibleCollection, collectionItemsWithProducts } from "./collection-reads.js";

/** A page of a collection's items, in the order of `items`. */
@injectable()
export class ListCollectionItems {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
  ) {}

  async execute(principal: Principal, collectionId: string, page: PageRequest): Promise<Page<CollectionItemRecord>> {
    await requireVisibleCollection({ collections: this.collections }, principal, collectionId);
    const found = await this.collections.itemsPage(principal.storeId, collectionId, page, { activeOnly: principal.keyType !== "secret" });
    return { ...found, items: await collectionItemsWithProducts({ products: this.products }, principal, found.items) };
  }
}
