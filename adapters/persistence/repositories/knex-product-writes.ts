// The product repository's catalog writes: products and variants created (one or a batch),
// changed and removed, and the default variant chosen, each with what it changes of the search
// documents (search-documents.ts) and the catalog versions (catalog-versions.ts); a taken SKU or
// slug answered as a conflict. Part of KnexProductRepository (knex-product-repository.ts).
import type { Knex } from "knex";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { NewProduct, ProductRecord } from "../../../application/ports/product-repository.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { isForeignKeyViolation, isUniqueViolation } from "../database-errors.js";
import { recordCatalogChange, recordProductChange } from "../catalog-versions.js";
import { type Database, settleAll } from "../database.js";
import { searchableProduct, searchDocumentsOf } from "../search-documents.js";
import { productColumns, variantColumns } from "./product-rows.js";

/** Rows per multi-row insert: SQLite's compound-select limit is 500 (knex inserts many rows as `union all`). */
const ROWS_PER_INSERT = 500;

/** Unique-key violations become 409s that say which value is taken. */
const conflictFrom = (error: unknown): unknown => {
  if (!isUniqueViolation(error)) return error;
  const text = error instanceof Error ? error.message : "";
  if (/sku/i.test(text)) return new ResourceConflict({ code: "duplicate_sku", param: "sku", message: "A variant with this SKU already exists in the store." });
  if (/slug/i.test(text)) return new ResourceConflict({ code: "duplicate_slug", param: "slug", message: "A product with this slug already exists in the store." });
  return new ResourceConflict({ code: "duplicate", message: "A record with these values already exists." });
};

export class KnexProductWrites {
  constructor(private readonly db: Database) {}

  async insert(storeId: string, product: ProductRecord, variants: readonly Variant[]): Promise<void> {
    // Its own transaction (or the caller's): a refused variant never leaves a product without any.
    await this.db.transaction(() =>
      this.write(async (q) => {
        await q("products").insert(productColumns(storeId, product));
        if (variants.length > 0) {
          await q("variants").insert(variants.map((v) => variantColumns(storeId, v, product.createdAt)));
        }
        await searchDocumentsOf(this.db).refresh(storeId, [product.id]);
        await recordCatalogChange(this.db, storeId);
      }),
    );
  }

  async insertMany(storeId: string, products: readonly NewProduct[]): Promise<void> {
    if (products.length === 0) return;
    // The rows `insert` writes, many to a prepared statement, then the search documents of them all
    // (made from the records in hand, not read back) and one catalog version: an import's batch
    // costs a few statements instead of a dozen per product.
    await this.db.transaction(async () => {
      const names = await this.placementNames(products);
      // Queued, not awaited: the search documents are made while the database writes the rows.
      const rows = settleAll([
        this.db.insertRows("products", products.map((p) => productColumns(storeId, p.record)), ROWS_PER_INSERT),
        this.db.insertRows("variants", products.flatMap((p) => p.variants.map((v) => variantColumns(storeId, v, p.record.createdAt))), ROWS_PER_INSERT),
      ]).catch((error: unknown) => {
        throw conflictFrom(error);
      });
      rows.catch(() => undefined);
      try {
        await searchDocumentsOf(this.db).refreshWritten(
          storeId,
          products.map(({ record, variants }) =>
            searchableProduct({
              id: record.id,
              name: record.name,
              description: record.description,
              brand: record.brand,
              tags: record.tags,
              attributes: record.attributes,
              isActive: record.isActive,
              categoryId: record.categoryId,
              subcategoryId: record.subcategoryId,
              categoryName: record.categoryId === null ? null : (names.get(record.categoryId) ?? null),
              subcategoryName: record.subcategoryId === null ? null : (names.get(record.subcategoryId) ?? null),
              // In the order the documents' reads give them: by position, then id.
              variants: [...variants].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
            }),
          ),
        );
      } catch (error) {
        // A refused row (a taken slug) is the reason to report, not what followed from it.
        await rows;
        throw error;
      }
      await rows;
      await recordCatalogChange(this.db, storeId);
    });
  }

