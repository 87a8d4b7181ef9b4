// Collection lists (active ones, highest display priority first) and a collection's items
// with their products embedded. A publishable key sees only active products.
// This module holds what the use cases ListCollections, GetCollectionItems and ListCollectionItems
// share (one class a file, docs/architecture.md, the application/ ring).
import type { Principal } from "../access/principal.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { CollectionItem } from "../../domain/catalog/collection.js";
import { CollectionRepository } from "../ports/collection-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import {
  toCollectionProduct,
  type CollectionItemRecord,
} from "./collection-records.js";

export async function requireVisibleCollection(deps: { readonly collections: CollectionRepository }, principal: Principal, collectionId: string): Promise<void> {
  const collection = await deps.collections.find(principal.storeId, collectionId);
  if (collection === undefined || (!collection.isActive && principal.keyType !== "secret")) {
    throw new ResourceMissing({ resource: "collection", message: "No such collection." });
  }
}

export async function collectionItemsWithProducts(deps: { readonly products: ProductRepository }, principal: Principal, items: readonly CollectionItem[]): Promise<CollectionItemRecord[]> {
  const products = await deps.products.findManyByIds(principal.storeId, items.map((i) => i.productId));
  return items.flatMap((item) => {
    const product = products.get(item.productId);
    if (product === undefined || (!product.product.isActive && principal.keyType !== "secret")) return [];
    return [{ online_product_id: item.productId, sort_order: item.sortOrder, product: toCollectionProduct(product) }];
  });
}
