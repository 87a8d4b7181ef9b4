// The product repository's reads by key: one product by id or slug, many by id, from the copies
// read lately where asked (recent-products.ts). A read is two queries whatever the number of
// products (the products with their category names, then all their variants at once) or one
// joined query for many ids. Part of KnexProductRepository (knex-product-repository.ts).
import type { ProductWithVariants } from "../../../application/ports/product-repository.js";
import type { Product } from "../../../domain/catalog/product.js";
import type { NonEmptyVariants } from "../../../domain/catalog/product-shapes.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { type Database, inList } from "../database.js";
import { recentProductsOf } from "../recent-products.js";
import {
  PRODUCT_SELECT,
  PRODUCTS_BY_IDS_SELECT,
  PRODUCTS_WITH_VARIANTS_BY_IDS_SELECT,
  toProduct,
  toVariant,
  type ProductRow,
  type ProductWithVariantRow,
  type VariantRow,
} from "./product-rows.js";

export class KnexProductReads {
  constructor(private readonly db: Database) {}

  /** Attaches variants with one query; products without a variant are left out (not sellable). */
  async withVariants(rows: readonly ProductRow[]): Promise<ProductWithVariants[]> {
    if (rows.length === 0) return [];
    const ids = inList(rows.map((r) => r.id));
    const variantRows = await this.db.select<VariantRow>(`select * from variants where product_id in (${ids.sql}) order by product_id, position, id`, ids.values);
    const byProduct = new Map<string, Variant[]>();
    for (const row of variantRows) {
      const list = byProduct.get(row.product_id);
      if (list === undefined) byProduct.set(row.product_id, [toVariant(row)]);
      else list.push(toVariant(row));
    }
    const out: ProductWithVariants[] = [];
    for (const row of rows) {
      const variants = byProduct.get(row.id);
      if (variants !== undefined && variants.length > 0) {
        out.push({ product: toProduct(row), variants: variants as unknown as NonEmptyVariants });
      }
    }
    return out;
  }

  /**
   * The products of these ids in their order, from the copies read lately where current (see
   * recent-products.ts), the others read (and kept); products without a variant are left out.
   */
  async recentByIds(storeId: string, ids: readonly string[]): Promise<ProductWithVariants[]> {
    const cache = recentProductsOf(this.db);
    const copies = cache.lookup(storeId, ids, undefined);
    const found = copies?.found ?? new Map<string, ProductWithVariants>();
    const missing = copies?.missing ?? ids;
    if (missing.length > 0) {
      const list = inList(missing);
      const rows = await this.db.select<ProductRow>(`${PRODUCTS_BY_IDS_SELECT} and p.id in (${list.sql})`, [storeId, ...list.values]);
      const read = await this.withVariants(rows);
      if (copies !== undefined) cache.keep(storeId, copies.mark, read);
      for (const entry of read) found.set(entry.product.id, entry);
    }
    const out: ProductWithVariants[] = [];
    for (const id of ids) {
      const entry = found.get(id);
      if (entry !== undefined) out.push(entry);
    }
    return out;
  }

  async findById(storeId: string, productId: string, options: { readonly activeOnly: boolean; readonly recent?: boolean }): Promise<ProductWithVariants | undefined> {
    if (options.recent === true) {
      const [found] = await this.recentByIds(storeId, [productId]);
      return found === undefined || (options.activeOnly && !found.product.isActive) ? undefined : found;
    }
    const rows = await this.db.select<ProductRow>(
      `${PRODUCT_SELECT} and p.id = ?${options.activeOnly ? " and p.is_active = 1" : ""} limit 1`,
      [storeId, productId],
    );
    return (await this.withVariants(rows))[0];
  }

