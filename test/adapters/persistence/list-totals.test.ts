// Exact list totals kept under the catalog stamp (adapters/persistence/list-totals.ts): a second
// page is not counted again while polling runs, a write of this process counts again at once, a
// write of another process sharing the file at the next poll, and nothing is kept while polling
// does not run.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { CatalogVersions } from "../../../adapters/persistence/catalog-versions.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { listAnchorsOf, ListTotals } from "../../../adapters/persistence/list-totals.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";
import { PolledSqliteFile } from "../../support/polled-sqlite.js";
import { queriesDuring } from "../../support/query-counting.js";

const STORE = "01900000-0000-7000-8000-0000000000ab";
const productId = (n: number) => `01900000-0000-7000-8000-${(0x300 + n).toString(16).padStart(12, "0")}`;
const variantId = (n: number) => `01900000-0000-7000-8000-${(0x700 + n).toString(16).padStart(12, "0")}`;

describe("list totals under the catalog stamp (SQLite)", function () {
  let file: PolledSqliteFile;
  let db: Database;
  let other: Database;
  let versions: CatalogVersions;
  let products: KnexProductRepository;

  const counts = async (): Promise<{ total: number; counted: boolean }> => {
    let counted = false;
    const stop = db.onQuery((sql) => {
      if (/count\(\*\)/i.test(sql)) counted = true;
    });
    try {
      return { total: (await products.listOffset(STORE, {}, { limit: 2, offset: 0 })).total, counted };
    } finally {
      stop();
    }
  };
  const add = (repository: KnexProductRepository, n: number) =>
    repository.insert(STORE, productRecord(productId(n)), [variantRecord(variantId(n), productId(n), `SKU-T${n}`)]);

  beforeEach(async () => {
    file = await PolledSqliteFile.open("storefront-totals-", [STORE]);
    ({ db, versions } = file);
    products = new KnexProductRepository(db);
    for (let n = 0; n < 3; n++) await add(products, n);
    other = file.openOther();
  });
  afterEach(async () => {
    await other.close();
    await file.close();
  });

  it("counts once per catalog change while polling runs; this process's write at once, another's at the next poll", async () => {
    await file.startPolling();
    assert.deepEqual(await counts(), { total: 3, counted: true });
    assert.deepEqual(await counts(), { total: 3, counted: false }, "the next page is not counted again");
    await add(products, 3);
    assert.deepEqual(await counts(), { total: 4, counted: true }, "a write of this process counts again at once");
    await add(new KnexProductRepository(other), 4);
    await versions.poll();
    assert.deepEqual(await counts(), { total: 5, counted: true }, "another process's write counts again after a poll");
    assert.deepEqual(await counts(), { total: 5, counted: false });
  });

  it("a deep page starts at the nearest anchor and answers what the plain offset answers, before and after writes", async () => {
    listAnchorsOf(db).step = 3;
    for (let n = 3; n < 14; n++) await add(products, n);
    const all = async (): Promise<string[]> => (await products.listOffset(STORE, {}, { limit: 100, offset: 0 })).items.map((p) => p.product.id);
    const pages = async (): Promise<string[][]> => {
      const out: string[][] = [];
      for (let offset = 0; offset < 16; offset++) {
        for (const limit of [1, 2, 5]) out.push((await products.listOffset(STORE, {}, { limit, offset })).items.map((p) => p.product.id));
      }
      return out;
    };
    const expected = (ids: readonly string[]): string[][] => {
      const out: string[][] = [];
      for (let offset = 0; offset < 16; offset++) for (const limit of [1, 2, 5]) out.push(ids.slice(offset, offset + limit));
      return out;
    };
    // Without polling nothing is kept: plain offsets, the reference.
    const plain = await all();
    assert.deepEqual(await pages(), expected(plain));

    await file.startPolling();
    const sent: string[] = [];
    const stop = db.onQuery((sql) => sent.push(sql));
    try {
      assert.deepEqual(await pages(), expected(plain));
    } finally {
      stop();
    }
    assert.ok(sent.some((sql) => /created_at[`"]? < \?/.test(sql)), "deep pages start after an anchor");
    // Pages asked for at once, while their anchors are being made, share them.
    await products.update(STORE, productRecord(productId(5), { name: "Renamed" }));
    const atOnce = await Promise.all(Array.from({ length: 16 }, (_, offset) => products.listOffset(STORE, {}, { limit: 2, offset: 15 - offset })));
    assert.deepEqual(
      atOnce.map((page) => page.items.map((p) => p.product.id)),
      Array.from({ length: 16 }, (_, offset) => plain.slice(15 - offset, 17 - offset)),
    );
    await products.update(STORE, productRecord(productId(7), { isActive: false }));
    await add(new KnexProductRepository(other), 20);
    await versions.poll();
    const now = await all();
    assert.equal(now.length, plain.length, "one product out, one in");
    assert.deepEqual(await pages(), expected(now), "anchors of the old catalog are not used");
  });

  it("counts every time while polling does not run", async () => {
    assert.deepEqual(await counts(), { total: 3, counted: true });
    assert.deepEqual(await counts(), { total: 3, counted: true });
  });

  it("pages asking at once share one count while polling runs", async () => {
    await file.startPolling();
    const totals = new ListTotals(versions);
    let counts = 0;
    const count = async (): Promise<number> => {
      counts++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 42;
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => totals.total(STORE, "{}", count)));
    assert.deepEqual(answers, Array(10).fill(42));
    assert.equal(counts, 1, "ten pages, one count");
    await add(products, 3);
    assert.equal(await totals.total(STORE, "{}", count), 42);
    assert.equal(counts, 2, "a write counts again");
  });

  it("while polling is late a page joins only a count that starts after it asked, one at a time per list", async () => {
    const totals = new ListTotals(versions);
    const started: Array<(n: number) => void> = [];
    const count = (): Promise<number> => new Promise<number>((resolve) => started.push(resolve));
    const first = totals.total(STORE, "{}", count);
    assert.equal(started.length, 1);
    // Two pages asking while the first count runs share the one queued behind it.
    const second = totals.total(STORE, "{}", count);
    const third = totals.total(STORE, "{}", count);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(started.length, 1, "nothing runs beside the first count");
    started[0]!(1);
    assert.equal(await first, 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(started.length, 2, "the queued count starts when the first ends");
    // A page asking now cannot use the running count (it started before this page asked).
    const fourth = totals.total(STORE, "{}", count);
    started[1]!(2);
    assert.deepEqual(await Promise.all([second, third]), [2, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(started.length, 3);
    started[2]!(3);
    assert.equal(await fourth, 3);
    // The line is gone once nothing waits: the next page counts at once.
    await new Promise((resolve) => setImmediate(resolve));
    const fifth = totals.total(STORE, "{}", count);
    assert.equal(started.length, 4);
    started[3]!(4);
    assert.equal(await fifth, 4);
  });
  it("keeps a page's ids with the product copies while its members are the same: not at a new product (another process's at the next poll), kept at a price", async () => {
    const queriesOf = <T>(work: () => Promise<T>) => queriesDuring(db, work);
    const keyset = () => queriesOf(() => products.listPage(STORE, {}, { limit: 2 }, { recent: true }));
    const offset = () => queriesOf(() => products.listOffset(STORE, {}, { limit: 2, offset: 1 }, { recent: true }));
    const ids = (items: readonly { product: { id: string } }[]) => items.map((p) => p.product.id);
    // While polling does not run: read every time.
    await keyset();
    assert.ok((await keyset()).queries > 0, "never polled");
    await file.startPolling();
    const first = await keyset();
    assert.deepEqual(ids(first.answer.items), [productId(2), productId(1)]);
    assert.equal((await keyset()).queries, 0, "the page's ids kept, its products copies");
    await offset();
    const again = await offset();
    assert.equal(again.queries, 0);
    assert.deepEqual(ids(again.answer.items), [productId(1), productId(0)]);

    // A price is not a change of members: the ids stay kept, the product is read again for its price.
    await products.updateVariant(STORE, variantRecord(variantId(2), productId(2), "SKU-T2", { price: 4_321 }));
    const priced = await keyset();
    assert.deepEqual(ids(priced.answer.items), [productId(2), productId(1)]);
    assert.equal(priced.answer.items[0]!.variants[0]!.price, 4_321);
    assert.equal((await keyset()).queries, 0, "kept again");

    // A new product of this process: at once.
    await add(products, 3);
    assert.deepEqual(ids((await keyset()).answer.items), [productId(3), productId(2)]);
    assert.deepEqual(ids((await offset()).answer.items), [productId(2), productId(1)]);
    // Another process's: at the next poll (the documented window).
    await add(new KnexProductRepository(other), 4);
    assert.deepEqual(ids((await keyset()).answer.items), [productId(3), productId(2)], "until the poll");
    await versions.poll();
    assert.deepEqual(ids((await keyset()).answer.items), [productId(4), productId(3)]);

    // A unit of work that adds a product reads its own write; the page kept after it is the committed one.
    await assert.rejects(
      db.transaction(async () => {
        await add(products, 5);
        assert.deepEqual(ids((await keyset()).answer.items), [productId(5), productId(4)]);
        throw new Error("roll back");
      }),
      /roll back/,
    );
    assert.deepEqual(ids((await keyset()).answer.items), [productId(4), productId(3)]);
    versions.stop();
    assert.ok((await keyset()).queries > 0, "polling stopped");
  });
});
