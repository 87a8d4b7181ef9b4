// Product collections and their ordered items on knex. Collections list by display priority
// (highest first) with the id as tie-break.
import { inject, injectable } from "inversify";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type {
  CollectionListFilter,
  CollectionRepository,
  StoredCollection,
} from "../../../application/ports/collection-repository.js";
import type { CollectionItem } from "../../../domain/catalog/collection.js";
import { readBoolean } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { recordCatalogChange } from "../catalog-versions.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

interface CollectionRow {
  id: string;
  name: string;
  slug: string;
  type: string;
  description: string | null;
  is_active: number | boolean;
  show_on_homepage: number | boolean;
  display_priority: number;
  created_at: string;
  updated_at: string;
}

const toCollection = (row: CollectionRow): StoredCollection => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  type: row.type,
  description: row.description,
  isActive: readBoolean(row.is_active),
  showOnHomepage: readBoolean(row.show_on_homepage),
  displayPriority: row.display_priority,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const columns = (storeId: string, c: StoredCollection) => ({
  id: c.id,
  store_id: storeId,
  name: c.name,
  slug: c.slug,
  type: c.type,
  description: c.description,
  is_active: c.isActive,
  show_on_homepage: c.showOnHomepage,
  display_priority: c.displayPriority,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

const duplicateSlug = (error: unknown): unknown =>
  isUniqueViolation(error)
    ? new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A collection with this slug already exists in the store." })
    : error;

@injectable()
export class KnexCollectionRepository implements CollectionRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  listPage(storeId: string, filter: CollectionListFilter, page: PageRequest): Promise<Page<StoredCollection>> {
    return this.db.run(async (q) => {
      const query = q("collections").where({ store_id: storeId, is_active: true });
      if (filter.type !== undefined) void query.where("type", filter.type);
      if (filter.showOnHomepage !== undefined) void query.where("show_on_homepage", filter.showOnHomepage);
      const rows = await this.db.selectQuery<CollectionRow>(applyKeyset(query, { column: "display_priority", idColumn: "id", direction: "desc" }, page));
      return toPage(rows, page, (r) => [r.display_priority, r.id], toCollection);
    });
  }

  async find(storeId: string, id: string): Promise<StoredCollection | undefined> {
    const row: CollectionRow | undefined = await this.db.run((q) => q("collections").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toCollection(row);
  }

  async items(storeId: string, collectionId: string): Promise<readonly CollectionItem[]> {
    const rows: { collection_id: string; product_id: string; sort_order: number }[] = await this.db.run((q) =>
      q("collection_items").where({ store_id: storeId, collection_id: collectionId }).orderBy([{ column: "sort_order" }, { column: "product_id" }]),
    );
    return rows.map((r) => ({ collectionId: r.collection_id, productId: r.product_id, sortOrder: r.sort_order }));
  }

  itemsPage(storeId: string, collectionId: string, page: PageRequest, options: { readonly activeOnly: boolean }): Promise<Page<CollectionItem>> {
    return this.db.run(async (q) => {
      const query = q("collection_items as ci")
        .where({ "ci.store_id": storeId, "ci.collection_id": collectionId })
        .select("ci.collection_id", "ci.product_id", "ci.sort_order");
      if (options.activeOnly) void query.join("products as p", "p.id", "ci.product_id").where("p.is_active", true);
      const rows: { collection_id: string; product_id: string; sort_order: number }[] = await applyKeyset(
        query,
        { column: "ci.sort_order", idColumn: "ci.product_id", direction: "asc" },
        page,
      );
      return toPage(rows, page, (r) => [r.sort_order, r.product_id], (r) => ({ collectionId: r.collection_id, productId: r.product_id, sortOrder: r.sort_order }));
    });
  }

  async slugTaken(storeId: string, slug: string, exceptId?: string): Promise<boolean> {
    return this.db.run(async (q) => {
      const query = q("collections").where({ store_id: storeId, slug }).first("id");
      if (exceptId !== undefined) void query.whereNot("id", exceptId);
      return (await query) !== undefined;
    });
  }

  async insert(storeId: string, collection: StoredCollection): Promise<void> {
    try {
      await this.db.run((q) => q("collections").insert(columns(storeId, collection)));
    } catch (error) {
      throw duplicateSlug(error);
    }
    await recordCatalogChange(this.db, storeId);
  }

  async update(storeId: string, collection: StoredCollection): Promise<void> {
    const { id, store_id: _s, created_at: _c, ...changes } = columns(storeId, collection);
    try {
      await this.db.run((q) => q("collections").where({ store_id: storeId, id }).update(changes));
    } catch (error) {
      throw duplicateSlug(error);
    }
    await recordCatalogChange(this.db, storeId);
  }

  async remove(storeId: string, id: string): Promise<void> {
    await this.db.run((q) => q("collections").where({ store_id: storeId, id }).delete());
    await recordCatalogChange(this.db, storeId);
  }

  async replaceItems(storeId: string, collectionId: string, items: readonly CollectionItem[]): Promise<void> {
    await this.db.run(async (q) => {
      await q("collection_items").where({ store_id: storeId, collection_id: collectionId }).delete();
      if (items.length > 0) {
        await q("collection_items").insert(
          items.map((item) => ({ collection_id: collectionId, product_id: item.productId, store_id: storeId, sort_order: item.sortOrder })),
        );
      }
    });
    await recordCatalogChange(this.db, storeId);
  }
}
