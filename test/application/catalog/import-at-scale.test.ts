// The import's batch path on SQLite and MariaDB: new products created many to a statement write
// what CreateProduct writes one at a time (rows, search documents and word counts, events), bad
// rows are still rejected with their lines, an import interrupted after some batches resumes
// from its checkpoint with a right summary, and a finished import run again only updates.
import assert from "node:assert/strict";
import pino from "pino";
import type { Principal } from "../../../application/access/principal.js";
import { AddVariant } from "../../../application/catalog/add-variant.js";
import { CreateCategory } from "../../../application/catalog/create-category.js";
import { CreateProduct } from "../../../application/catalog/create-product.js";
import { CreateProducts } from "../../../application/catalog/create-products.js";
import { CreateSubcategory } from "../../../application/catalog/create-subcategory.js";
import { ImportCatalog, type ImportSummary } from "../../../application/catalog/import-catalog.js";
import type { ImportGroup } from "../../../application/catalog/imported-product.js";
import { UpdateProduct } from "../../../application/catalog/update-product.js";
import { UpdateVariant } from "../../../application/catalog/update-variant.js";
import { ServiceUnavailable } from "../../../application/errors/infrastructure-errors.js";
import { CatalogImportCheckpoints, type ImportStep } from "../../../application/ports/catalog-import-checkpoints.js";
import { CategoryRepository } from "../../../application/ports/category-repository.js";
import { Clock } from "../../../application/ports/clock.js";
import { ProductRepository } from "../../../application/ports/product-repository.js";
import { StoreRepository } from "../../../application/ports/store-repository.js";
import { UnitOfWork } from "../../../application/ports/unit-of-work.js";
import { SearchProducts } from "../../../application/search/search-products.js";
import { CreateStore } from "../../../application/stores/create-store.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { searchDocumentsOf } from "../../../adapters/persistence/search-documents.js";
import { describeMysql } from "../../support/mysql-database.js";
import { testConfig } from "../../support/test-application.js";

type Row = Record<string, unknown>;

const product = (n: number, extra: Row = {}) => ({
  name: `Linen Shirt ${n}`,
  brand: "Kazi",
  description: `A breathable shirt number ${n}`,
  category: "Apparel",
  subcategory: "Shirts",
  tags: ["linen", `tag${n % 3}`],
  media: [{ url: `https://cdn.example/${n}.jpg`, alt_text: "front" }],
  attributes: { material: "linen" },
  variants: [
    { sku: `LS-${n}-S`, price: 3_500 + n, stock: 4, variant_name: "Small", variant_attributes: { size: "S" } },
    { sku: `LS-${n}-M`, price: 3_500 + n, sale_price: 3_000, stock: 6, threshold: 2, variant_name: "Medium", variant_attributes: { size: "M" }, is_default: true },
  ],
  ...extra,
});
const groupsOf = (products: readonly unknown[]): ImportGroup[] => products.map((input, i) => [{ line: i + 1, input }]);

/** A checkpoint store that loses the database on its `failAt`-th step, as a process killed before that batch committed. */
class FailingCheckpoints implements CatalogImportCheckpoints {
  steps = 0;
  constructor(
    private readonly inner: CatalogImportCheckpoints,
    private readonly failAt: number,
  ) {}
  find(storeId: string, fingerprint: string) {
    return this.inner.find(storeId, fingerprint);
  }
  async advance(storeId: string, fingerprint: string, step: ImportStep, now: string): Promise<void> {
    if (++this.steps === this.failAt) throw new ServiceUnavailable({ message: "the database went away (injected)", retryAfterSeconds: 1 });
    await this.inner.advance(storeId, fingerprint, step, now);
  }
  clear(storeId: string, fingerprint: string) {
    return this.inner.clear(storeId, fingerprint);
  }
}

