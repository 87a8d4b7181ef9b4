// Creates many new products at once (a catalog import's batch): the records, slugs, search
// documents and `product.created` events CreateProduct writes, in a few multi-row statements in
// one transaction. All or nothing: a taken slug or SKU fails the whole call (a 409), and the
// caller then creates the products one by one with CreateProduct, whose rules pick a free slug.
import { inject, injectable } from "inversify";
import type { Category, Subcategory } from "../../domain/catalog/category.js";
import { toDetailRecord } from "../../domain/catalog/product-shapes.js";
import { productSlug } from "../../domain/catalog/slug.js";
import type { Principal } from "../access/principal.js";
import { CategoryRepository } from "../ports/category-repository.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox, type NewEvent } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository, type NewProduct } from "../ports/product-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { storeCurrency } from "../stores/store-currency.js";
import type { ProductInput } from "./catalog-inputs.js";
import { newProduct, taxClassesOf } from "./create-product.js";
import { checkPlacement, checkVariantInputs, type Placement } from "./product-rules.js";
import { requireRatedTaxClasses } from "./product-tax-class.js";

interface NamedPlacement {
  readonly placement: Placement;
  readonly categoryName: string | null;
  readonly subcategoryName: string | null;
}

@injectable()
export class CreateProducts {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(CategoryRepository) private readonly categories: CategoryRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Answers the new products' ids, in the order of `inputs`. */
  async execute(principal: Principal, inputs: readonly ProductInput[]): Promise<string[]> {
    if (inputs.length === 0) return [];
    for (const input of inputs) checkVariantInputs(input.variants);
    const store = await loadStore(this.stores, principal.storeId);
    const currency = storeCurrency(store);
    return this.uow.run(async () => {
      await requireRatedTaxClasses(this.stores, store.id, inputs.flatMap((input, i) => taxClassesOf(input, `[${i}].`)));
      // A batch names few categories: each is read once, each pair checked (and named, for the events) once.
      const categories = this.memoized();
      const placements = new Map<string, Promise<NamedPlacement>>();
      const placementOf = (input: ProductInput): Promise<NamedPlacement> => {
        const categoryId = input.category_id ?? null;
        const subcategoryId = input.subcategory_id ?? null;
        const key = `${categoryId}|${subcategoryId}`;
        let found = placements.get(key);
        if (found === undefined) placements.set(key, (found = named(categories, store.id, categoryId, subcategoryId)));
        return found;
      };
      const now = this.clock.now().toISOString();
      const created: NewProduct[] = [];
      const events: NewEvent[] = [];
      for (const input of inputs) {
        const { placement, categoryName, subcategoryName } = await placementOf(input);
        const id = this.ids.newId();
        // A generated slug is the name and the id's random tail: taken only by a rare accident,
        // which the unique index turns into a failed call (and CreateProduct then adds a suffix).
        const slug = input.slug ?? productSlug(input.name, id);
        const product = newProduct(input, { id, slug, placement, now, newId: () => this.ids.newId() });
        created.push(product);
        const detail = toDetailRecord({ ...product.record, categoryName, subcategoryName }, product.variants, currency);
        events.push({ storeId: store.id, type: "product.created", livemode: principal.mode === "live", data: { product: detail } });
      }
      await this.products.insertMany(store.id, created);
      await this.outbox.recordMany(events);
      return created.map((p) => p.record.id);
    });
  }

  /** The category reads of one call (one store), each id read once. */
  private memoized(): Pick<CategoryRepository, "findCategory" | "findSubcategory"> {
    const categories = new Map<string, Promise<Category | undefined>>();
    const subcategories = new Map<string, Promise<Subcategory | undefined>>();
    const once = <T>(cache: Map<string, Promise<T>>, id: string, read: () => Promise<T>): Promise<T> => {
      let found = cache.get(id);
      if (found === undefined) cache.set(id, (found = read()));
      return found;
    };
    return {
      findCategory: (storeId, id) => once(categories, id, () => this.categories.findCategory(storeId, id)),
      findSubcategory: (storeId, id) => once(subcategories, id, () => this.categories.findSubcategory(storeId, id)),
    };
  }
}

const named = async (
  categories: Pick<CategoryRepository, "findCategory" | "findSubcategory">,
  storeId: string,
  categoryId: string | null,
  subcategoryId: string | null,
): Promise<NamedPlacement> => {
  const placement = await checkPlacement(categories, storeId, categoryId, subcategoryId);
  return {
    placement,
    categoryName: placement.categoryId === null ? null : ((await categories.findCategory(storeId, placement.categoryId))?.name ?? null),
    subcategoryName: placement.subcategoryId === null ? null : ((await categories.findSubcategory(storeId, placement.subcategoryId))?.name ?? null),
  };
};