  async findBySlug(storeId: string, slug: string, options: { readonly recent?: boolean } = {}): Promise<ProductWithVariants | undefined> {
    const cache = recentProductsOf(this.db);
    const mark = options.recent === true ? cache.markNow(storeId) : undefined;
    if (mark !== undefined) {
      // Slugs are unique in a store, so a current copy with this slug is the answer, active or not.
      const copy = cache.bySlug(storeId, slug, mark);
      if (copy !== undefined) return copy.product.isActive ? copy : undefined;
    }
    const rows = await this.db.select<ProductRow>(`${PRODUCT_SELECT} and p.slug = ? and p.is_active = 1 limit 1`, [storeId, slug]);
    const found = (await this.withVariants(rows))[0];
    if (mark !== undefined && found !== undefined) cache.keep(storeId, mark, [found]);
    return found;
  }

  async findManyByIds(
    storeId: string,
    productIds: readonly string[],
    options: { readonly productOfVariant?: string; readonly recent?: boolean | "display" } = {},
  ): Promise<ReadonlyMap<string, ProductWithVariants>> {
    const { productOfVariant, recent = false } = options;
    if (productIds.length === 0 && productOfVariant === undefined) return new Map();
    if (recent === false) return this.readManyByIds(storeId, productIds, productOfVariant);
    const cache = recentProductsOf(this.db);
    const copies = cache.lookup(storeId, productIds, productOfVariant, recent === "display");
    if (copies === undefined) return this.readManyByIds(storeId, productIds, productOfVariant);
    if (copies.missing.length === 0 && copies.missingVariant === undefined) return copies.found;
    const read = await this.readManyByIds(storeId, copies.missing, copies.missingVariant);
    cache.keep(storeId, copies.mark, read.values());
    for (const [id, entry] of read) copies.found.set(id, entry);
    return copies.found;
  }

  private async readManyByIds(storeId: string, productIds: readonly string[], productOfVariant: string | undefined): Promise<Map<string, ProductWithVariants>> {
    if (productIds.length === 0 && productOfVariant === undefined) return new Map();
    // The variant's product as one more item of the IN list: a scalar subquery on the variants'
    // primary key, which both engines evaluate once (no scan of the products).
    const items = productIds.map(() => "?");
    const bindings: unknown[] = [storeId, ...productIds];
    if (productOfVariant !== undefined) {
      items.push("(select v.product_id from variants v where v.store_id = ? and v.id = ?)");
      bindings.push(storeId, productOfVariant);
    }
    const rows = await this.db.select<ProductWithVariantRow>(
      // One item as `=`: SQLite reads `in ((select ...))` as a list subquery and scans the store's products.
      `${PRODUCTS_WITH_VARIANTS_BY_IDS_SELECT} and p.id ${items.length === 1 ? `= ${items[0]}` : `in (${items.join(", ")})`} order by p.id, v.position, v.id`,
      bindings,
    );
    const found = new Map<string, { product: Product; variants: Variant[] }>();
    for (const row of rows) {
      const variant = toVariant({
        id: row.v_id,
        product_id: row.id,
        sku: row.v_sku,
        price: row.v_price,
        sale_price: row.v_sale_price,
        stock: row.v_stock,
        threshold: row.v_threshold,
        last_restocked: row.v_last_restocked,
        variant_name: row.v_variant_name,
        variant_attributes: row.v_variant_attributes,
        is_default: row.v_is_default,
        position: row.v_position,
        tax_class: row.v_tax_class,
      });
      const entry = found.get(row.id);
      if (entry === undefined) found.set(row.id, { product: toProduct(row), variants: [variant] });
      else entry.variants.push(variant);
    }
    // Only products with variants come back (the join), as from the two-read form.
    return found as unknown as Map<string, ProductWithVariants>;
  }

  async taxClassesInUse(storeId: string): Promise<readonly string[]> {
    const rows = await this.db.select<{ tax_class: string }>(
      "select distinct tax_class from products where store_id = ? and tax_class is not null " +
        "union select distinct tax_class from variants where store_id = ? and tax_class is not null",
      [storeId, storeId],
    );
    return rows.map((row) => row.tax_class);
  }

  async slugTaken(storeId: string, slug: string, exceptProductId?: string): Promise<boolean> {
    return this.db.run(async (q) => {
      const query = q("products").where({ store_id: storeId, slug }).first("id");
      if (exceptProductId !== undefined) void query.whereNot("id", exceptProductId);
      return (await query) !== undefined;
    });
  }
}
