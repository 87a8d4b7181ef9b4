// GetCollectionItems; what it shares with its sibling use cases is in collection-reads.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { CollectionRepository } from "../ports/collection-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import {
  type CollectionItemRecord,
} from "./collection-records.js";
import { requireVisibleCollection, collectionItemsWithProducts } from "./collection-reads.js";

@injectable()
export class GetCollectionItems {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
  ) {}

  async execute(principal: Principal, collectionId: string): Promise<readonly CollectionItemRecord[]> {
    await requireVisibleCollection({ collections: this.collections }, principal, collectionId);
    return collectionItemsWithProducts({ products: this.products }, principal, await this.collections.items(principal.storeId, collectionId));
  }
}
