// The product repository's variants as carts and checkout use them: variants read by id or SKU,
// the few facts a cart write relies on, and the stock taken at checkout and given back. Part of
// KnexProductRepository (knex-product-repository.ts).
import type { StockTake, StockTaken, VariantFacts } from "../../../application/ports/product-repository.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { readBoolean } from "../column-types.js";
import { CATALOG_VERSION_COLUMN, catalogVersionsOf, recordProductChange } from "../catalog-versions.js";
import { type Database, inList } from "../database.js";
import { toVariant, type VariantRow } from "./product-rows.js";

interface VariantFactsRow {
  readonly id: string;
  readonly product_id: string;
  readonly price: number | string;
  readonly sale_price: number | string | null;
  readonly stock: number | string;
  readonly is_active: number | boolean;
  readonly category_id: string | null;
  /** The store's catalog version, read with the facts inside a unit of work. */
  readonly catalog_version?: number | string | null;
}

export class KnexVariantStock {
  constructor(private readonly db: Database) {}

  async findVariantsBySku(storeId: string, skus: readonly string[]): Promise<readonly Variant[]> {
    if (skus.length === 0) return [];
    // A prepared statement: an import looks up 2,000 SKUs at a time, which knex's builder escaped into the text.
    const rows = await this.db.select<VariantRow>(`select * from variants where store_id = ? and sku in (${skus.map(() => "?").join(", ")})`, [storeId, ...skus]);
    return rows.map(toVariant);
  }

  async findVariantFacts(storeId: string, variantIds: readonly string[]): Promise<ReadonlyMap<string, VariantFacts>> {
    const facts = new Map<string, VariantFacts>();
    const ids = [...new Set(variantIds)];
    if (ids.length === 0) return facts;
    // A few columns of the variants and their products by primary key: a cart add's exact read
    // (the whole products, descriptions and all, cost it a fifth of its CPU). `+v.store_id`: from
    // five ids SQLite's planner, without statistics, walked the store's index (every variant of
    // the store, 3 ms at 30,000) instead of looking the ids up (13-41 µs); EXPLAIN QUERY PLAN.
    // Inside a unit of work the same statement reads the store's catalog version, which lets the
    // price rules come from this process's copy made at that version (checkout-31).
    const versioned = this.db.inTransaction;
    const rows = await this.db.select<VariantFactsRow>(
      `select v.id, v.product_id, v.price, v.sale_price, v.stock, p.is_active, p.category_id${versioned ? `, ${CATALOG_VERSION_COLUMN} as catalog_version` : ""} ` +
        "from variants v join products p on p.id = v.product_id " +
        `where +v.store_id = ? and v.id ${ids.length === 1 ? "= ?" : `in (${ids.map(() => "?").join(", ")})`}`,
      versioned ? [storeId, storeId, ...ids] : [storeId, ...ids],
    );
    if (versioned && rows.length > 0) catalogVersionsOf(this.db).sawVersion(storeId, rows[0]!.catalog_version ?? null);
    for (const row of rows) {
      facts.set(row.id, {
        variantId: row.id,
        productId: row.product_id,
        price: Number(row.price),
        salePrice: row.sale_price === null ? null : Number(row.sale_price),
        stock: Number(row.stock),
        productActive: readBoolean(row.is_active),
        categoryId: row.category_id,
      });
    }
    return facts;
  }

  async findVariant(storeId: string, variantId: string): Promise<Variant | undefined> {
    const [row] = await this.db.select<VariantRow>("select * from variants where store_id = ? and id = ? limit 1", [storeId, variantId]);
    return row === undefined ? undefined : toVariant(row);
  }

  async takeStocks(storeId: string, takes: readonly StockTake[]): Promise<StockTaken> {
    const wanted = new Map<string, number>();
    for (const { variantId, quantity } of takes) wanted.set(variantId, (wanted.get(variantId) ?? 0) + quantity);
    // In variant id order, the one order every unit of work that changes stock locks variants in
    // (a primary key's IN list is read in key order), so two checkouts cannot deadlock on them.
    const ids = [...wanted.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (ids.length === 0) return { taken: true, left: new Map() };
    const list = inList(ids);
    // One read of every line's stock, locked on MySQL (SQLite's one writer already holds the
    // database), then one guarded write for all of them: two statements for any number of lines
    // instead of two a line (docs/decisions/checkout.md, "checkout-21"). `+store_id`, as in
    // findVariantFacts: without it SQLite walked the store's index (3.5 ms at 30,000 variants,
    // checkout-26) instead of looking the ids up by primary key.
    const rows = await this.db.select<{ id: string; stock: number; product_id: string }>(
      `select id, stock, product_id from variants where +store_id = ? and id in (${list.sql})${this.db.dialect === "mysql" ? " for update" : ""}`,
      [storeId, ...list.values],
    );
    const stocks = new Map(rows.map((row) => [row.id, row] as const));
    for (const id of ids) {
      const row = stocks.get(id);
      if (row === undefined || Number(row.stock) < wanted.get(id)!) return { taken: false, variantId: id };
    }
    const cases = ids.map(() => "when ? then ?").join(" ");
    const amounts = ids.flatMap((id) => [id, wanted.get(id)!]);
    // The guard stays in the write: it alone decides if a read was ever not the latest (a Galera
    // node's, whose locks are its own until certification).
    const changed = await this.db.execute(
      `update variants set stock = stock - case id ${cases} end where +store_id = ? and id in (${list.sql}) and stock >= case id ${cases} end`,
      [...amounts, storeId, ...list.values, ...amounts],
    );
    if (changed !== ids.length) {
      const short = ids.find((id) => Number(stocks.get(id)!.stock) < wanted.get(id)!) ?? ids[0]!;
      return { taken: false, variantId: short };
    }
    // Stock shows only in the products' own records: answers of other products stay current.
    await recordProductChange(this.db, storeId, [...new Set(rows.map((row) => row.product_id))]);
    return { taken: true, left: new Map(ids.map((id) => [id, Number(stocks.get(id)!.stock) - wanted.get(id)!])) };
  }

  async returnStock(storeId: string, variantId: string, quantity: number): Promise<void> {
    await this.db.run((q) => q("variants").where({ store_id: storeId, id: variantId }).increment("stock", quantity));
    const [owner] = await this.db.select<{ product_id: string }>("select product_id from variants where store_id = ? and id = ?", [storeId, variantId]);
    if (owner !== undefined) await recordProductChange(this.db, storeId, [owner.product_id]);
  }
}
