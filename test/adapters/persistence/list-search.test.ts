// `search=` on product and price lists answered from the vocabulary and the postings
// (adapters/persistence/substring-candidates.ts) answers exactly what a case-insensitive substring
// of the name or of a SKU answers (docs/api/conventions.md, "Text filters"): every query is checked
// against that rule worked out here over the stored catalog, on both databases, for the price list
// (pages and totals, from the candidates and walking the list) and the product list; writes are
// found at once.
import "reflect-metadata";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { fillSearchNonAscii } from "../../../adapters/persistence/migrations/0025-search-non-ascii.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { fragmentsOf, meetsRule, planSubstring } from "../../../adapters/persistence/substring-candidates.js";
import { gramsOf } from "../../../adapters/persistence/substring-grams.js";
import type { ProductRecord } from "../../../application/ports/product-repository.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";

const STORE = "01900000-0000-7000-8000-0000000000b1";
const OTHER_STORE = "01900000-0000-7000-8000-0000000000b2";
const id = (kind: number, n: number): string => `01900000-0000-7000-8${kind}00-${n.toString(16).padStart(12, "0")}`;

const ADJECTIVES = ["Copper", "Linen", "Woollen", "Rustic", "Navy", "Sunny", "Cafe"];
const NOUNS = ["Kettle", "Shirt", "Scarf", "Teapot", "Lantern", "Basket", "Sandal", "Mug", "Jacket", "Bowl", "Throw"];
const CODES = ["KTL", "SHR", "ABC"];
const SPECIAL = ["Copper Kettle", "100% Wool Scarf", "T-Shirt Navy", "Café Crème Mug", "Bread and Butter Plate", "The Anthem Lamp", "Lamp_shade 50%", "  Spaced   Out  Rug "];

interface Stored {
  readonly product: ProductRecord;
  readonly skus: string[];
}

const QUERIES = [
  "copper", "pper kettle", "opper k", "0% wool", "% wool", "t-shirt", "shirt navy", "-shirt", "café", "crème mug", "kettle", "KETTLE", "kett", "ettle",
  "e", "an", "the", "and", "nthe", "xyz", "ktl", "ktl-", "-0001", "0001", "00012-", "abc-00007-3", "c-000", "r-0", "  ", "%", "_", "50%", "p_s", "wool scarf",
  "navy", "spaced   out", "ced ", " mug", "mug ", "-", "1", "12", "ktl-00003-0",
  // ASCII letters and digits alone, held by names outside ASCII too: totals from the postings, those names checked by the LIKE.
  "cafe", "CAFE", "caf", "creme", "rem", "mug", "Wool", "00012",
];

