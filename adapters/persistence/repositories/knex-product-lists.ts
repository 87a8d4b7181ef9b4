// The product repository's lists: the keyset page and the price list's offset window with its
// total, their filters, the plans of a `search=` (substring-candidates.ts) and the indexes a walk
// names; the page's products are then read by KnexProductReads. Part of KnexProductRepository
// (knex-product-repository.ts); test/adapters/persistence/list-plans.test.ts EXPLAINs its statements.
import type { Knex } from "knex";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { ProductListFilter, ProductWithVariants } from "../../../application/ports/product-repository.js";
import { type Database, inList } from "../database.js";
import { listAnchorsOf, listPagesOf, listTotalsOf, type ListAnchor } from "../list-totals.js";
import { recentProductsOf } from "../recent-products.js";
import { POSTING_TIERS } from "../search-documents.js";
import { applyKeyset, toPage } from "../keyset-page.js";
import { containsPattern, likeSql } from "../like-pattern.js";
import { planSubstring, type SubstringPlan } from "../substring-candidates.js";
import type { KnexProductReads } from "./knex-product-reads.js";
import { PRODUCTS_BY_IDS_SELECT, withNames, type ProductRow } from "./product-rows.js";

/** Postings of a word held in a name or a SKU (the best field's tier: name 4, SKU 3, others below). */
const NAME_OR_SKU_TIER = Math.min(POSTING_TIERS.name!, POSTING_TIERS.sku!);
/** Candidates outside ASCII checked with the LIKE at most; above, the total is counted as before. */
const NON_ASCII_CHECKED = 2_000;

interface ListSearch {
  readonly plan: SubstringPlan;
  readonly drive: boolean;
}

export class KnexProductLists {
  constructor(
    private readonly db: Database,
    private readonly reads: KnexProductReads,
  ) {}

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
    // Only products with a variant are listed (see `withVariants`, knex-product-reads.ts): one
    // without is not a match to count or to skip over, whichever way the search is answered.
    // Written `= 1`: SQLite 3.51 turns a bare EXISTS into a join here, and with an OFFSET answers
    // rows before it.
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
        return { items: await this.reads.recentByIds(storeId, cut.items), hasMore: cut.hasMore, nextCursor: cut.nextCursor };
      }
      const search = await this.listSearch(storeId, filter);
      const listSearch = search === undefined ? undefined : { plan: search.plan, drive: search.drive(page.limit) };
      const rows = await this.db.selectQuery<ProductRow>(applyKeyset(withNames(this.filtered(q, storeId, filter, listSearch)), order, page));
      const cut = toPage(rows, page, keyOf, (r) => r);
      return { items: await this.reads.withVariants(cut.items), hasMore: cut.hasMore, nextCursor: cut.nextCursor };
    });
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
      if (options.recent === true) return { items: await this.reads.recentByIds(storeId, ids), total };
      const list = inList(ids);
      const rows = await this.db.select<ProductRow>(`${PRODUCTS_BY_IDS_SELECT} and p.id in (${list.sql})`, [storeId, ...list.values]);
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
      return { items: await this.reads.withVariants(rows), total };
    });
  }
}
