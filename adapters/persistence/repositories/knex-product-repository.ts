// Products and variants on knex. A list or detail read is two queries whatever the page size:
// the products (joined with their category names), then all their variants at once.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type {
  NewProduct,
  ProductListFilter,
  ProductRecord,
  ProductRepository,
  ProductWithVariants,
  StockTake,
  StockTaken,
  VariantFacts,
} from "../../../application/ports/product-repository.js";
import type { Product } from "../../../domain/catalog/product.js";
import type { NonEmptyVariants } from "../../../domain/catalog/product-shapes.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { isForeignKeyViolation, isUniqueViolation } from "../database-errors.js";
import { recordCatalogChange, recordProductChange } from "../catalog-versions.js";
import { Database, inList, settleAll } from "../database.js";
import { listAnchorsOf, listPagesOf, listTotalsOf, type ListAnchor } from "../list-totals.js";
import { recentProductsOf } from "../recent-products.js";
import { POSTING_TIERS, searchableProduct, searchDocumentsOf } from "../search-documents.js";
import { applyKeyset, toPage } from "../keyset-page.js";
import { containsPattern, likeSql } from "../like-pattern.js";
import { planSubstring, type SubstringPlan } from "../substring-candidates.js";

/** Postings of a word held in a name or a SKU (the best field's tier: name 4, SKU 3, others below). */
const NAME_OR_SKU_TIER = Math.min(POSTING_TIERS.name!, POSTING_TIERS.sku!);
/** Candidates outside ASCII checked with the LIKE at most; above, the total is counted as before. */
const NON_ASCII_CHECKED = 2_000;

interface ListSearch {
  readonly plan: SubstringPlan;
  readonly drive: boolean;
}

interface ProductRow {
  id: string;
  store_id: string;
  name: string;
  description: string | null;
  category_id: string | null;
  category_name: string | null;
  subcategory_id: string | null;
  subcategory_name: string | null;
  brand: string | null;
  thumbnail_url: string | null;
  media: string;
  slug: string;
  seo_title: string | null;
  seo_description: string | null;
  seo_keywords: string | null;
  featured: number | boolean;
  featured_order: number;
  tags: string | null;
  attributes: string;
  shipping_info: string;
  is_active: number | boolean;
  tax_class: string | null;
  created_at: string;
  updated_at: string;
}

interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  price: number | string;
  sale_price: number | string | null;
  stock: number;
  threshold: number | null;
  last_restocked: string | null;
  variant_name: string;
  variant_attributes: string;
  is_default: number | boolean;
  position: number;
  tax_class: string | null;
}

/** The product read with its category names; callers append conditions to the WHERE. */
const PRODUCT_SELECT =
  "select p.*, c.name as category_name, s.name as subcategory_name from products p " +
  "left join categories c on c.id = p.category_id left join subcategories s on s.id = p.subcategory_id where p.store_id = ?";

/** Products with their variants in one read (a row per variant, the variant's columns prefixed `v_`). */
const PRODUCT_WITH_VARIANTS_SELECT =
  "select p.*, c.name as category_name, s.name as subcategory_name, v.id as v_id, v.sku as v_sku, v.price as v_price, " +
  "v.sale_price as v_sale_price, v.stock as v_stock, v.threshold as v_threshold, v.last_restocked as v_last_restocked, " +
  "v.variant_name as v_variant_name, v.variant_attributes as v_variant_attributes, v.is_default as v_is_default, v.position as v_position, v.tax_class as v_tax_class " +
  "from products p join variants v on v.product_id = p.id " +
  "left join categories c on c.id = p.category_id left join subcategories s on s.id = p.subcategory_id where p.store_id = ?";

/**
 * The same reads for a list of ids: `+p.store_id` keeps SQLite's planner off the store's indexes
 * (without statistics it prefers them and walks every product of the store, 0.4 s at 200,000), so it
 * looks the ids up by primary key; MariaDB reads `+` as nothing and plans by its statistics.
 */
