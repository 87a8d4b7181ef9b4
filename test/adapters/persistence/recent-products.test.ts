// Product copies for reads that accept one up to a catalog poll old (a cart add, a cart read):
// through KnexProductRepository on SQLite, a repeated read is answered without a query, any catalog
// write (this process's at once, another's at the next poll) sends the next read to the database,
// and nothing is served from copies while polling is not running or is late. Exact reads always go
// to the database.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { ProductWithVariants } from "../../../application/ports/product-repository.js";
import { bucketOf, PRODUCT_BUCKETS, type CatalogVersions } from "../../../adapters/persistence/catalog-versions.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { RecentProducts, recentProductsOf } from "../../../adapters/persistence/recent-products.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";
import { PolledSqliteFile } from "../../support/polled-sqlite.js";
import { queriesDuring as countQueries } from "../../support/query-counting.js";

const STORE = "01900000-0000-7000-8000-00000000000a";
const OTHER_STORE = "01900000-0000-7000-8000-00000000000b";
const PRODUCT = "01900000-0000-7000-8000-000000000101";
const VARIANT = "01900000-0000-7000-8000-000000000201";
const SECOND_PRODUCT = "01900000-0000-7000-8000-000000000102";
const SECOND_VARIANT = "01900000-0000-7000-8000-000000000202";

