// Categories and subcategories on knex, listed by name with the id as tie-break.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { CategoryListFilter, CategoryRepository } from "../../../application/ports/category-repository.js";
import type { Category, Subcategory } from "../../../domain/catalog/category.js";
import { readBoolean } from "../column-types.js";
import { recordCatalogChange } from "../catalog-versions.js";
import { Database } from "../database.js";
import { searchDocumentsOf } from "../search-documents.js";
import { applyKeyset, toPage } from "../keyset-page.js";
import { categoryPagesOf } from "../list-totals.js";
import { containsPattern, likeSql } from "../like-pattern.js";

interface CategoryRow {
  id: string;
  category_id?: string;
  name: string;
  description: string | null;
  image: string | null;
  active: number | boolean;
  created_at: string;
  updated_at: string;
}

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image: row.image,
  active: readBoolean(row.active),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toSubcategory = (row: CategoryRow): Subcategory => ({ ...toCategory(row), categoryId: row.category_id ?? "" });

const columns = (storeId: string, category: Category) => ({
  id: category.id,
  store_id: storeId,
  name: category.name,
  description: category.description,
  image: category.image,
  active: category.active,
  created_at: category.createdAt,
  updated_at: category.updatedAt,
});

@injectable()
export class KnexCategoryRepository implements CategoryRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  /**
   * A page of the list, kept until a store-wide catalog change (list-totals.ts, `KeptPages`): the
   * category menu is on every storefront page, and every category or subcategory write is such a
   * change. The same objects are answered while kept, so records made of them are made once.
   */
  private list<T>(table: string, storeId: string, filter: CategoryListFilter, page: PageRequest, map: (row: CategoryRow) => T): Promise<Page<T>> {
    const key = JSON.stringify([table, filter.active, filter.search ?? null, filter.categoryId ?? null, page.limit, page.cursor ?? null]);
    return categoryPagesOf(this.db).page(storeId, key, () =>
      this.db.run(async (q) => {
        const query = q(table).where({ store_id: storeId, active: filter.active });
        if (filter.search !== undefined && filter.search !== "") void query.whereRaw(likeSql("name"), [containsPattern(filter.search)]);
        if (filter.categoryId !== undefined) void query.where("category_id", filter.categoryId);
        const rows = await this.db.selectQuery<CategoryRow>(applyKeyset(query, { column: "name", idColumn: "id", direction: "asc" }, page));
        return toPage(rows, page, (r) => [r.name, r.id], map);
      }),
    );
  }

  listCategories(storeId: string, filter: CategoryListFilter, page: PageRequest): Promise<Page<Category>> {
    return this.list("categories", storeId, filter, page, toCategory);
  }

  listSubcategories(storeId: string, filter: CategoryListFilter, page: PageRequest): Promise<Page<Subcategory>> {
    return this.list("subcategories", storeId, filter, page, toSubcategory);
  }

  private async findOne(table: string, where: Record<string, string>): Promise<CategoryRow | undefined> {
    return this.db.run((q) => q<CategoryRow>(table).where(where).first());
  }

  async findCategory(storeId: string, id: string): Promise<Category | undefined> {
    const row = await this.findOne("categories", { store_id: storeId, id });
    return row === undefined ? undefined : toCategory(row);
  }

  async findSubcategory(storeId: string, id: string): Promise<Subcategory | undefined> {
    const row = await this.findOne("subcategories", { store_id: storeId, id });
    return row === undefined ? undefined : toSubcategory(row);
  }

  async findCategoryByName(storeId: string, name: string): Promise<Category | undefined> {
    const row: CategoryRow | undefined = await this.db.run((q) =>
      q("categories").where("store_id", storeId).whereRaw("lower(name) = ?", [name.toLowerCase()]).orderBy("id").first(),
    );
    return row === undefined ? undefined : toCategory(row);
  }

  async findSubcategoryByName(storeId: string, categoryId: string, name: string): Promise<Subcategory | undefined> {
    const row: CategoryRow | undefined = await this.db.run((q) =>
      q("subcategories")
        .where({ store_id: storeId, category_id: categoryId })
        .whereRaw("lower(name) = ?", [name.toLowerCase()])
        .orderBy("id")
        .first(),
    );
    return row === undefined ? undefined : toSubcategory(row);
  }

  async insertCategory(storeId: string, category: Category): Promise<void> {
    await this.db.run((q) => q("categories").insert(columns(storeId, category)));
    await recordCatalogChange(this.db, storeId);
  }

  async updateCategory(storeId: string, category: Category): Promise<void> {
    // Its products' search documents hold its name: rewritten in the same transaction.
    await this.db.transaction(async () => {
      await this.update(storeId, "categories", columns(storeId, category));
      await searchDocumentsOf(this.db).refreshCategory(storeId, category.id);
      await recordCatalogChange(this.db, storeId);
    });
  }

  async removeCategory(storeId: string, id: string): Promise<void> {
    await this.db.transaction(async () => {
      const placed = await this.productsUnder(storeId, id);
      await this.db.run((q) => q("categories").where({ store_id: storeId, id }).delete());
      await searchDocumentsOf(this.db).refresh(storeId, placed);
      await recordCatalogChange(this.db, storeId);
    });
  }

  /** Products in a category, directly or through one of its subcategories. */
  private async productsUnder(storeId: string, categoryId: string): Promise<string[]> {
    const rows = await this.db.select<{ id: string }>(
      "select id from products where store_id = ? and (category_id = ? or subcategory_id = ? or subcategory_id in (select id from subcategories where store_id = ? and category_id = ?))",
      [storeId, categoryId, categoryId, storeId, categoryId],
    );
    return rows.map((r) => r.id);
  }

  async insertSubcategory(storeId: string, subcategory: Subcategory): Promise<void> {
    await this.db.run((q) => q("subcategories").insert({ ...columns(storeId, subcategory), category_id: subcategory.categoryId }));
    await recordCatalogChange(this.db, storeId);
  }

  async updateSubcategory(storeId: string, subcategory: Subcategory): Promise<void> {
    await this.db.transaction(async () => {
      await this.update(storeId, "subcategories", { ...columns(storeId, subcategory), category_id: subcategory.categoryId });
      await searchDocumentsOf(this.db).refreshCategory(storeId, subcategory.id);
      await recordCatalogChange(this.db, storeId);
    });
  }

  async removeSubcategory(storeId: string, id: string): Promise<void> {
    await this.db.transaction(async () => {
      const placed = await this.productsUnder(storeId, id);
      await this.db.run((q) => q("subcategories").where({ store_id: storeId, id }).delete());
      await searchDocumentsOf(this.db).refresh(storeId, placed);
      await recordCatalogChange(this.db, storeId);
    });
  }

  private async update(storeId: string, table: string, row: ReturnType<typeof columns> & { category_id?: string }): Promise<void> {
    const { id, store_id: _store, created_at: _created, ...changes } = row;
    await this.db.run((q: Knex | Knex.Transaction) => q(table).where({ store_id: storeId, id }).update(changes));
  }
}