const BY_IDS = (select: string): string => select.replace(/where p\.store_id = \?$/, "where +p.store_id = ?");
const PRODUCTS_BY_IDS_SELECT = BY_IDS(PRODUCT_SELECT);
const PRODUCTS_WITH_VARIANTS_BY_IDS_SELECT = BY_IDS(PRODUCT_WITH_VARIANTS_SELECT);

interface VariantFactsRow {
  readonly id: string;
  readonly product_id: string;
  readonly price: number | string;
  readonly sale_price: number | string | null;
  readonly stock: number | string;
  readonly is_active: number | boolean;
  readonly category_id: string | null;
}

type ProductWithVariantRow = ProductRow & { [K in keyof VariantRow as K extends "product_id" ? never : `v_${K}`]: VariantRow[K] };

const PRODUCT_COLUMNS = [
  "p.*",
  "c.name as category_name",
  "s.name as subcategory_name",
];

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  categoryId: row.category_id,
  categoryName: row.category_name,
  subcategoryId: row.subcategory_id,
  subcategoryName: row.subcategory_name,
  brand: row.brand,
  thumbnailUrl: row.thumbnail_url,
  media: readJson(row.media, []),
  slug: row.slug,
  seoTitle: row.seo_title,
  seoDescription: row.seo_description,
  seoKeywords: row.seo_keywords,
  featured: readBoolean(row.featured),
  featuredOrder: row.featured_order,
  tags: readJson<string[] | null>(row.tags, null),
  attributes: readJson(row.attributes, {}),
  shippingInfo: readJson(row.shipping_info, {}),
  isActive: readBoolean(row.is_active),
  taxClass: row.tax_class ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toVariant = (row: VariantRow): Variant => ({
  id: row.id,
  productId: row.product_id,
  sku: row.sku,
  price: Number(row.price),
  salePrice: row.sale_price === null ? null : Number(row.sale_price),
  stock: row.stock,
  threshold: row.threshold,
  lastRestocked: row.last_restocked,
  variantName: row.variant_name,
  variantAttributes: readJson(row.variant_attributes, {}),
  isDefault: readBoolean(row.is_default),
  position: row.position,
  taxClass: row.tax_class ?? null,
});

/** The products row the repository writes for a record (exported for the bench seeder's batched inserts). */
export const productColumns = (storeId: string, product: ProductRecord) => ({
  id: product.id,
  store_id: storeId,
  name: product.name,
  description: product.description,
  category_id: product.categoryId,
  subcategory_id: product.subcategoryId,
  brand: product.brand,
  thumbnail_url: product.thumbnailUrl,
  media: writeJson(product.media),
  slug: product.slug,
  seo_title: product.seoTitle,
  seo_description: product.seoDescription,
  seo_keywords: product.seoKeywords,
  featured: product.featured,
  featured_order: product.featuredOrder,
  tags: product.tags === null ? null : writeJson(product.tags),
  attributes: writeJson(product.attributes),
  shipping_info: writeJson(product.shippingInfo),
  is_active: product.isActive,
  tax_class: product.taxClass ?? null,
  created_at: product.createdAt,
  updated_at: product.updatedAt,
});

/** The variants row the repository writes for a variant (exported for the bench seeder's batched inserts). */
export const variantColumns = (storeId: string, variant: Variant, now: string) => ({
  id: variant.id,
  store_id: storeId,
  product_id: variant.productId,
  sku: variant.sku,
  price: variant.price,
  sale_price: variant.salePrice,
  stock: variant.stock,
  threshold: variant.threshold,
  last_restocked: variant.lastRestocked,
  variant_name: variant.variantName,
  variant_attributes: writeJson(variant.variantAttributes),
  is_default: variant.isDefault,
  position: variant.position,
  tax_class: variant.taxClass ?? null,
  created_at: now,
  updated_at: now,
});

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

