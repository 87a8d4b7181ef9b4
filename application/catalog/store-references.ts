// Checks that the records a write names belong to the caller's store: products, categories,
// lookbooks, the collection (posts, lookbooks, price rules, promotions). A miss is a 400 naming
// the offending parameter, so no write can link one store's records to another's.
import { inject, injectable } from "inversify";
import { ParameterInvalid } from "../errors/request-errors.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { CollectionRepository } from "../ports/collection-repository.js";
import { LookbookRepository } from "../ports/lookbook-repository.js";
import { ProductRepository } from "../ports/product-repository.js";

const notTheStores = (param: string, what: string): ParameterInvalid =>
  new ParameterInvalid({ param, message: `names no ${what} of this store` });

/** Each reference is `[param, id]`, e.g. `["product_ids[2]", "0190..."]`. */
type References = readonly (readonly [string, string])[];

@injectable()
export class StoreReferences {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(LookbookRepository) private readonly lookbooks: LookbookRepository,
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(CollectionRepository) private readonly collections: CollectionRepository,
  ) {}

  /** A list of ids in which each may appear once. */
  distinct(param: string, ids: readonly string[]): void {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id)) throw new ParameterInvalid({ param: `${param}[${index}]`, message: "appears more than once" });
      seen.add(id);
    });
  }

  async checkProducts(storeId: string, references: References): Promise<void> {
    if (references.length === 0) return;
    const known = await this.products.findManyByIds(storeId, [...new Set(references.map(([, id]) => id))]);
    const unknown = references.find(([, id]) => !known.has(id));
    if (unknown !== undefined) throw notTheStores(unknown[0], "product");
  }

  async checkCategories(storeId: string, references: References): Promise<void> {
    for (const [param, id] of references) {
      if ((await this.categories.findCategory(storeId, id)) === undefined) throw notTheStores(param, "category");
    }
  }

  async checkLookbooks(storeId: string, references: References): Promise<void> {
    if (references.length === 0) return;
    const known = await this.lookbooks.findManyByIds(storeId, [...new Set(references.map(([, id]) => id))]);
    const unknown = references.find(([, id]) => !known.has(id));
    if (unknown !== undefined) throw notTheStores(unknown[0], "lookbook");
  }

  async checkCategory(storeId: string, categoryId: string | null | undefined): Promise<void> {
    if (categoryId === null || categoryId === undefined) return;
    if ((await this.categories.findCategory(storeId, categoryId)) === undefined) throw notTheStores("category_id", "category");
  }

  async checkCollection(storeId: string, collectionId: string | null | undefined): Promise<void> {
    if (collectionId === null || collectionId === undefined) return;
    if ((await this.collections.find(storeId, collectionId)) === undefined) throw notTheStores("collection_id", "collection");
  }
}
