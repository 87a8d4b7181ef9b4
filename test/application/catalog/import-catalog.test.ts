// ImportCatalog on a real SQLite database, fed by the JSON lines and CSV readers: idempotent by
// SKU, bad rows rejected with their lines while good ones land, nothing half-written, categories
// by name created once, and a failing batch retried product by product.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import type { Principal } from "../../../application/access/principal.js";
import { ImportCatalog, type ImportOptions, type ImportSummary } from "../../../application/catalog/import-catalog.js";
import type { ImportGroup } from "../../../application/catalog/imported-product.js";
import { CreateStore } from "../../../application/stores/create-store.js";
import { readCsvCatalog } from "../../../adapters/catalog-import/csv-catalog-reader.js";
import { readJsonLinesCatalog } from "../../../adapters/catalog-import/jsonl-catalog-reader.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { testConfig } from "../../support/test-application.js";

interface VariantRow {
  sku: string;
  price: number;
  sale_price: number | null;
  stock: number;
  is_default: number;
  product_id: string;
  variant_attributes: string;
}

describe("ImportCatalog", function () {
  this.timeout(60_000);
  let dir: string;
  let application: Application;
  let principal: Principal;
  let importer: ImportCatalog;
  let fileCount = 0;

  const file = (extension: string, text: string): string => {
    const path = join(dir, `catalog-${++fileCount}.${extension}`);
    writeFileSync(path, text);
    return path;
  };
  const jsonl = (...products: readonly unknown[]): string => file("jsonl", `${products.map((p) => JSON.stringify(p)).join("\n")}\n`);
  const csv = (...lines: readonly string[]): string => file("csv", `${lines.join("\n")}\n`);
  const importJsonl = async (path: string, batchSize?: number, options: ImportOptions = {}): Promise<ImportSummary> =>
    importer.execute(principal, await readJsonLinesCatalog(path), batchSize === undefined ? options : { ...options, batchSize });
  const importCsv = async (path: string): Promise<ImportSummary> => importer.execute(principal, await readCsvCatalog(path));

  const knex = () => application.database.knex;
  const variants = async (skus: readonly string[]): Promise<VariantRow[]> =>
    knex()("variants").where("store_id", principal.storeId).whereIn("sku", [...skus]).orderBy("sku");
  const variantCount = async (): Promise<number> =>
    Number((await knex()("variants").where("store_id", principal.storeId).count({ n: "*" }).first())?.n);
  const productCount = async (): Promise<number> =>
    Number((await knex()("products").where("store_id", principal.storeId).count({ n: "*" }).first())?.n);
  const productNamed = async (name: string) => knex()("products").where({ store_id: principal.storeId, name }).first();
  const createdEvents = async (): Promise<number> =>
    Number((await knex()("events").where({ store_id: principal.storeId, type: "product.created" }).count({ n: "*" }).first())?.n);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "storefront-import-"));
    application = createApplication(testConfig(), { logger: pino({ level: "silent" }) });
    await application.migrate();
    const created = await application.container.get(CreateStore).execute({ name: "Import Store", baseCurrency: "KES" });
    principal = { storeId: created.store.id, keyId: "test", keyType: "secret", mode: "live" };
    importer = application.container.get(ImportCatalog);
  });

  afterEach(async () => {
    await application.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const shirt = (price = 3_500) => ({
    name: "Linen Shirt",
    brand: "Kazi",
    variants: [
      { sku: "LS-S", price, stock: 4, variant_name: "Small", variant_attributes: { size: "S" } },
      { sku: "LS-M", price, stock: 6, variant_name: "Medium", variant_attributes: { size: "M" }, is_default: true },
    ],
  });
  const mug = { name: "Enamel Mug", tags: ["kitchen"], variants: [{ sku: "MUG-1", price: 900, stock: 12 }] };

  describe("JSON lines", () => {
    it("creates, then updates on a re-run without duplicating, then picks up a changed price", async () => {
      const path = jsonl(shirt(), mug);
      assert.deepEqual(await importJsonl(path), { created: 2, updated: 0, rejected: [] });
      assert.equal(await productCount(), 2);
      assert.equal(await variantCount(), 3);
      assert.equal(await createdEvents(), 2, "each created product records product.created");

      assert.deepEqual(await importJsonl(path), { created: 0, updated: 2, rejected: [] });
      assert.equal(await productCount(), 2);
      assert.equal(await variantCount(), 3, "no duplicate variants");
      assert.equal(await createdEvents(), 2, "updates record no product.created");

      assert.deepEqual(await importJsonl(jsonl(shirt(4_200), mug)), { created: 0, updated: 2, rejected: [] });
      const rows = await variants(["LS-M", "LS-S", "MUG-1"]);
      assert.deepEqual(rows.map((v) => [v.sku, v.price]), [["LS-M", 4_200], ["LS-S", 4_200], ["MUG-1", 900]]);
      assert.equal(rows.filter((v) => v.is_default === 1 && v.sku.startsWith("LS-")).map((v) => v.sku).join(), "LS-M");
    });

    it("rejects bad rows with their line numbers and imports the good ones", async () => {
      const path = file(
        "jsonl",
        [
          JSON.stringify(mug),
          JSON.stringify({ name: "Bad Price", variants: [{ sku: "BP-1", price: "abc", stock: 1 }] }),
          "",
          JSON.stringify({ name: "No Sku", variants: [{ price: 100, stock: 1 }] }),
          JSON.stringify({ name: "Same Sku", variants: [{ sku: "MUG-1", price: 100, stock: 1 }] }),
          JSON.stringify({ name: "Unknown Field", colour: "red", variants: [{ sku: "UF-1", price: 100, stock: 1 }] }),
          "{not json",
          JSON.stringify({ name: "Bowl", variants: [{ sku: "BOWL-1", price: 1_500, stock: 3 }] }),
        ].join("\n"),
      );
      const summary = await importJsonl(path);
      assert.equal(summary.created, 2);
      assert.equal(summary.updated, 0);
      assert.deepEqual(
        summary.rejected.map((r) => r.line),
        [2, 4, 5, 6, 7],
      );
      const reason = (line: number) => summary.rejected.find((r) => r.line === line)?.reason ?? "";
      assert.match(reason(2), /^price: .*whole number/);
      assert.match(reason(4), /^sku is required/);
      assert.match(reason(5), /SKU MUG-1 .*line 1/);
      assert.match(reason(6), /colour is not a known field/);
      assert.match(reason(7), /not valid JSON/);
      assert.deepEqual((await variants(["BOWL-1", "MUG-1", "BP-1", "UF-1"])).map((v) => v.sku), ["BOWL-1", "MUG-1"]);
      assert.equal(await productNamed("Same Sku"), undefined);
    });

    it("rejects a product with one bad variant whole", async () => {
      const bad = {
        name: "Half Shirt",
        variants: [
          { sku: "HS-S", price: 1_000, stock: 1 },
          { sku: "HS-M", price: 1_000, sale_price: 1_200, stock: 1 },
        ],
      };
      const summary = await importJsonl(jsonl(mug, bad));
      assert.equal(summary.created, 1);
      assert.deepEqual(summary.rejected, [{ line: 2, reason: "variants[1].sale_price must be lower than the price" }]);
      assert.deepEqual(await variants(["HS-S", "HS-M"]), []);
      assert.equal(await productNamed("Half Shirt"), undefined);
    });

    it("updates product fields, adds new SKUs as variants and keeps variants the file leaves out", async () => {
      await importJsonl(jsonl(shirt()));
      const update = {
        name: "Linen Shirt",
        variants: [
          { sku: "LS-M", price: 3_900, stock: 2 },
          { sku: "LS-L", price: 3_900, stock: 5, variant_name: "Large", is_default: true },
        ],
      };
      assert.deepEqual(await importJsonl(jsonl(update)), { created: 0, updated: 1, rejected: [] });
      const rows = await variants(["LS-L", "LS-M", "LS-S"]);
      assert.deepEqual(rows.map((v) => [v.sku, v.price, v.stock, v.is_default]), [
        ["LS-L", 3_900, 5, 1],
        ["LS-M", 3_900, 2, 0],
        ["LS-S", 3_500, 4, 0],
      ]);
      assert.equal(new Set(rows.map((v) => v.product_id)).size, 1, "all on the one product");
      const product = await productNamed("Linen Shirt");
      assert.equal(product?.brand, "Kazi", "a field the file leaves out stays");
      assert.equal(await productCount(), 1);
    });

    it("rejects a product the write rules refuse (a taken slug) on its line, keeping the rest of its batch", async () => {
      const summary = await importJsonl(
        jsonl({ ...mug, slug: "enamel-mug" }, { name: "Other Mug", slug: "enamel-mug", variants: [{ sku: "MUG-2", price: 1, stock: 1 }] }, shirt()),
      );
      assert.equal(summary.created, 2);
      assert.deepEqual(summary.rejected, [{ line: 2, reason: "slug: A product with this slug already exists in the store." }]);
      assert.equal(await productNamed("Other Mug"), undefined);
    });

    it("rejects a product whose SKUs belong to two different products of the store", async () => {
      await importJsonl(jsonl(shirt(), mug));
      const merged = { name: "Merged", variants: [{ sku: "LS-S", price: 1, stock: 1 }, { sku: "MUG-1", price: 1, stock: 1 }] };
      const summary = await importJsonl(jsonl(merged));
      assert.equal(summary.rejected.length, 1);
      assert.match(summary.rejected[0]!.reason, /2 different products/);
      assert.equal(await productNamed("Merged"), undefined);
      assert.equal((await variants(["MUG-1"]))[0]?.price, 900);
    });

    it("creates a category and subcategory named in the file once, found case-insensitively afterwards", async () => {
      const path = jsonl(
        { ...mug, category: "Kitchen", subcategory: "Mugs" },
        { name: "Tall Mug", category: "kitchen", subcategory: "MUGS", variants: [{ sku: "MUG-2", price: 1_100, stock: 2 }] },
        { name: "Bowl", category: "KITCHEN", variants: [{ sku: "BOWL-1", price: 1_500, stock: 3 }] },
      );
      assert.equal((await importJsonl(path)).created, 3);
      assert.equal((await importJsonl(path)).updated, 3);
      const categories = await knex()("categories").where("store_id", principal.storeId);
      const subcategories = await knex()("subcategories").where("store_id", principal.storeId);
      assert.deepEqual(categories.map((c: { name: string }) => c.name), ["Kitchen"]);
      assert.deepEqual(subcategories.map((c: { name: string }) => c.name), ["Mugs"]);
      const products = await knex()("products").where("store_id", principal.storeId).orderBy("name");
      assert.ok(products.every((p: { category_id: string }) => p.category_id === categories[0].id));
      assert.deepEqual(
        products.map((p: { name: string; subcategory_id: string | null }) => [p.name, p.subcategory_id]),
        [["Bowl", null], ["Enamel Mug", subcategories[0].id], ["Tall Mug", subcategories[0].id]],
      );
    });

    it("rejects a category given both by name and by id, and a subcategory name without a category", async () => {
      const summary = await importJsonl(
        jsonl(
          { ...mug, category: "Kitchen", category_id: "0193a1b2-0000-7000-8000-000000000000" },
          { name: "Bowl", subcategory: "Bowls", variants: [{ sku: "BOWL-1", price: 1_500, stock: 3 }] },
        ),
      );
      assert.deepEqual(summary.rejected.map((r) => r.line), [1, 2]);
      assert.match(summary.rejected[0]!.reason, /not both/);
      assert.match(summary.rejected[1]!.reason, /needs its category/);
      assert.equal(await productCount(), 0);
    });

    it("reports progress after each batch, ending at the total", async () => {
      const products = Array.from({ length: 7 }, (_, i) => ({ name: `Item ${i}`, variants: [{ sku: `IT-${i}`, price: 100 + i, stock: 1 }] }));
      const calls: Array<[number, number]> = [];
      const summary = await importer.execute(principal, await readJsonLinesCatalog(jsonl(...products)), {
        batchSize: 3,
        onProgress: (done, total) => calls.push([done, total]),
      });
      assert.equal(summary.created, 7);
      assert.deepEqual(calls, [[0, 7], [3, 7], [6, 7], [7, 7]]);
    });
  });

  describe("CSV", () => {
    const header = "product_handle,name,category,subcategory,brand,tags,featured,sku,price,sale_price,stock,variant_name,variant_attributes,is_default";

    it("takes tax classes by tax_class and variant_tax_class, and rejects a product whose class no tax zone rates, naming the zone and the class", async () => {
      const summary = await importCsv(
        csv(
          "product_handle,name,tax_class,sku,price,stock,variant_tax_class",
          "flour,Maize Flour,zero,FLOUR-2,21000,9,",
          "gift,Gift Box,,GIFT-1,150000,3,",
          "gift,,,GIFT-2,180000,3,exempt",
          "brandy,Brandy,alcohol,BRANDY-1,300000,2,",
        ),
      );
      assert.equal(summary.created, 2);
      assert.deepEqual(summary.rejected.map((r) => r.line), [5]);
      // A new store's one zone (docs/taxes.md, "The migration") rates only standard.
      assert.match(summary.rejected[0]!.reason, /Tax zone default \(KE\) has no rate for tax class alcohol/);
      assert.equal((await productNamed("Maize Flour"))?.tax_class, "zero");
      assert.equal((await productNamed("Gift Box"))?.tax_class, null);
      const gift = await knex()("variants").where("store_id", principal.storeId).whereIn("sku", ["GIFT-1", "GIFT-2"]).orderBy("sku").select("tax_class");
      assert.deepEqual(gift.map((v: { tax_class: string | null }) => v.tax_class), [null, "exempt"]);
    });

    it("creates one product per handle from rows that need not be adjacent, then updates on a re-run", async () => {
      const rows = (price: number) => [
        header,
        `tee,Cotton Tee,Apparel,T-shirts,Kazi,cotton|summer,yes,TEE-S,${price},,5,Small,colour=Grey;size=S,`,
        "hat,Sun Hat,Apparel,,,,,HAT-1,800,,2,,,",
        `tee,,,,,,,TEE-M,${price},,5,Medium,colour=Grey;size=M,true`,
      ];
      assert.deepEqual(await importCsv(csv(...rows(1_500))), { created: 2, updated: 0, rejected: [] });
      assert.deepEqual(await importCsv(csv(...rows(1_500))), { created: 0, updated: 2, rejected: [] });
      assert.equal(await variantCount(), 3);
      assert.deepEqual(await importCsv(csv(...rows(1_750))), { created: 0, updated: 2, rejected: [] });

      const tee = await variants(["TEE-M", "TEE-S"]);
      assert.deepEqual(tee.map((v) => [v.sku, v.price, v.is_default, JSON.parse(v.variant_attributes)]), [
        ["TEE-M", 1_750, 1, { colour: "Grey", size: "M" }],
        ["TEE-S", 1_750, 0, { colour: "Grey", size: "S" }],
      ]);
      assert.equal(tee[0]!.product_id, tee[1]!.product_id);
      const product = await productNamed("Cotton Tee");
      assert.equal(product.featured, 1);
      assert.deepEqual(JSON.parse(product.tags), ["cotton", "summer"]);
      assert.equal(await productCount(), 2);
    });

    it("rejects a product whole when one of its rows is bad, naming the bad row and its siblings", async () => {
      const summary = await importCsv(
        csv(
          header,
          "tee,Cotton Tee,,,,,,TEE-S,1500,,5,,,",
          "mug,Mug,,,,,,MUG-1,900,,5,,,",
          "tee,,,,,,,TEE-M,abc,,5,,,",
          "tee,,,,,,,TEE-L,1500,,5,,,",
          "bowl,Bowl,,,,,,,900,,5,,,",
          "plate,Plate,,,,,,MUG-1,900,,5,,,",
          "cup,Cup,,,,,maybe,CUP-1,900,,5,,,",
        ),
      );
      assert.equal(summary.created, 1);
      assert.deepEqual(summary.rejected.map((r) => r.line), [2, 4, 5, 6, 7, 8]);
      const reason = (line: number) => summary.rejected.find((r) => r.line === line)?.reason ?? "";
      assert.match(reason(4), /^price: "abc" is not a whole number/);
      assert.match(reason(2), /not imported: line 4/);
      assert.match(reason(5), /not imported: line 4/);
      assert.match(reason(6), /^sku is required/);
      assert.match(reason(7), /SKU MUG-1 .*line 3/);
      assert.match(reason(8), /^featured: "maybe" is not true or false/);
      assert.deepEqual((await variants(["TEE-S", "TEE-M", "TEE-L", "MUG-1", "CUP-1"])).map((v) => v.sku), ["MUG-1"]);
      assert.equal(await productCount(), 1);
    });

    it("rejects rows of one product that disagree on a product field", async () => {
      const summary = await importCsv(csv(header, "tee,Cotton Tee,,,,,,TEE-S,1500,,5,,,", "tee,Linen Tee,,,,,,TEE-M,1500,,5,,,"));
      assert.deepEqual(summary.rejected, [
        { line: 2, reason: "not imported: line 3 of the same product was rejected" },
        { line: 3, reason: "name differs from line 2 of the same product" },
      ]);
      assert.equal(await productCount(), 0);
    });
  });

  describe("a batch that fails in the database", () => {
    it("is rolled back and retried product by product, so only the bad one is rejected", async () => {
      // A trigger stands in for any refusal by the database in the middle of a batch.
      await knex().raw("CREATE TRIGGER refuse_boom BEFORE INSERT ON variants WHEN NEW.sku = 'BOOM' BEGIN SELECT RAISE(ABORT, 'boom refused'); END");
      const path = jsonl(mug, { name: "Boom", variants: [{ sku: "BOOM", price: 1, stock: 1 }] }, shirt());
      const summary = await importJsonl(path, 10);
      assert.equal(summary.created, 2);
      assert.equal(summary.rejected.length, 1);
      assert.equal(summary.rejected[0]!.line, 2);
      assert.match(summary.rejected[0]!.reason, /boom refused/);
      assert.equal(await productCount(), 2);
      assert.equal(await productNamed("Boom"), undefined);
      assert.equal(await createdEvents(), 2, "no event survives from the rolled-back batch");
    });

    it("never half-writes an update whose variant fails after its product fields were changed", async () => {
      await importJsonl(jsonl(shirt(), mug));
      // LS-S keeps its stored sale price when the file does not mention it; 3000 is above the new price.
      await knex()("variants").where({ store_id: principal.storeId, sku: "LS-S" }).update({ sale_price: 3_000 });
      const update = { ...shirt(2_000), name: "Renamed Shirt" };
      const summary = await importJsonl(jsonl({ ...mug, name: "Renamed Mug" }, update), 10, { allowRenames: true });
      assert.equal(summary.updated, 1);
      assert.equal(summary.rejected.length, 1);
      assert.equal(summary.rejected[0]!.line, 2);
      assert.match(summary.rejected[0]!.reason, /sale_price must be lower than the price/);
      assert.ok(await productNamed("Renamed Mug"), "the good product of the batch is written");
      assert.equal(await productNamed("Renamed Shirt"), undefined, "the bad product's name change is rolled back");
      assert.deepEqual((await variants(["LS-M", "LS-S"])).map((v) => v.price), [3_500, 3_500]);
    });
  });

  it("takes groups straight from any reader: rows of one product merge, fields and variants by line", async () => {
    const groups: ImportGroup[] = [
      [
        { line: 10, input: { name: "Kettle", variants: [{ sku: "K-1", price: 5_000, stock: 1 }] } },
        { line: 12, input: { name: "Kettle", variants: [{ sku: "K-2", price: -1, stock: 1 }] } },
      ],
      [{ line: 11, input: null }],
    ];
    const summary = await importer.execute(principal, groups);
    assert.deepEqual(summary, {
      created: 0,
      updated: 0,
      rejected: [
        { line: 10, reason: "not imported: line 12 of the same product was rejected" },
        { line: 11, reason: "a product must be a JSON object" },
        { line: 12, reason: "price: must be a whole number of minor units (cents) from 0" },
      ],
    });
  });
});