const suite = (databaseUrl: () => string) => {
  let application: Application;
  let principal: Principal;
  let other: Principal;

  const knex = () => application.database.knex;
  const count = async (table: string, storeId: string, where: Row = {}): Promise<number> =>
    Number((await knex()(table).where({ store_id: storeId, ...where }).count({ n: "*" }).first())?.n);
  const importer = (checkpoints?: CatalogImportCheckpoints): ImportCatalog => {
    if (checkpoints === undefined) return application.container.get(ImportCatalog);
    const c = application.container;
    return new ImportCatalog(
      c.get(ProductRepository), c.get(CategoryRepository), c.get(StoreRepository), c.get(UnitOfWork), c.get(CreateProduct), c.get(CreateProducts),
      c.get(UpdateProduct), c.get(AddVariant), c.get(UpdateVariant), c.get(CreateCategory), c.get(CreateSubcategory), checkpoints, c.get(Clock),
    );
  };

  before(async () => {
    application = createApplication(testConfig({ databaseUrl: databaseUrl() }), { logger: pino({ level: "silent" }) });
    await application.migrate();
  });
  beforeEach(async () => {
    const stores = application.container.get(CreateStore);
    principal = { storeId: (await stores.execute({ name: "Batch Store", baseCurrency: "KES" })).store.id, keyId: "test", keyType: "secret", mode: "live" };
    other = { storeId: (await stores.execute({ name: "Single Store", baseCurrency: "KES" })).store.id, keyId: "test", keyType: "secret", mode: "live" };
  });
  after(async () => {
    await application?.close();
  });

  it("creates a batch with the rows, search documents, word counts and events that CreateProduct writes one by one", async () => {
    const inputs = [1, 2, 3].map((n) => product(n));
    const summary = await importer().execute(principal, groupsOf(inputs), { batchSize: 10 });
    assert.deepEqual(summary, { created: 3, updated: 0, rejected: [] });

    // The same products through the single-product use case, into another store with the same categories.
    const createCategory = application.container.get(CreateCategory);
    const createSubcategory = application.container.get(CreateSubcategory);
    const apparel = await createCategory.execute(other, { name: "Apparel" });
    const shirts = await createSubcategory.execute(other, { name: "Shirts", category_id: apparel.id });
    for (const { category: _c, subcategory: _s, ...input } of inputs) {
      await application.container.get(CreateProduct).execute(other, { ...input, category_id: apparel.id, subcategory_id: shirts.id });
    }

    const comparable = async (storeId: string) => {
      const names = new Map<string, string>();
      for (const c of await knex()("categories").where("store_id", storeId)) names.set(c.id, c.name);
      for (const s of await knex()("subcategories").where("store_id", storeId)) names.set(s.id, s.name);
      const products = await knex()("products").where("store_id", storeId).orderBy("name");
      const byId = new Map(products.map((p: Row) => [p["id"], p["name"]]));
      const strip = (row: Row, ...keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
      return {
        products: products.map((p: Row) => ({
          ...strip(p, "id", "store_id", "created_at", "updated_at", "category_id", "subcategory_id", "media", "slug"),
          category: names.get(p["category_id"] as string),
          subcategory: names.get(p["subcategory_id"] as string),
          slug: String(p["slug"]).replace(/-[0-9a-f]{8}$/, "-<id>"),
          media: (JSON.parse(String(p["media"])) as Row[]).map((m) => strip(m, "id")),
        })),
        variants: (await knex()("variants").where("store_id", storeId).orderBy("sku")).map((v: Row) => ({
          ...strip(v, "id", "store_id", "product_id", "created_at", "updated_at"),
          product: byId.get(v["product_id"]),
        })),
        documents: (await knex()("search_documents").where("store_id", storeId)).map((d: Row) => ({
          ...strip(d, "doc_id", "product_id", "store_id", "category_id", "subcategory_id", "content_hash", "updated_at", "vector"),
          // Made from the records in hand by the batch, from the rows by CreateProduct: the same bytes.
          vector: d["vector"] === null ? null : Buffer.from(d["vector"] as Uint8Array).toString("hex"),
          product: byId.get(d["product_id"]),
        })).sort((a: Row, b: Row) => String(a["product"]).localeCompare(String(b["product"]))),
        terms: (await knex()("search_terms").where("store_id", storeId).orderBy("term")).map((t: Row) => strip(t, "store_id")),
        // Posting keys hash the store in; each product's tiers must agree.
        postings: (
          await knex()("search_postings as sp")
            .join("search_documents as d", "d.doc_id", "sp.doc_id")
            .where("d.store_id", storeId)
            .select("d.product_id", "sp.tier")
        )
          .map((r: Row) => `${String(byId.get(r["product_id"]))}:${String(r["tier"])}`)
          .sort(),
        counts: Number((await knex()("search_counts").where("store_id", storeId).first())?.documents ?? 0),
        // Ids and the slugs' id tails differ between the two stores; everything else must not.
        events: (await knex()("events").where({ store_id: storeId, type: "product.created" }))
          .map((e: Row) => ({
            livemode: Boolean(e["livemode"]),
            data: JSON.parse(String(e["data"]).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>").replace(/-[0-9a-f]{8}"/g, '-<id>"').replace(/"(created_at|updated_at)":"[^"]*"/g, '"$1":"<time>"')) as Row,
          }))
          .sort((a: Row, b: Row) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      };
    };
    const batch = await comparable(principal.storeId);
    const single = await comparable(other.storeId);
    assert.equal(batch.products.length, 3);
    assert.equal(batch.variants.length, 6);
    assert.equal(batch.documents.length, 3);
    assert.ok(batch.terms.length > 5);
    assert.equal(batch.events.length, 3);
    assert.deepEqual(batch, single);

    assert.equal(batch.counts, 3);
    assert.ok(batch.postings.length >= 3 * 5);

    const found = await application.container.get(SearchProducts).execute(principal, "text", { query: "breathable shirt", limit: 10 } as never);
    assert.equal(found.totalResults, 3, "the batch's products are searchable as soon as it commits");
    const meant = await application.container.get(SearchProducts).execute(principal, "semantic", { query: "linen clothing", limit: 10 } as never);
    assert.deepEqual(
      new Set(meant.results.map((r) => r.productId)),
      new Set((await knex()("products").where("store_id", principal.storeId).select("id")).map((r: Row) => r["id"])),
      "and found by meaning, from the vectors the batch wrote",
    );

    // Written from memory, the documents are what a refresh from the rows makes: it has nothing to change.
    const before = await knex()("search_documents").where("store_id", principal.storeId).orderBy("doc_id");
    const termsBefore = await knex()("search_terms").where("store_id", principal.storeId).orderBy("term");
    const ids = before.map((d: Row) => String(d["product_id"]));
    await searchDocumentsOf(application.database).refresh(principal.storeId, ids);
    assert.deepEqual(await knex()("search_documents").where("store_id", principal.storeId).orderBy("doc_id"), before);
    assert.deepEqual(await knex()("search_terms").where("store_id", principal.storeId).orderBy("term"), termsBefore);
  });

  it("rejects bad rows with their lines while the rest of the batch is created together", async () => {
    const summary = await importer().execute(
      principal,
      groupsOf([product(1), { ...product(2), variants: [{ sku: "X-1", price: "abc", stock: 1 }] }, product(3, { slug: "taken" }), product(4, { slug: "taken" }), product(5)]),
      { batchSize: 100 },
    );
    assert.equal(summary.created, 3);
    assert.deepEqual(summary.rejected.map((r) => r.line), [2, 4]);
    assert.match(summary.rejected[0]!.reason, /^price: /);
    assert.equal(summary.rejected[1]!.reason, "slug: A product with this slug already exists in the store.");
    assert.equal(await count("products", principal.storeId), 3);
    assert.equal(await count("search_documents", principal.storeId), 3);
    assert.equal(await count("events", principal.storeId, { type: "product.created" }), 3);
  });

  it("resumes an import interrupted after two batches from its checkpoint, with the summary of the whole file", async () => {
    const inputs = Array.from({ length: 50 }, (_, i) => (i === 7 ? { name: "", variants: [] } : product(i)));
    const checkpoints = application.container.get(CatalogImportCheckpoints);
    const failing = new FailingCheckpoints(checkpoints, 3);
    const options = { batchSize: 10, fingerprint: "test:interrupted", total: 50 };
    await assert.rejects(importer(failing).execute(principal, groupsOf(inputs), options), ServiceUnavailable);
    // A batch is 10 products to write: the first spans lines 1-11 (line 8 is rejected), the second 12-21.
    assert.equal(await count("products", principal.storeId), 20, "two batches committed, the third rolled back");
    assert.equal((await checkpoints.find(principal.storeId, "test:interrupted"))?.position, 21);

    const progress: number[] = [];
    const resumed: ImportSummary = await importer().execute(principal, groupsOf(inputs), { ...options, onProgress: (done) => progress.push(done) });
    assert.equal(resumed.resumedAfter, 21);
    assert.equal(resumed.created, 49);
    assert.equal(resumed.updated, 0);
    assert.deepEqual(resumed.rejected.map((r) => r.line), [8]);
    assert.deepEqual(progress, [21, 31, 41, 50]);
    assert.equal(await count("products", principal.storeId), 49);
    assert.equal(await count("variants", principal.storeId), 98);
    assert.equal(await count("events", principal.storeId, { type: "product.created" }), 49, "no product created twice");
    assert.equal(await checkpoints.find(principal.storeId, "test:interrupted"), undefined, "a finished import leaves no checkpoint");

    const again = await importer().execute(principal, groupsOf(inputs), options);
    assert.deepEqual({ ...again, rejected: again.rejected.length }, { created: 0, updated: 49, rejected: 1 }, "a rerun updates");
    assert.equal(await count("products", principal.storeId), 49);
  });

  /** Every row of every table, each table's rows in a fixed order: equal snapshots mean nothing was written. */
  const snapshot = async (): Promise<Record<string, string[]>> => {
    const sqlite = String((knex().client as { config: { client: unknown } }).config.client).includes("sqlite");
    const tables: string[] = sqlite
      ? (await knex()("sqlite_master").where("type", "table").select("name")).map((r: Row) => String(r["name"]))
      : ((await knex().raw("SHOW TABLES")) as [Row[]])[0].map((r) => String(Object.values(r)[0]));
    const all: Record<string, string[]> = {};
    for (const table of tables.sort()) all[table] = (await knex()(table).select("*")).map((r: Row) => JSON.stringify(r)).sort();
    return all;
  };

  it("a dry run reports what a run would create, update and reject, and writes nothing, checkpoints included", async () => {
    await importer().execute(principal, groupsOf([1, 2, 3].map((n) => product(n))), { batchSize: 10 });
    const checkpoints = application.container.get(CatalogImportCheckpoints);
    // An interrupted import of the same file: a dry run neither resumes it nor moves or clears it.
    await checkpoints.advance(principal.storeId, "test:dry", { position: 2, created: 2, updated: 0, rejected: [] }, new Date().toISOString());
    const inputs = [
      product(1),
      product(2, { name: "Linen Shirt Two" }),
      product(10, { category: "Dry Category" }),
      product(11),
      { name: "", variants: [] },
      product(12),
    ];
    const before = await snapshot();
    const progress: number[] = [];
    const dry = await importer().execute(principal, groupsOf(inputs), { batchSize: 2, dryRun: true, fingerprint: "test:dry", total: 6, onProgress: (done) => progress.push(done) });
    assert.equal(dry.dryRun, true);
    assert.equal(dry.resumedAfter, undefined);
    assert.deepEqual([dry.created, dry.updated, dry.renamed], [3, 1, undefined]);
    assert.deepEqual(dry.rejected.map((r) => r.line), [2, 5]);
    assert.match(dry.rejected[0]!.reason, /would rename its name "Linen Shirt 2" to "Linen Shirt Two".*--allow-renames/);
    assert.equal(progress.at(-1), 6);
    assert.deepEqual(await snapshot(), before, "the dry run wrote nothing");
    assert.equal((await checkpoints.find(principal.storeId, "test:dry"))?.position, 2);

    // With renames allowed, the dry run's report is what the real run then does.
    const { dryRun: _dry, ...allowed } = await importer().execute(principal, groupsOf(inputs), { batchSize: 2, dryRun: true, allowRenames: true });
    assert.deepEqual(await snapshot(), before, "the dry run wrote nothing");
    const real = await importer().execute(principal, groupsOf(inputs), { batchSize: 2, allowRenames: true });
    assert.deepEqual(real, allowed);
    assert.equal(real.renamed?.length, 1);
    assert.equal(await count("products", principal.storeId), 6);
  });

  it("refuses a product matched by SKU whose name or slug differs (a rename) unless renames are allowed", async () => {
    await importer().execute(principal, groupsOf([product(1)]));
    const stored = await knex()("products").where({ store_id: principal.storeId }).first();
    const renamed = await importer().execute(principal, groupsOf([product(1, { name: "Linen Shirt One" })]));
    assert.deepEqual([renamed.created, renamed.updated, renamed.renamed], [0, 0, undefined]);
    assert.equal(renamed.rejected.length, 1);
    assert.match(renamed.rejected[0]!.reason, new RegExp(`SKU LS-1-S belongs to product ${String(stored.id)}; .*"Linen Shirt 1" to "Linen Shirt One"`));
    const reslugged = await importer().execute(principal, groupsOf([product(1, { slug: "another-shirt" })]));
    assert.match(reslugged.rejected[0]?.reason ?? "", /slug ".*" to "another-shirt"/);
    assert.equal((await knex()("products").where({ id: stored.id }).first()).name, "Linen Shirt 1", "a refused rename changes nothing");

    const recased = await importer().execute(principal, groupsOf([product(1, { name: "linen  shirt 1" })]));
    assert.deepEqual([recased.updated, recased.rejected, recased.renamed], [1, [], undefined], "case and spacing are no rename");

    const allowed = await importer().execute(principal, groupsOf([product(1, { name: "Linen Shirt One" })]), { allowRenames: true });
    assert.deepEqual([allowed.updated, allowed.rejected], [1, []]);
    assert.deepEqual(allowed.renamed?.map((r) => [r.line, r.productId, r.sku, r.fromName, r.toName]), [[1, stored.id, "LS-1-S", "linen  shirt 1", "Linen Shirt One"]]);
    assert.equal((await knex()("products").where({ id: stored.id }).first()).name, "Linen Shirt One");
  });

  it("starts over when asked, instead of resuming", async () => {
    const inputs = Array.from({ length: 30 }, (_, i) => product(i));
    const options = { batchSize: 10, fingerprint: "test:restart" };
    await assert.rejects(importer(new FailingCheckpoints(application.container.get(CatalogImportCheckpoints), 2)).execute(principal, groupsOf(inputs), options));
    const restarted = await importer().execute(principal, groupsOf(inputs), { ...options, restart: true });
    assert.deepEqual(restarted, { created: 20, updated: 10, rejected: [] });
  });
};

describe("ImportCatalog at scale on SQLite", function () {
  this.timeout(120_000);
  suite(() => "sqlite::memory:");
});

describeMysql("ImportCatalog at scale on MariaDB", (getDb) => {
  suite(() => getDb().url);
});