  /** Names of the categories and subcategories the products sit in (a batch names few), by id. */
  private async placementNames(products: readonly NewProduct[]): Promise<Map<string, string>> {
    const categoryIds = [...new Set(products.flatMap((p) => (p.record.categoryId === null ? [] : [p.record.categoryId])))];
    const subcategoryIds = [...new Set(products.flatMap((p) => (p.record.subcategoryId === null ? [] : [p.record.subcategoryId])))];
    const names = new Map<string, string>();
    const read = async (table: string, ids: readonly string[]): Promise<void> => {
      for (let i = 0; i < ids.length; i += ROWS_PER_INSERT) {
        const chunk = ids.slice(i, i + ROWS_PER_INSERT);
        const rows = await this.db.select<{ id: string; name: string }>(
          // By id alone, as the documents' own read joins them.
          `select id, name from ${table} where id in (${chunk.map(() => "?").join(", ")})`,
          chunk,
        );
        for (const row of rows) names.set(row.id, row.name);
      }
    };
    await read("categories", categoryIds);
    await read("subcategories", subcategoryIds);
    return names;
  }

  async update(storeId: string, product: ProductRecord): Promise<void> {
    // The product and its search document in one transaction (the caller's, or its own).
    await this.db.transaction(async () => {
      await this.write(async (q) => {
        const { id: _id, store_id: _store, created_at: _created, ...columns } = productColumns(storeId, product);
        await q("products").where({ id: product.id, store_id: storeId }).update(columns);
      });
      await searchDocumentsOf(this.db).refresh(storeId, [product.id]);
      await recordCatalogChange(this.db, storeId);
    });
  }

  async remove(storeId: string, productId: string, now: string): Promise<"deleted" | "deactivated"> {
    return this.db.transaction(async () => {
      try {
        // A savepoint keeps the surrounding transaction usable when the delete is refused. The
        // search document is left alone until the delete succeeded (see migration 0016).
        await this.db.run((q) =>
          q.transaction(async (trx) => {
            await trx("products").where({ id: productId, store_id: storeId }).delete();
          }),
        );
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        await this.db.run((q) => q("products").where({ id: productId, store_id: storeId }).update({ is_active: false, updated_at: now }));
        await searchDocumentsOf(this.db).refresh(storeId, [productId]);
        await recordCatalogChange(this.db, storeId);
        return "deactivated";
      }
      await searchDocumentsOf(this.db).forget(storeId, [productId]);
      await recordCatalogChange(this.db, storeId);
      return "deleted";
    });
  }

  async insertVariant(storeId: string, variant: Variant): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction(async () => {
      await this.write((q) => q("variants").insert(variantColumns(storeId, variant, now)));
      await searchDocumentsOf(this.db).refresh(storeId, [variant.productId]);
      await recordCatalogChange(this.db, storeId);
    });
  }

  async updateVariant(storeId: string, variant: Variant): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction(async () => {
      await this.write(async (q) => {
        const { id: _id, store_id: _store, created_at: _created, product_id: _product, ...columns } = variantColumns(storeId, variant, now);
        await q("variants").where({ id: variant.id, store_id: storeId }).update(columns);
      });
      await searchDocumentsOf(this.db).refresh(storeId, [variant.productId]);
      // The product's own records change (a price, stock, its default variant), and what search
      // matches may (a SKU): no list's members or order otherwise.
      await recordProductChange(this.db, storeId, [variant.productId], true);
    });
  }

  async removeVariant(storeId: string, variantId: string): Promise<void> {
    await this.db.transaction(async () => {
      const [owner] = await this.db.select<{ product_id: string }>("select product_id from variants where store_id = ? and id = ?", [storeId, variantId]);
      await this.db.run((q) => q("variants").where({ id: variantId, store_id: storeId }).delete());
      if (owner !== undefined) await searchDocumentsOf(this.db).refresh(storeId, [owner.product_id]);
      await recordCatalogChange(this.db, storeId);
    });
  }

  async setDefaultVariant(storeId: string, productId: string, variantId: string): Promise<void> {
    await this.db.run(async (q) => {
      await q("variants").where({ store_id: storeId, product_id: productId }).update({ is_default: false });
      await q("variants").where({ store_id: storeId, id: variantId }).update({ is_default: true });
    });
    // The product's own records show another variant; a list's `search` may match its SKU.
    await recordProductChange(this.db, storeId, [productId], true);
  }

  private async write(work: (q: Knex | Knex.Transaction) => Promise<unknown>): Promise<void> {
    try {
      await this.db.run(work);
    } catch (error) {
      throw conflictFrom(error);
    }
  }
}
