// Keeps pages of each store's category and subcategory lists in memory between catalog changes:
// every storefront page shows the category menu, and a store has tens of categories, not
// millions, so the few pages its shoppers ask for are kept whole. An entry holds for the store's
// store-wide catalog stamp (catalog-versions.ts), which every category or subcategory write moves
// on (a checkout's stock or a variant's price does not), here at once and in other processes
// within a poll; reads inside a unit of work and reads while polling is not running or late go to
// the database. The same rule as the product copies (recent-products.ts).
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { CategoryListFilter, CategoryRepository } from "../../../application/ports/category-repository.js";
import type { Category, Subcategory } from "../../../domain/catalog/category.js";
import type { CatalogVersions } from "../catalog-versions.js";
import type { Database } from "../database.js";

/** At most this many pages are kept (all stores together); then the cache starts over. */
const MAX_PAGES = 10_000;

export class CachingCategoryRepository implements CategoryRepository {
  private readonly pages = new Map<string, { readonly stamp: string; readonly page: Page<Category> | Page<Subcategory> }>();

  constructor(
    private readonly inner: CategoryRepository,
    private readonly db: Database,
    private readonly versions: CatalogVersions,
  ) {}

  private async kept<T extends Category>(
    kind: "c" | "s",
    storeId: string,
    filter: CategoryListFilter,
    page: PageRequest,
    read: () => Promise<Page<T>>,
  ): Promise<Page<T>> {
    if (this.db.inTransaction || !this.versions.isPolledRecently()) return read();
    // The stamp is taken before the read, so a write landing meanwhile leaves the entry already stale.
    const stamp = this.versions.structuralStamp(storeId);
    const key = JSON.stringify([kind, storeId, filter.active, filter.search ?? null, filter.categoryId ?? null, page.limit, page.cursor ?? null]);
    const found = this.pages.get(key);
    if (found !== undefined && found.stamp === stamp) return found.page as Page<T>;
    const fresh = await read();
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    this.pages.set(key, { stamp, page: fresh });
    return fresh;
  }

  listCategories(storeId: string, filter: CategoryListFilter, page: PageRequest): Promise<Page<Category>> {
    return this.kept("c", storeId, filter, page, () => this.inner.listCategories(storeId, filter, page));
  }

  listSubcategories(storeId: string, filter: CategoryListFilter, page: PageRequest): Promise<Page<Subcategory>> {
    return this.kept("s", storeId, filter, page, () => this.inner.listSubcategories(storeId, filter, page));
  }

  findCategory(storeId: string, id: string): Promise<Category | undefined> {
    return this.inner.findCategory(storeId, id);
  }

  findSubcategory(storeId: string, id: string): Promise<Subcategory | undefined> {
    return this.inner.findSubcategory(storeId, id);
  }

  findCategoryByName(storeId: string, name: string): Promise<Category | undefined> {
    return this.inner.findCategoryByName(storeId, name);
  }

  findSubcategoryByName(storeId: string, categoryId: string, name: string): Promise<Subcategory | undefined> {
    return this.inner.findSubcategoryByName(storeId, categoryId, name);
  }

  insertCategory(storeId: string, category: Category): Promise<void> {
    return this.inner.insertCategory(storeId, category);
  }

  updateCategory(storeId: string, category: Category): Promise<void> {
    return this.inner.updateCategory(storeId, category);
  }

  removeCategory(storeId: string, id: string): Promise<void> {
    return this.inner.removeCategory(storeId, id);
  }

  insertSubcategory(storeId: string, subcategory: Subcategory): Promise<void> {
    return this.inner.insertSubcategory(storeId, subcategory);
  }

  updateSubcategory(storeId: string, subcategory: Subcategory): Promise<void> {
    return this.inner.updateSubcategory(storeId, subcategory);
  }

  removeSubcategory(storeId: string, id: string): Promise<void> {
    return this.inner.removeSubcategory(storeId, id);
  }
}
