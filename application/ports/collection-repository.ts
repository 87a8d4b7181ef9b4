// Product collections (curated groups such as "New in" or a seasonal edit) and their items.
import type { ServiceIdentifier } from "inversify";
import type { Collection, CollectionItem } from "../../domain/catalog/collection.js";
import type { Page, PageRequest } from "../pagination/page.js";

export interface CollectionListFilter {
  readonly type?: string | undefined;
  readonly showOnHomepage?: boolean | undefined;
}

export interface StoredCollection extends Collection {
  /** A merchant's free classification, e.g. "manual", "seasonal", "featured". */
  readonly type: string;
}

export interface CollectionRepository {
  listPage(storeId: string, filter: CollectionListFilter, page: PageRequest): Promise<Page<StoredCollection>>;
  find(storeId: string, id: string): Promise<StoredCollection | undefined>;
  items(storeId: string, collectionId: string): Promise<readonly CollectionItem[]>;
  /** A page of the items in order (sort_order, then product id); with `activeOnly`, items of inactive products are left out. */
  itemsPage(storeId: string, collectionId: string, page: PageRequest, options: { readonly activeOnly: boolean }): Promise<Page<CollectionItem>>;
  slugTaken(storeId: string, slug: string, exceptId?: string): Promise<boolean>;
  insert(storeId: string, collection: StoredCollection): Promise<void>;
  update(storeId: string, collection: StoredCollection): Promise<void>;
  remove(storeId: string, id: string): Promise<void>;
  replaceItems(storeId: string, collectionId: string, items: readonly CollectionItem[]): Promise<void>;
}
export const CollectionRepository: ServiceIdentifier<CollectionRepository> = Symbol.for("storefront.CollectionRepository");
