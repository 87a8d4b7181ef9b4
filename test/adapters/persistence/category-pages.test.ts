// Category and subcategory list pages kept between store-wide catalog changes (KnexCategoryRepository
// with `categoryPagesOf`, list-totals.ts), on a SQLite file: a repeated page costs no query while
// polling runs; a category write of this process shows at once, another process's at the next
// poll; a unit of work reads its own writes; nothing is kept while polling is late; stores,
// filters and pages are kept apart.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { PageRequest } from "../../../application/pagination/page.js";
import type { CategoryListFilter } from "../../../application/ports/category-repository.js";
import type { Category, Subcategory } from "../../../domain/catalog/category.js";
import type { CatalogVersions } from "../../../adapters/persistence/catalog-versions.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexCategoryRepository } from "../../../adapters/persistence/repositories/knex-category-repository.js";
import { PolledSqliteFile } from "../../support/polled-sqlite.js";
import { queriesDuring as countQueries } from "../../support/query-counting.js";

const STORE = "01900000-0000-7000-8000-00000000000a";
const OTHER_STORE = "01900000-0000-7000-8000-00000000000b";
const AT = "2030-01-01T00:00:00.000Z";

const category = (n: number, name: string, active = true): Category => ({
  id: `01900000-0000-7000-8000-0000000003${String(n).padStart(2, "0")}`,
  name,
  description: null,
  image: null,
  active,
  createdAt: AT,
  updatedAt: AT,
});

const ACTIVE: CategoryListFilter = { active: true };
const FIRST_PAGE: PageRequest = { limit: 100 };

describe("category list pages kept between catalog changes (KnexCategoryRepository on SQLite)", function () {
  let file: PolledSqliteFile;
  let db: Database;
  let versions: CatalogVersions;
  let categories: KnexCategoryRepository;

  const queriesDuring = <T>(work: () => Promise<T>) => countQueries(db, work);
  const names = (items: readonly Category[]): string[] => items.map((c) => c.name);
  const list = (storeId = STORE, filter = ACTIVE, page = FIRST_PAGE) => queriesDuring(() => categories.listCategories(storeId, filter, page));

  beforeEach(async function () {
    file = await PolledSqliteFile.open("storefront-categories-", [STORE, OTHER_STORE]);
    ({ db, versions } = file);
    categories = new KnexCategoryRepository(db);
    await categories.insertCategory(STORE, category(1, "Bags"));
    await categories.insertCategory(STORE, category(2, "Shoes"));
    await categories.insertCategory(STORE, category(3, "Archive", false));
    await categories.insertCategory(OTHER_STORE, category(4, "Other store's"));
  });

  afterEach(() => file.close());

  const startPolling = () => file.startPolling();

  it("answers a repeated page without a query while polling runs, each store, filter and page on its own", async function () {
    await startPolling();
    const first = await list();
    assert.equal(first.queries, 1);
    assert.deepEqual(names(first.answer.items), ["Bags", "Shoes"]);
    assert.equal((await list()).queries, 0);
    const inactive = await list(STORE, { active: false });
    assert.equal(inactive.queries, 1);
    assert.deepEqual(names(inactive.answer.items), ["Archive"]);
    const searched = await list(STORE, { active: true, search: "sho" });
    assert.deepEqual(names(searched.answer.items), ["Shoes"]);
    const short = await list(STORE, ACTIVE, { limit: 1 });
    assert.deepEqual(names(short.answer.items), ["Bags"]);
    const next = await list(STORE, ACTIVE, { limit: 1, cursor: short.answer.nextCursor! });
    assert.equal(next.queries, 1);
    assert.deepEqual(names(next.answer.items), ["Shoes"]);
    const other = await list(OTHER_STORE);
    assert.equal(other.queries, 1, "another store's page is its own");
    assert.deepEqual(names(other.answer.items), ["Other store's"]);
    for (const again of [await list(STORE, { active: false }), await list(STORE, ACTIVE, { limit: 1 }), await list(OTHER_STORE)]) assert.equal(again.queries, 0);
  });

  it("keeps subcategory pages apart from category pages, by category", async function () {
    await startPolling();
    const sub = (n: number, name: string, categoryId: string): Subcategory => ({ ...category(n, name), categoryId });
    await categories.insertSubcategory(STORE, sub(10, "Totes", category(1, "").id));
    await categories.insertSubcategory(STORE, sub(11, "Boots", category(2, "").id));
    const all = await queriesDuring(() => categories.listSubcategories(STORE, ACTIVE, FIRST_PAGE));
    assert.deepEqual(names(all.answer.items), ["Boots", "Totes"]);
    const bags = await queriesDuring(() => categories.listSubcategories(STORE, { active: true, categoryId: category(1, "").id }, FIRST_PAGE));
    assert.deepEqual(names(bags.answer.items), ["Totes"]);
    assert.equal((await queriesDuring(() => categories.listSubcategories(STORE, ACTIVE, FIRST_PAGE))).queries, 0);
    assert.deepEqual(names((await list()).answer.items), ["Bags", "Shoes"], "a category page is not a subcategory page");
  });

  it("shows this process's category and subcategory writes at once", async function () {
    await startPolling();
    await list();
    await categories.updateCategory(STORE, { ...category(2, "Footwear"), updatedAt: "2030-01-02T00:00:00.000Z" });
    const renamed = await list();
    assert.ok(renamed.queries > 0);
    assert.deepEqual(names(renamed.answer.items), ["Bags", "Footwear"]);
    await list();
    await categories.insertCategory(STORE, category(5, "Hats"));
    assert.deepEqual(names((await list()).answer.items), ["Bags", "Footwear", "Hats"]);
    await categories.removeCategory(STORE, category(1, "").id);
    assert.deepEqual(names((await list()).answer.items), ["Footwear", "Hats"]);
  });

  it("reads its own writes inside a unit of work, and the kept page is not the rolled-back one", async function () {
    await startPolling();
    await list();
    await assert.rejects(
      db.transaction(async () => {
        await categories.insertCategory(STORE, category(6, "Never committed"));
        const inside = await list();
        assert.ok(inside.queries > 0);
        assert.deepEqual(names(inside.answer.items), ["Bags", "Never committed", "Shoes"]);
        throw new Error("roll back");
      }),
      /roll back/,
    );
    assert.deepEqual(names((await list()).answer.items), ["Bags", "Shoes"]);
  });

  it("learns of another process's write at the next poll", async function () {
    await startPolling();
    await list();
    const other = file.openOther();
    try {
      await new KnexCategoryRepository(other).insertCategory(STORE, category(7, "Caps"));
    } finally {
      await other.close();
    }
    const before = await list();
    assert.equal(before.queries, 0);
    assert.deepEqual(names(before.answer.items), ["Bags", "Shoes"], "a page up to one poll old is the contract");
    await versions.poll();
    const after = await list();
    assert.ok(after.queries > 0);
    assert.deepEqual(names(after.answer.items), ["Bags", "Caps", "Shoes"]);
  });

  it("keeps nothing while polling is not running, or after it stopped", async function () {
    await list();
    assert.equal((await list()).queries, 1, "never polled");
    await startPolling();
    await list();
    assert.equal((await list()).queries, 0);
    versions.stop();
    assert.equal((await list()).queries, 1, "polling stopped");
  });
});
