// The catalog as the search engine reads it: products with their category names and variants'
// SKUs and attributes, a cheap per-store change marker, and the products changed since a moment
// (indexes on (store_id, updated_at) from migration 0012 keep these reads small).
import { inject, injectable } from "inversify";
import type { CatalogMarker, SearchCatalogSource, SearchSourceProduct } from "../../search/search-catalog-source.js";
import { readBoolean, readJson } from "../column-types.js";
import { Database } from "../database.js";

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  brand: string | null;
  tags: string | null;
  attributes: string;
  is_active: number | boolean;
  category_id: string | null;
  subcategory_id: string | null;
  category_name: string | null;
  subcategory_name: string | null;
  updated_at: string;
}

interface VariantRow {
  product_id: string;
  sku: string;
  variant_name: string;
  variant_attributes: string;
}

const SELECT =
  "select p.id, p.name, p.description, p.brand, p.tags, p.attributes, p.is_active, p.category_id, p.subcategory_id, p.updated_at, " +
  "c.name as category_name, s.name as subcategory_name from products p " +
  "left join categories c on c.id = p.category_id left join subcategories s on s.id = p.subcategory_id where p.store_id = ?";

/** Words of an attributes object: its string and number values, nested ones included. */
const attributeWords = (value: unknown): string[] => {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(attributeWords);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(attributeWords);
  return [];
};

const CHUNK = 500;

@injectable()
export class KnexSearchCatalogSource implements SearchCatalogSource {
  constructor(@inject(Database) private readonly db: Database) {}

  async marker(storeId: string): Promise<CatalogMarker> {
    const [row] = await this.db.select<Record<string, string | number | null>>(
      "select (select count(*) from products where store_id = ?) as products, " +
        "(select max(updated_at) from products where store_id = ?) as products_updated, " +
        "(select count(*) from variants where store_id = ?) as variants, " +
        "(select max(updated_at) from variants where store_id = ?) as variants_updated, " +
        "(select max(updated_at) from categories where store_id = ?) as categories_updated, " +
        "(select max(updated_at) from subcategories where store_id = ?) as subcategories_updated",
      [storeId, storeId, storeId, storeId, storeId, storeId],
    );
    const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
    const categories = text(row?.categories_updated);
    const subcategories = text(row?.subcategories_updated);
    return {
      products: Number(row?.products ?? 0),
      variants: Number(row?.variants ?? 0),
      productsUpdatedAt: text(row?.products_updated),
      variantsUpdatedAt: text(row?.variants_updated),
      categoriesUpdatedAt: categories === null || (subcategories !== null && subcategories > categories) ? subcategories : categories,
    };
  }

  async all(storeId: string): Promise<readonly SearchSourceProduct[]> {
    return this.withVariants(storeId, await this.db.select<ProductRow>(SELECT, [storeId]));
  }

  async changedSince(storeId: string, since: string): Promise<readonly SearchSourceProduct[]> {
    const rows = await this.db.select<ProductRow>(
      `${SELECT} and (p.updated_at >= ? or p.id in (select v.product_id from variants v where v.store_id = ? and v.updated_at >= ?))`,
      [storeId, since, storeId, since],
    );
    return this.withVariants(storeId, rows);
  }

  async byIds(storeId: string, productIds: readonly string[]): Promise<readonly SearchSourceProduct[]> {
    const out: SearchSourceProduct[] = [];
    for (let i = 0; i < productIds.length; i += CHUNK) {
      const ids = productIds.slice(i, i + CHUNK);
      const rows = await this.db.select<ProductRow>(`${SELECT} and p.id in (${ids.map(() => "?").join(", ")})`, [storeId, ...ids]);
      out.push(...(await this.withVariants(storeId, rows)));
    }
    return out;
  }

  async variantCounts(storeId: string): Promise<ReadonlyMap<string, number>> {
    const rows = await this.db.select<{ id: string; n: number | string }>(
      "select p.id, count(v.id) as n from products p left join variants v on v.product_id = p.id where p.store_id = ? group by p.id",
      [storeId],
    );
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  private async withVariants(storeId: string, rows: readonly ProductRow[]): Promise<SearchSourceProduct[]> {
    const byProduct = new Map<string, VariantRow[]>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const ids = rows.slice(i, i + CHUNK).map((r) => r.id);
      const variants = await this.db.select<VariantRow>(
        `select product_id, sku, variant_name, variant_attributes from variants where store_id = ? and product_id in (${ids.map(() => "?").join(", ")}) order by product_id, position, id`,
        [storeId, ...ids],
      );
      for (const v of variants) {
        const list = byProduct.get(v.product_id);
        if (list === undefined) byProduct.set(v.product_id, [v]);
        else list.push(v);
      }
    }
    return rows.map((row) => {
      const variants = byProduct.get(row.id) ?? [];
      const attributes = [
        ...attributeWords(readJson<unknown>(row.attributes, {})),
        ...variants.flatMap((v) => [v.variant_name, ...attributeWords(readJson<unknown>(v.variant_attributes, {}))]),
      ];
      return {
        id: row.id,
        isActive: readBoolean(row.is_active),
        name: row.name,
        skus: variants.map((v) => v.sku),
        brand: row.brand ?? "",
        tags: readJson<string[] | null>(row.tags, null) ?? [],
        category: [row.category_name, row.subcategory_name].filter((n) => n !== null && n !== "").join(" "),
        categoryId: row.category_id,
        subcategoryId: row.subcategory_id,
        description: row.description ?? "",
        attributes: [...new Set(attributes.filter((a) => a.trim() !== ""))].join(" "),
        variantCount: variants.length,
        updatedAt: row.updated_at,
      };
    });
  }
}
