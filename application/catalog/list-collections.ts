// Collection lists (active ones, highest display priority first) and a collection's items
// with their products embedded. A publishable key sees only active products.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { Page, PageRequest } from "../pagination/page.js";
import type { CollectionItem } from "../../domain/catalog/collection.js";
import { CollectionRepository, type CollectionListFilter } from "../ports/collection-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import {
  toCollectionProduct,
  toCollectionRecord,
  type CollectionItemRecord,
  type CollectionRecord,
} from "./collection-records.js";

@injectable()
export class ListCollections {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
  ) {}

  async page(principal: Principal, filter: CollectionListFilter, page: PageRequest): Promise<Page<CollectionRecord>> {
    const found = await this.collections.listPage(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toCollectionRecord) };
  }

  async items(principal: Principal, collectionId: string): Promise<readonly CollectionItemRecord[]> {
    await this.visibleCollection(principal, collectionId);
    return this.withProducts(principal, await this.collections.items(principal.storeId, collectionId));
  }

  /** A page of a collection's items, in the order of `items`. */
  async itemsPage(principal: Principal, collectionId: string, page: PageRequest): Promise<Page<CollectionItemRecord>> {
    await this.visibleCollection(principal, collectionId);
    const found = await this.collections.itemsPage(principal.storeId, collectionId, page, { activeOnly: principal.keyType !== "secret" });
    return { ...found, items: await this.withProducts(principal, found.items) };
  }

  private async visibleCollection(principal: Principal, collectionId: string): Promise<void> {
    const collection = await this.collections.find(principal.storeId, collectionId);
    if (collection === undefined || (!collection.isActive && principal.keyType !== "secret")) {
      throw new ResourceMissing({ resource: "collection", message: "No such collection." });
    }
  }

  private async withProducts(principal: Principal, items: readonly CollectionItem[]): Promise<CollectionItemRecord[]> {
    const products = await this.products.findManyByIds(principal.storeId, items.map((i) => i.productId));
    return items.flatMap((item) => {
      const product = products.get(item.productId);
      if (product === undefined || (!product.product.isActive && principal.keyType !== "secret")) return [];
      return [{ online_product_id: item.productId, sort_order: item.sortOrder, product: toCollectionProduct(product) }];
    });
  }
}