const suite = (title: string, open: () => Promise<{ db: Database; close: () => Promise<void> }>) =>
  describe(title, function () {
    this.timeout(120_000);
    let db: Database;
    let close: () => Promise<void>;
    let products: KnexProductRepository;
    const stored = new Map<string, Stored>();
    const at = (n: number) => new Date(Date.parse("2030-01-01T00:00:00.000Z") + n * 60_000).toISOString();

    const add = async (n: number, name: string, skus: string[], overrides: Partial<ProductRecord> = {}, store = STORE): Promise<void> => {
      const product = productRecord(id(1, n), { name, slug: `p-${n}`, createdAt: at(n), updatedAt: at(n), ...overrides });
      const variants: Variant[] = skus.map((sku, k) => variantRecord(id(2, n * 10 + k), product.id, sku, { position: k, isDefault: k === 0 }));
      await products.insert(store, product, variants);
      if (store === STORE) stored.set(product.id, { product, skus });
    };

    /**
     * The rule itself: active products with a variant whose name or a SKU holds the search, newest
     * first. MariaDB's collation also compares letters without their accents (`café` finds "Cafe").
     */
    const expected = (search: string): string[] =>
      [...stored.values()]
        .filter((s) => s.product.isActive && s.skus.length > 0)
        .filter((s) => [s.product.name, ...s.skus].some((text) => comparable(text).includes(comparable(search))))
        .sort((a, b) => (a.product.createdAt < b.product.createdAt ? 1 : a.product.createdAt > b.product.createdAt ? -1 : a.product.id < b.product.id ? 1 : -1))
        .map((s) => s.product.id);

    const comparable = (text: string): string =>
      db.dialect === "mysql" ? text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase() : text.toLowerCase();

    const priceList = async (search: string, limit: number, offset: number) => {
      const page = await products.listOffset(STORE, { search }, { limit, offset });
      return { ids: page.items.map((i) => i.product.id), total: page.total };
    };

    const productList = async (search: string): Promise<string[]> => {
      const out: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await products.listPage(STORE, { search }, { limit: 7, ...(cursor === undefined ? {} : { cursor }) });
        out.push(...page.items.map((i) => i.product.id));
        if (!page.hasMore) return out;
        cursor = page.nextCursor!;
      }
    };

    before(async () => {
      ({ db, close } = await open());
      await migrateToLatest(db.knex);
      for (const [store, name] of [[STORE, "Search lists"], [OTHER_STORE, "Another"]] as const) {
        await new KnexStoreRepository(db).create({ id: store, name, baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" });
      }
      products = new KnexProductRepository(db);
      let n = 0;
      for (; n < 110; n++) {
        const skus = Array.from({ length: 1 + (n % 3) }, (_, k) => `${CODES[n % 3]}-${String(n).padStart(5, "0")}-${k}`);
        await add(n, `${ADJECTIVES[n % 7]} ${NOUNS[n % 11]}${n % 13 === 0 ? " Deluxe" : ""}`, skus, { isActive: n % 17 !== 5 });
      }
      for (const name of SPECIAL) await add(n, name, [`SP-${n++}`]);
      // Active but with no variant: never listed, never counted.
      await add(n++, "Copper Kettle Without Variants", []);
      // Another store's copper kettle is never this store's.
      await add(n++, "Copper Kettle Elsewhere", ["KTL-99999-0"], {}, OTHER_STORE);
    });
    after(() => close?.());

    it("answers what the substring rule answers: every page, the total, and the product list", async () => {
      for (const search of QUERIES) {
        const want = expected(search);
        const all = await priceList(search, 200, 0);
        assert.deepEqual(all.ids, want, `price list, search ${JSON.stringify(search)}`);
        assert.equal(all.total, want.length, `total, search ${JSON.stringify(search)}`);
        // A page past the first few (read from the candidates when they are few, walking otherwise).
        const later = await priceList(search, 3, 2);
        assert.deepEqual(later.ids, want.slice(2, 5), `price page at 2, search ${JSON.stringify(search)}`);
        assert.deepEqual(await productList(search), want, `product list, search ${JSON.stringify(search)}`);
      }
    });

    it("uses the vocabulary where it can, and the scan only where the rule needs it", async () => {
      const kinds = async (search: string) => (await planSubstring(db, STORE, search)).kind;
      for (const search of ["copper", "pper kettle", "0% wool", "t-shirt", "ktl-00003-0", "c-000", "xyz", "café"]) assert.equal(await kinds(search), "words", search);
      // Stop words have no postings; a search of no letters or digits has no words.
      for (const search of ["an", "the", "%", "  ", "-"]) assert.equal(await kinds(search), "scan", search);
      const none = await planSubstring(db, STORE, "xyz");
      assert.deepEqual(none.kind === "words" && none.keys, [], "a search no word holds has no candidates");
      // A search no SKU piece holds reads no SKU words.
      const sent: string[] = [];
      const stop = db.onQuery((sql) => void sent.push(sql));
      try {
        await planSubstring(db, STORE, "lantern");
      } finally {
        stop();
      }
      assert.ok(!sent.some((sql) => /in_sku > 0/.test(sql)), sent.join("\n"));
    });

    it("counts the total of a search of ASCII letters and digits in the postings, checking only names and SKUs outside ASCII", async () => {
      const counts = async (search: string): Promise<string[]> => {
        const sent: string[] = [];
        const stop = db.onQuery((sql) => void sent.push(sql));
        try {
          const page = await priceList(search, 5, 0);
          assert.equal(page.total, expected(search).length, search);
        } finally {
          stop();
        }
        return sent.filter((sql) => /count\(/.test(sql));
      };
      // No name or SKU holding it is outside ASCII: the postings alone.
      const kettle = await counts("kettle");
      assert.ok(kettle.some((sql) => /count\(distinct sp\.doc_id\)/.test(sql)), kettle.join("\n"));
      assert.ok(!kettle.some((sql) => /from [`"]?products/.test(sql)), kettle.join("\n"));
      // "Café Crème Mug" holds `creme` in its words; the LIKE decides for it alone.
      const creme = await counts("creme");
      assert.ok(creme.some((sql) => /count\(distinct sp\.doc_id\)/.test(sql)), creme.join("\n"));
      assert.ok(creme.some((sql) => /from [`"]?products[`"]? as [`"]?p[`"]? where [`"]?p[`"]?\.[`"]?id[`"]? in \(\?\)/.test(sql)), creme.join("\n"));
      // Other searches and filters count the matches' rows as before.
      assert.ok((await counts("pper kettle")).some((sql) => /from [`"]?products/.test(sql)));
    });

    it("keeps the names outside ASCII current: a product renamed out of ASCII and back, and erased", async () => {
      await add(600, "Plain Yurt Lamp", ["YRT-60000-0"]);
      const rename = async (name: string, at_: number): Promise<void> => {
        const product = { ...stored.get(id(1, 600))!.product, name, updatedAt: at(at_) };
        await products.update(STORE, product);
        stored.set(product.id, { product, skus: stored.get(product.id)!.skus });
      };
      const check = async (): Promise<void> => {
        for (const search of ["yurt", "YURT", "lamp", "urt", "yrt"]) {
          const page = await priceList(search, 200, 0);
          assert.deepEqual(page.ids, expected(search), search);
          assert.equal(page.total, expected(search).length, `total, ${search}`);
        }
      };
      await check();
      await rename("Plain Yürt Lamp", 601);
      await check();
      await rename("Plain Yurt Lamp", 602);
      await check();
      await rename("Plain YÜRT Lämp", 603);
      await check();
      assert.equal(await products.remove(STORE, id(1, 600), at(604)), "deleted");
      stored.delete(id(1, 600));
      await check();
    });

    it("the migration lists the same documents outside ASCII as the writes did", async () => {
      await add(700, "Ærø Ferry Bowl", ["ÆRØ-1"]);
      await add(701, "Plain Bowl", ["NÖ-1", "NO-2"]);
      const listed = async (): Promise<number[]> =>
        (await db.select<{ doc_id: number | string }>("select doc_id from search_non_ascii where store_id = ? order by doc_id", [STORE])).map((r) => Number(r.doc_id));
      const written = await listed();
      assert.ok(written.length >= 3, JSON.stringify(written));
      await db.execute("delete from search_non_ascii", []);
      await fillSearchNonAscii(db.knex);
      assert.deepEqual(await listed(), written);
    });

    it("finds a write at once: a new product, a renamed one, a new SKU, a deactivated one", async () => {
      await add(500, "Zanzibar Spice Box", ["QQX-77777-0"]);
      assert.deepEqual((await priceList("nzibar sp", 50, 0)).ids, [id(1, 500)]);
      assert.deepEqual((await priceList("qqx-777", 50, 0)).ids, [id(1, 500)], "a SKU of new pieces");
      const renamed = { ...stored.get(id(1, 500))!.product, name: "Pemba Spice Box", updatedAt: at(501) };
      await products.update(STORE, renamed);
      stored.set(renamed.id, { product: renamed, skus: ["QQX-77777-0"] });
      assert.deepEqual((await priceList("nzibar", 50, 0)).ids, []);
      assert.deepEqual((await priceList("emba spice", 50, 0)).ids, [id(1, 500)]);
      await products.insertVariant(STORE, variantRecord(id(2, 5001), id(1, 500), "WWJ-31337-9", { position: 1, isDefault: false }));
      stored.get(id(1, 500))!.skus.push("WWJ-31337-9");
      assert.deepEqual((await priceList("wj-3133", 50, 0)).ids, [id(1, 500)]);
      const off = { ...renamed, isActive: false, updatedAt: at(502) };
      await products.update(STORE, off);
      stored.set(off.id, { product: off, skus: stored.get(off.id)!.skus });
      assert.deepEqual((await priceList("emba spice", 50, 0)).ids, []);
      for (const search of ["spice", "qqx", "box"]) assert.deepEqual((await priceList(search, 200, 0)).ids, expected(search), search);
    });
  });

describe("list search rules (substring-candidates.ts)", () => {
  it("splits a search into runs with the separators around them, and words meet each run's rule", () => {
    assert.deepEqual(fragmentsOf("pper kettle"), [
      { text: "pper", bounded: { before: false, after: true } },
      { text: "kettle", bounded: { before: true, after: false } },
    ]);
    assert.deepEqual(fragmentsOf(" Café-"), [{ text: "cafe", bounded: { before: true, after: true } }]);
    const [pper, kettle] = fragmentsOf("pper kettle");
    assert.ok(meetsRule("copper", pper!) && !meetsRule("pperx", pper!));
    assert.ok(meetsRule("kettles", kettle!) && !meetsRule("akettle", kettle!));
    assert.ok(meetsRule("wool", fragmentsOf("-wool-")[0]!) && !meetsRule("wools", fragmentsOf("-wool-")[0]!));
    assert.ok(meetsRule("shopper", fragmentsOf("opp")[0]!));
    assert.deepEqual(gramsOf("ktl"), ["ktl"]);
    assert.deepEqual(gramsOf("abab"), ["aba", "bab"]);
    assert.deepEqual(gramsOf("ab"), []);
  });
});

suite("list search= from the vocabulary (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-list-search-"));
  const db = openDatabase({ dialect: "sqlite", filename: join(dir, "store.db") });
  return {
    db,
    close: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeMysql("list search= from the vocabulary (MariaDB)", (getDb) => {
  suite("on MariaDB", async () => {
    const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 4, acquireTimeoutMs: 5_000 });
    return { db, close: () => db.close() };
  });
});