describe("recent product copies (KnexProductRepository on SQLite)", function () {
  let file: PolledSqliteFile;
  let db: Database;
  let versions: CatalogVersions;
  let products: KnexProductRepository;

  const queriesDuring = <T>(work: () => Promise<T>) => countQueries(db, work);
  const recentRead = (ids: readonly string[], productOfVariant?: string) =>
    queriesDuring(() => products.findManyByIds(STORE, ids, { recent: true, ...(productOfVariant === undefined ? {} : { productOfVariant }) }));
  const priceOf = (found: ReadonlyMap<string, ProductWithVariants>, productId: string): number | undefined =>
    found.get(productId)?.variants[0]?.price;

  beforeEach(async function () {
    // A file, so a second handle (another process) can write to the same database.
    file = await PolledSqliteFile.open("storefront-recent-", [STORE, OTHER_STORE]);
    ({ db, versions } = file);
    products = new KnexProductRepository(db);
    await products.insert(STORE, productRecord(PRODUCT), [variantRecord(VARIANT, PRODUCT, "SKU-1", { price: 1_000 })]);
    await products.insert(STORE, productRecord(SECOND_PRODUCT), [variantRecord(SECOND_VARIANT, SECOND_PRODUCT, "SKU-2", { price: 2_000 })]);
  });

  afterEach(() => file.close());

  const startPolling = () => file.startPolling();

  it("answers a repeated read from its copy, without a query, while polling runs", async function () {
    await startPolling();
    const first = await recentRead([PRODUCT]);
    assert.ok(first.queries > 0);
    assert.equal(priceOf(first.answer, PRODUCT), 1_000);
    const again = await recentRead([PRODUCT]);
    assert.equal(again.queries, 0);
    assert.deepEqual(again.answer.get(PRODUCT)?.product, first.answer.get(PRODUCT)?.product);
    assert.deepEqual(again.answer.get(PRODUCT)?.variants, first.answer.get(PRODUCT)?.variants);
    assert.equal(again.answer.get(PRODUCT)?.copy, true, "marked as a copy");
  });

  it("finds a variant's product among the copies, and reads only the products it lacks", async function () {
    await startPolling();
    await recentRead([], VARIANT);
    const byVariant = await recentRead([], VARIANT);
    assert.equal(byVariant.queries, 0);
    assert.deepEqual([...byVariant.answer.keys()], [PRODUCT]);
    const mixed = await recentRead([PRODUCT, SECOND_PRODUCT]);
    assert.equal(mixed.queries, 1, "one read, of the product without a copy");
    assert.equal(priceOf(mixed.answer, SECOND_PRODUCT), 2_000);
    assert.equal((await recentRead([PRODUCT, SECOND_PRODUCT])).queries, 0);
  });

  it("reads again after a catalog write of this process, and sees the new price", async function () {
    await startPolling();
    await recentRead([PRODUCT]);
    await products.updateVariant(STORE, variantRecord(VARIANT, PRODUCT, "SKU-1", { price: 1_500 }));
    const after = await recentRead([PRODUCT]);
    assert.ok(after.queries > 0);
    assert.equal(priceOf(after.answer, PRODUCT), 1_500);
  });

  it("reads again after a unit of work that wrote the catalog ends, and inside it reads its own writes, never a copy", async function () {
    await startPolling();
    await recentRead([PRODUCT]);
    await db.transaction(async () => {
      await products.update(STORE, productRecord(PRODUCT, { name: "Renamed" }));
    });
    const after = await recentRead([PRODUCT]);
    assert.ok(after.queries > 0);
    assert.equal(after.answer.get(PRODUCT)?.product.name, "Renamed");

    await assert.rejects(
      db.transaction(async () => {
        await products.update(STORE, productRecord(PRODUCT, { name: "Never committed" }));
        const inside = await recentRead([PRODUCT]); // reads its own uncommitted write, not the copy
        assert.ok(inside.queries > 0);
        assert.equal(inside.answer.get(PRODUCT)?.product.name, "Never committed");
        throw new Error("roll back");
      }),
      /roll back/,
    );
    const afterRollback = await recentRead([PRODUCT]);
    assert.ok(afterRollback.queries > 0);
    assert.equal(afterRollback.answer.get(PRODUCT)?.product.name, "Renamed");
  });

  it("inside any unit of work, even one that has written nothing, reads the database, never a copy (a write relies only on what its transaction read)", async function () {
    await startPolling();
    await recentRead([PRODUCT]);
    assert.equal((await recentRead([PRODUCT])).queries, 0, "outside a unit of work the copy answers");
    await db.transaction(async () => {
      const inside = await recentRead([PRODUCT]);
      assert.ok(inside.queries > 0);
    });
  });

  it("learns of another process's write at the next poll", async function () {
    await startPolling();
    await recentRead([PRODUCT]);
    const other = file.openOther();
    try {
      await new KnexProductRepository(other).updateVariant(STORE, variantRecord(VARIANT, PRODUCT, "SKU-1", { price: 1_700 }));
    } finally {
      await other.close();
    }
    assert.equal(priceOf((await recentRead([PRODUCT])).answer, PRODUCT), 1_000, "a copy up to one poll old is the contract");
    await versions.poll();
    const after = await recentRead([PRODUCT]);
    assert.ok(after.queries > 0);
    assert.equal(priceOf(after.answer, PRODUCT), 1_700);
  });

  it("serves nothing from copies while polling is not running, or after it stopped", async function () {
    await recentRead([PRODUCT]);
    assert.ok((await recentRead([PRODUCT])).queries > 0, "never polled");
    await startPolling();
    await recentRead([PRODUCT]);
    assert.equal((await recentRead([PRODUCT])).queries, 0);
    versions.stop();
    assert.ok((await recentRead([PRODUCT])).queries > 0, "polling stopped");
  });

  it("does not trust copies when the last poll is older than three intervals", function () {
    versions.start(1_000, () => undefined);
    return versions.poll().then(() => {
      const now = Date.now();
      assert.equal(versions.isPolledRecently(now), true);
      assert.equal(versions.isPolledRecently(now + 3_500), false);
    });
  });

  it("always reads exactly when a copy is not asked for", async function () {
    await startPolling();
    await recentRead([PRODUCT]);
    const exact = await queriesDuring(() => products.findManyByIds(STORE, [PRODUCT]));
    assert.ok(exact.queries > 0);
  });

  it("keeps each store's copies apart", async function () {
    await startPolling();
    await recentRead([PRODUCT], VARIANT);
    const other = await queriesDuring(() => products.findManyByIds(OTHER_STORE, [PRODUCT], { recent: true, productOfVariant: VARIANT }));
    assert.equal(other.answer.size, 0, "another store's product is not found through the copies");
    assert.ok(other.queries > 0);
  });

  it("is one cache per database handle", function () {
    assert.equal(recentProductsOf(db), recentProductsOf(db));
  });
});