@injectable()
export class KnexProductRepository implements ProductRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  /** Attaches variants with one query; products without a variant are left out (not sellable). */
  private async withVariants(rows: readonly ProductRow[]): Promise<ProductWithVariants[]> {
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
   * The list filters, shared by the keyset list and the offset list of the price list. A search
   * is answered among the products its words' postings name where its plan has them (see
   * substring-candidates.ts); `drive` then reads those products by key instead of walking the
   * store's list (a few matches in a large store), and the LIKE decides exactly either way.
   */
  private filtered(q: Knex | Knex.Transaction, storeId: string, filter: ProductListFilter, search?: ListSearch): Knex.QueryBuilder {
    // A collection's items drive its list: `+` keeps SQLite (planning without statistics) from
    // walking the store's index instead and testing each product against the items.
    const driven = filter.collectionId !== undefined || search?.drive === true;
    const query = driven
      ? q("products as p").whereRaw("+p.store_id = ?", [storeId]).whereRaw("+p.is_active = ?", [true])
      : this.listWalk(q, filter).where("p.store_id", storeId).where("p.is_active", true);
    if (filter.categoryId !== undefined) void query.where("p.category_id", filter.categoryId);
    if (filter.subcategoryId !== undefined) void query.where("p.subcategory_id", filter.subcategoryId);
    if (filter.featured !== undefined) void query.where("p.featured", filter.featured);
    if (filter.collectionId !== undefined) {
      // The collection's products looked up by key and their few rows sorted: an EXISTS per
      // product walked the whole store for a small collection.
      void query.whereIn("p.id", (sub) => {
        void sub.select("ci.product_id").from("collection_items as ci").where("ci.collection_id", filter.collectionId!);
      });
    }
    if (filter.search !== undefined && filter.search !== "") {
      const plan = search?.plan;
      if (plan?.kind === "words" && plan.keys.length === 0) void query.whereRaw("1 = 0");
      else if (plan?.kind === "words" && search!.drive) {
        // The candidates drive. A list walked instead (dense matches) is better off with the LIKE
        // alone: MariaDB would read every candidate first, and SQLite probe them at each entry.
        void query.whereRaw(
          `p.id in (select d.product_id from search_documents d where d.doc_id in ` +
            `(select sp.doc_id from search_postings sp where sp.term_key in (${plan.keys.map(() => "?").join(", ")}) and sp.tier >= ?))`,
          [...plan.keys, NAME_OR_SKU_TIER],
        );
      }
      this.holdingSearch(query, filter.search, plan);
    }
    return query;
  }

  /**
   * The substring rule of `search=` (docs/api/conventions.md, "Text filters") on `query`'s
   * products: the name or a SKU holds the search, case-insensitively, and the product has a
   * variant.
   */
  private holdingSearch(query: Knex.QueryBuilder, search: string, plan: SubstringPlan | undefined): void {
    const pattern = containsPattern(search);
    if (plan?.kind === "words" && !plan.skus) {
      // No SKU word meets the search's rule, so no SKU holds it: the name alone decides (a
      // walk then reads no variants).
      void query.whereRaw(likeSql("p.name"), [pattern]);
    } else {
      // The SKUs' EXISTS as a value (`= 1`): as a bare EXISTS, MariaDB turns it into a table of
      // every variant of every store whose SKU matches, made by scanning them all, before any product.
      void query.whereRaw(`(${likeSql("p.name")} or exists (select 1 from variants v where v.product_id = p.id and ${likeSql("v.sku")}) = 1)`, [pattern, pattern]);
    }
    // Only products with a variant are listed (see `withVariants`): one without is not a match
    // to count or to skip over, whichever way the search is answered. Written `= 1`: SQLite
    // 3.51 turns a bare EXISTS into a join here, and with an OFFSET answers rows before it.
    void query.whereRaw("exists (select 1 from variants vv where vv.product_id = p.id) = 1");
  }

  /**
   * The total of a list filtered by a search of ASCII letters and digits alone, from the postings
   * index instead of each match's rows (a common word's thousands of matches cost a second or more
   * at 1,000,000 products, three random reads each). Such a search is held by a product's name or
   * SKU exactly when one of their words holds it, if the name and SKUs are ASCII: the LIKE and the
   * folded words then agree. So the total is the number of documents the words' name and SKU
   * postings name (postings exist only for listed products: active, with a variant), less those of
   * `search_non_ascii` among them that the LIKE refuses. Undefined (count as before) for any other
   * filter or search, or when too many candidates are outside ASCII to check.
   */
  private async countByPostings(storeId: string, filter: ProductListFilter, plan: SubstringPlan): Promise<number | undefined> {
    const search = filter.search ?? "";
    const others = filter.categoryId !== undefined || filter.subcategoryId !== undefined || filter.collectionId !== undefined || filter.featured !== undefined;
    if (others || plan.kind !== "words" || !/^[A-Za-z0-9]+$/.test(search)) return undefined;
    if (plan.keys.length === 0) return 0;
    const keys = plan.keys.map(() => "?").join(", ");
    const [all] = await this.db.select<{ n: number | string }>(
      `select count(distinct sp.doc_id) as n from search_postings sp where sp.term_key in (${keys}) and sp.tier >= ?`,
      [...plan.keys, NAME_OR_SKU_TIER],
    );
    const [anyNonAscii] = await this.db.select<{ doc_id: number }>("select doc_id from search_non_ascii where store_id = ? limit 1", [storeId]);
    if (anyNonAscii === undefined) return Number(all?.n ?? 0);
    const listed = await this.db.select<{ product_id: string }>(
      `select distinct d.product_id from search_postings sp join search_non_ascii n on n.store_id = ? and n.doc_id = sp.doc_id ` +
        `join search_documents d on d.doc_id = sp.doc_id where sp.term_key in (${keys}) and sp.tier >= ? limit ${NON_ASCII_CHECKED + 1}`,
      [storeId, ...plan.keys, NAME_OR_SKU_TIER],
    );
    if (listed.length > NON_ASCII_CHECKED) return undefined;
    if (listed.length === 0) return Number(all?.n ?? 0);
    // Those few by key, with the same rule the list applies.
    const check = this.db.knex("products as p").whereIn("p.id", listed.map((r) => r.product_id)).whereRaw("+p.store_id = ?", [storeId]).whereRaw("+p.is_active = ?", [true]);
    this.holdingSearch(check, search, plan);
    const [matching] = await this.db.selectQuery<{ n: number | string }>(check.count({ n: "*" }));
    return Number(all?.n ?? 0) - listed.length + Number(matching?.n ?? 0);
  }

  /**
   * The products of a walk of the store's whole list, on MariaDB through the index it must walk:
   * the list's own (store, active, created_at, id), or with a search the one holding the name
   * too (migration 0026). Both begin with the same columns, and InnoDB's sampled statistics of a
   * newly built index (108 distinct (store, active) pairs in a one-store table of 1,000,000
   * products) made it walk the name index from the top for a deep page instead of starting at
   * its anchor: 1.3 s a page instead of a few ms. SQLite, planning without statistics, takes
   * the narrower index for the list and the covering one for a search by itself.
   */
  private listWalk(q: Knex | Knex.Transaction, filter: ProductListFilter): Knex.QueryBuilder {
    const whole = filter.categoryId === undefined && filter.subcategoryId === undefined && filter.featured === undefined;
    if (!whole) return q("products as p");
    const searched = filter.search !== undefined && filter.search !== "";
    return q.queryBuilder().fromRaw(`products as p${this.db.indexHint(searched ? "products_list_name_idx" : "products_store_id_is_active_created_at_id_index")}`);
  }

  /** How a list's search is answered, and whether its products are read by key (see `filtered`). */
  private async listSearch(storeId: string, filter: ProductListFilter): Promise<{ plan: SubstringPlan; drive: (position: number) => boolean } | undefined> {
    if (filter.search === undefined || filter.search === "") return undefined;
    const plan = await planSubstring(this.db, storeId, filter.search);
    if (plan.kind === "scan") return { plan, drive: () => false };
    const [counted] = await this.db.select<{ n: number | string }>("select documents as n from search_counts where store_id = ?", [storeId]);
    const documents = Math.max(Number(counted?.n ?? 0), 1);
    // Walking the list to `position` passes about position / density entries; reading the
    // candidates by key costs about 20 of those a candidate (four lookups, the sort, and the rows
    // of the documents read as well), measured at 200,000 products on both databases: the first
    // page of a word held by 1 % of the catalog is walked, of one held by a few hundred, driven.
    return { plan, drive: (at) => plan.documents * 20 <= ((at + 1) * documents) / Math.max(plan.documents, 1) };
  }

  private withNames(query: Knex.QueryBuilder): Knex.QueryBuilder {
    return query
      .leftJoin("categories as c", "c.id", "p.category_id")
      .leftJoin("subcategories as s", "s.id", "p.subcategory_id")
      .select(PRODUCT_COLUMNS);
  }

  async listPage(storeId: string, filter: ProductListFilter, page: PageRequest, options: { readonly recent?: boolean } = {}): Promise<Page<ProductWithVariants>> {
    return this.db.run(async (q) => {
      const order =
        filter.featured === true
          ? ({ column: "p.featured_order", idColumn: "p.id", direction: "asc" } as const)
          : ({ column: "p.created_at", idColumn: "p.id", direction: "desc" } as const);
      const keyOf = (r: { readonly featured_order: number; readonly created_at: string; readonly id: string }): readonly [string | number, string] => [
        order.column === "p.featured_order" ? r.featured_order : r.created_at,
        r.id,
      ];
      if (options.recent === true && recentProductsOf(this.db).markNow(storeId) !== undefined) {
        // The page's keys from the index (or kept from an earlier read while its members are the
        // same, list-totals.ts), then its products from the copies, reading only those without one.
        const cut = await listPagesOf(this.db).page(storeId, JSON.stringify(["keyset", filter, page.limit, page.cursor ?? null]), async () => {
          const search = await this.listSearch(storeId, filter);
          const listSearch = search === undefined ? undefined : { plan: search.plan, drive: search.drive(page.limit) };
          // Only the order's own columns: a walk of the list is then read from its index alone (with
          // the name a search tests, migration 0026).
          const keys = await this.db.selectQuery<{ id: string; created_at: string; featured_order: number }>(
            applyKeyset(this.filtered(q, storeId, filter, listSearch).select("p.id", order.column === "p.featured_order" ? "p.featured_order" : "p.created_at"), order, page),
          );
          return toPage(keys, page, keyOf, (r) => r.id);
        });
        return { items: await this.recentByIds(storeId, cut.items), hasMore: cut.hasMore, nextCursor: cut.nextCursor };
      }
      const search = await this.listSearch(storeId, filter);
      const listSearch = search === undefined ? undefined : { plan: search.plan, drive: search.drive(page.limit) };
      const rows = await this.db.selectQuery<ProductRow>(applyKeyset(this.withNames(this.filtered(q, storeId, filter, listSearch)), order, page));
      const cut = toPage(rows, page, keyOf, (r) => r);
      return { items: await this.withVariants(cut.items), hasMore: cut.hasMore, nextCursor: cut.nextCursor };
    });
  }

  /**
   * The products of these ids in their order, from the copies read lately where current (see
   * recent-products.ts), the others read (and kept); products without a variant are left out.
   */
  private async recentByIds(storeId: string, ids: readonly string[]): Promise<ProductWithVariants[]> {
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

  async listOffset(
    storeId: string,
    filter: ProductListFilter,
    window: { readonly limit: number; readonly offset: number },
    options: { readonly recent?: boolean } = {},
  ): Promise<{ readonly items: readonly ProductWithVariants[]; readonly total: number }> {
    return this.db.run(async (q) => {
      const search = await this.listSearch(storeId, filter);
      const total = await listTotalsOf(this.db).total(storeId, JSON.stringify(filter), async () => {
        const byPostings = search === undefined ? undefined : await this.countByPostings(storeId, filter, search.plan);
        if (byPostings !== undefined) return byPostings;
        // Every match is counted: from the candidates when there are some (never a walk of the store).
        const counted = await this.filtered(q, storeId, filter, search === undefined ? undefined : { plan: search.plan, drive: search.plan.kind === "words" }).count({ n: "*" }).first();
        return Number(counted?.n ?? 0);
      });
      if (window.offset >= total) return { items: [], total };
      const readIds = async (): Promise<readonly string[]> => {
        // A deferred join: the offset is walked over the ids in the (store, active, created_at, id)
        // index alone, then only the page's rows are read with their names. A deep page starts at
        // the nearest anchor before it (list-totals.ts), so fewer than its step of entries are walked.
        const listSearch = search === undefined ? undefined : { plan: search.plan, drive: search.drive(window.offset + window.limit) };
        const after = (anchor: ListAnchor | undefined): Knex.QueryBuilder => {
          const query = this.filtered(q, storeId, filter, listSearch);
          if (anchor !== undefined) {
            // The bound alone first: SQLite makes a range of it (the OR after it, it would not), so
            // the index walk starts at the anchor rather than at the top of the list.
            void query.where("p.created_at", "<=", anchor.createdAt).where((w) => {
              void w.where("p.created_at", "<", anchor.createdAt).orWhere((tie) => {
                void tie.where("p.created_at", "=", anchor.createdAt).andWhere("p.id", "<", anchor.id);
              });
            });
          }
          return query.orderBy([{ column: "p.created_at", order: "desc" }, { column: "p.id", order: "desc" }]);
        };
        // Anchors sit at offsets step - 1, 2 x step - 1, ...: each is the entry `step` after the one before.
        const anchors = listAnchorsOf(this.db);
        const anchor = await anchors.before(storeId, JSON.stringify(filter), window.offset, async (previous) => {
          const [row]: Array<{ created_at: string; id: string }> = await after(previous).select("p.created_at", "p.id").limit(1).offset(anchors.step - 1);
          return row === undefined ? undefined : { offset: (previous?.offset ?? -1) + anchors.step, createdAt: row.created_at, id: row.id };
        });
        const pageQuery = after(anchor)
          .select("p.id")
          .limit(window.limit)
          .offset(anchor === undefined ? window.offset : window.offset - anchor.offset - 1);
        // On MariaDB through knex's runner (the text protocol): at 1,000,000 products the same page
        // sent as a prepared statement took about 170 ms against 5-20 ms (the anchored range was
        // walked as if unbounded; the cause was not found, decisions caching-35). SQLite
        // keeps the statement prepared once per connection.
        const rows: { id: string }[] = this.db.dialect === "mysql" ? await pageQuery : await this.db.selectQuery<{ id: string }>(pageQuery);
        return rows.map((r) => r.id);
      };
      // With copies, the page's ids too are kept while its members are the same (list-totals.ts).
      const withCopies = options.recent === true && recentProductsOf(this.db).markNow(storeId) !== undefined;
      const ids = withCopies ? await listPagesOf(this.db).page(storeId, JSON.stringify(["offset", filter, window.limit, window.offset]), readIds) : await readIds();
      if (ids.length === 0) return { items: [], total };
      if (options.recent === true) return { items: await this.recentByIds(storeId, ids), total };
      const list = inList(ids);
      const rows = await this.db.select<ProductRow>(`${PRODUCTS_BY_IDS_SELECT} and p.id in (${list.sql})`, [storeId, ...list.values]);
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
      return { items: await this.withVariants(rows), total };
    });
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
    const rows = await this.db.select<VariantFactsRow>(
      "select v.id, v.product_id, v.price, v.sale_price, v.stock, p.is_active, p.category_id from variants v join products p on p.id = v.product_id " +
        `where +v.store_id = ? and v.id ${ids.length === 1 ? "= ?" : `in (${ids.map(() => "?").join(", ")})`}`,
      [storeId, ...ids],
    );
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
    // instead of two a line (docs/decisions/checkout.md, "checkout-21").
    const rows = await this.db.select<{ id: string; stock: number; product_id: string }>(
      `select id, stock, product_id from variants where store_id = ? and id in (${list.sql})${this.db.dialect === "mysql" ? " for update" : ""}`,
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
      `update variants set stock = stock - case id ${cases} end where store_id = ? and id in (${list.sql}) and stock >= case id ${cases} end`,
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
