// ReplaceCollectionItems, the use case behind PUT /v1/product-collections/{id}/items; what it
// shares with its sibling use cases is in collection-writes.ts.
import { GetCollectionItems } from "./get-collection-items.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { CollectionRepository } from "../ports/collection-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { CollectionItemsInput } from "./catalog-inputs.js";
import { missing } from "./collection-writes.js";

@injectable()
export class ReplaceCollectionItems {
  constructor(
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(GetCollectionItems) private readonly getCollectionItems: GetCollectionItems,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string, input: CollectionItemsInput) {
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
    return { items: await this.getCollectionItems.execute(principal, id) };
  }
}