describe("RecentProducts", function () {
  const entry = (id: string): ProductWithVariants =>
    ({ product: productRecord(id), variants: [variantRecord(`v-${id}`, id, `SKU-${id}`)] }) as unknown as ProductWithVariants;
  let stamp = "1.0";
  /** Bucket generations as a fake CatalogVersions holds them. */
  let generations = new Uint32Array(PRODUCT_BUCKETS + 1);
  const versions = {
    isPolledRecently: () => true,
    inUnitOfWork: () => false,
    structuralStamp: () => stamp,
    mark: () => ({ stamp, generations: generations.slice() }),
    bucketGeneration: (_store: string, bucket: number) => generations[bucket]!,
  } as unknown as CatalogVersions;
  const keep = (cache: RecentProducts, ...ids: string[]): void => cache.keep("s", cache.markNow("s")!, ids.map(entry));

  beforeEach(() => {
    stamp = "1.0";
    generations = new Uint32Array(PRODUCT_BUCKETS + 1);
  });

  it("keeps at most its bound of products, dropping the least recently read first", function () {
    const cache = new RecentProducts(versions, 5_000);
    const ids = Array.from({ length: 5_001 }, (_, i) => `p${i}`);
    for (const id of ids) keep(cache, id);
    assert.equal(cache.size, 5_000);
    const lookup = cache.lookup("s", ["p0", "p1", "p5000"], "v-p0")!;
    assert.deepEqual(lookup.missing, ["p0"]);
    assert.equal(lookup.missingVariant, "v-p0");
    assert.deepEqual([...lookup.found.keys()].sort(), ["p1", "p5000"]);
    // Read again, p1 is now the most recent: the next product over the bound drops p2.
    keep(cache, "p1");
    keep(cache, "p5001");
    assert.deepEqual(cache.lookup("s", ["p1", "p2"], undefined)!.missing, ["p2"]);
  });

  it("keeps nothing with a bound of 0", function () {
    const cache = new RecentProducts(versions, 0);
    assert.equal(cache.markNow("s"), undefined);
    assert.equal(cache.lookup("s", ["p1"], undefined), undefined);
  });

  it("does not keep what was read under a store-wide stamp that has moved on meanwhile", function () {
    const cache = new RecentProducts(versions);
    const before = cache.lookup("s", ["p1"], undefined)!;
    stamp = "1.1"; // a store-wide write while the read was on its way
    cache.keep("s", before.mark, [entry("p1")]);
    assert.equal(cache.size, 0);
    assert.deepEqual(cache.lookup("s", ["p1"], undefined)!.missing, ["p1"]);
  });

  it("drops a store's copies when its store-wide stamp moves on", function () {
    const cache = new RecentProducts(versions);
    keep(cache, "p1");
    assert.equal(cache.lookup("s", ["p1"], undefined)!.found.size, 1);
    stamp = "1.1";
    assert.equal(cache.lookup("s", ["p1"], undefined)!.found.size, 0);
    assert.equal(cache.size, 0);
  });

  it("drops only the copy whose product's bucket moved on", function () {
    const cache = new RecentProducts(versions);
    // Two products in different buckets.
    const [a, b] = ["p-a", Array.from({ length: 50 }, (_, i) => `p-b${i}`).find((id) => bucketOf(id) !== bucketOf("p-a"))!];
    keep(cache, a, b);
    generations[bucketOf(a)]!++;
    const lookup = cache.lookup("s", [a, b], undefined)!;
    assert.deepEqual(lookup.missing, [a]);
    assert.deepEqual([...lookup.found.keys()], [b]);
    // A product read while its bucket moved is kept under the generation of the mark: stale at once.
    const mark = cache.markNow("s")!;
    generations[bucketOf(a)]!++;
    cache.keep("s", mark, [entry(a)]);
    assert.deepEqual(cache.lookup("s", [a], undefined)!.missing, [a]);
  });

  it("finds a current copy by slug, and none once the product's bucket moved on", function () {
    const cache = new RecentProducts(versions);
    keep(cache, "p1");
    const slug = entry("p1").product.slug;
    assert.equal(cache.bySlug("s", slug, cache.markNow("s")!)?.product.id, "p1");
    generations[bucketOf("p1")]!++;
    assert.equal(cache.bySlug("s", slug, cache.markNow("s")!), undefined);
  });
});
