import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { CollectionRepository, type CollectionListFilter } from "../ports/collection-repository.js";
import {
  toCollectionRecord,
  type CollectionRecord,
} from "./collection-records.js";

@injectable()
export class ListCollections {

  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
  ) {}

  async execute(principal: Principal, filter: CollectionListFilter, page: PageRequest): Promise<Page<CollectionRecord>> {
    const found = await this.collections.listPage(principal.storeId, filter, page);
    return { ...found, items: found.items.map(toCollectionRecord) };
  }
}
