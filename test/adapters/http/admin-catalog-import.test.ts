// The catalog import of the admin API (POST /admin/v1/catalog/imports, docs/catalog-import.md
// "From the admin API and the back office"): a file that cannot be imported is a 400 that says why and writes
// nothing; a dry run reports a bad row by its line and writes nothing; the real run imports the
// good products (and a second run updates them); another store sees none of it.
import assert from "node:assert/strict";
import type { TestResponse } from "../../support/http-client.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const CSV = [
  "product_handle,name,category,sku,price,stock,variant_name,variant_attributes",
  "canvas-tote,Canvas Tote,Bags,TOTE-NAT,240000,15,Natural,colour=Natural",
  "canvas-tote,,,TOTE-BLK,240000,9,Black,colour=Black",
  "wax-candle,Wax Candle,Home,CANDLE-1,abc,5,,",
  "",
].join("\n");

describe("admin API: catalog import (POST /admin/v1/catalog/imports)", function () {
  this.timeout(60_000);
  let t: TestApplication;
  let secret: string;

  before(async () => {
    t = await startTestApplication();
    secret = t.store.keys.secretTest;
  });
  after(async () => t?.close());

  const send = (body: string, contentType: string, query = "", key = secret): Promise<TestResponse> =>
    t.client.request("POST", `/admin/v1/catalog/imports${query}`, { key, body: Buffer.from(body), headers: { "content-type": contentType } });
  const productNames = async (key = secret): Promise<string[]> => {
    const list = await t.client.get("/admin/v1/products?limit=100", { key });
    assert.equal(list.status, 200, list.text);
    return (list.body.products as Array<{ name: string }>).map((p) => p.name).sort();
  };

  it("a file that cannot be imported is a 400 parameter_invalid that says why, and writes nothing", async () => {
    const unknownColumn = await send("product_handle,name,sku,price,stock,colour\nx,X,X-1,100,1,red\n", "text/csv");
    assert.equal(unknownColumn.status, 400, unknownColumn.text);
    assert.equal(unknownColumn.body.error.code, "parameter_invalid");
    assert.equal(unknownColumn.body.error.param, "file");
    assert.match(unknownColumn.body.error.message, /colour/);
    assert.doesNotMatch(unknownColumn.body.error.message, /storefront-import-|\/tmp/, "the temporary copy's path is not shown");
    const empty = await send("", "text/csv");
    assert.equal(empty.status, 400, empty.text);
    assert.match(empty.body.error.message, /empty/);
    const headerOnly = await send("product_handle,name,sku,price,stock\n", "text/csv");
    assert.equal(headerOnly.status, 400, headerOnly.text);
    assert.match(headerOnly.body.error.message, /no product/);
    const notCsv = await send('name,"unclosed\nx,y\n', "text/csv");
    assert.equal(notCsv.status, 400, notCsv.text);
    const tooLarge = await t.client.request("POST", "/admin/v1/catalog/imports", { key: secret, body: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), headers: { "content-type": "text/csv" } });
    assert.equal(tooLarge.status, 413, tooLarge.text.slice(0, 300));
    assert.equal(tooLarge.body.error.code, "payload_too_large");
    assert.match(tooLarge.body.error.message, /10 MiB/);
    const wrongType = await send(CSV, "application/pdf");
    assert.equal(wrongType.status, 415, wrongType.text);
    assert.deepEqual(await productNames(), []);
  });

  it("a dry run reports what would be created and the bad row by its line, and writes nothing", async () => {
    const dry = await send(CSV, "text/csv", "?dry_run=true");
    assert.equal(dry.status, 200, dry.text);
    assert.deepEqual(dry.body, {
      dry_run: true,
      format: "csv",
      rows_read: 3,
      products: 2,
      created: 1,
      updated: 0,
      renamed: [],
      rejected: [{ line: 4, reason: 'price: "abc" is not a whole number of minor units (write 1250 for 12.50)' }],
    });
    assert.deepEqual(await productNames(), [], "no product was written");
    const categories = await t.client.get("/admin/v1/categories", { key: secret });
    assert.equal(categories.status, 200, categories.text);
    assert.deepEqual(categories.body.categories, [], "no category was written either");
  });

  it("the real run imports the good products, a second run updates them, JSON lines too; another store sees none", async () => {
    const run = await send(CSV, "text/csv");
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body.dry_run, false);
    assert.equal(run.body.created, 1);
    assert.deepEqual(run.body.rejected.map((r: { line: number }) => r.line), [4]);
    assert.deepEqual(await productNames(), ["Canvas Tote"]);
    const fixed = CSV.replace("CANDLE-1,abc", "CANDLE-1,120000");
    const again = await send(fixed, "text/csv; charset=utf-8");
    assert.equal(again.status, 200, again.text);
    assert.deepEqual([again.body.created, again.body.updated, again.body.rejected], [1, 1, []]);
    const jsonl = `${JSON.stringify({ name: "Enamel Mug", category: "Kitchen", variants: [{ sku: "MUG-1", price: 90000, stock: 12 }] })}\n`;
    const lines = await send(jsonl, "application/x-ndjson");
    assert.equal(lines.status, 200, lines.text);
    assert.deepEqual([lines.body.format, lines.body.rows_read, lines.body.created], ["jsonl", 1, 1]);
    assert.deepEqual(await productNames(), ["Canvas Tote", "Enamel Mug", "Wax Candle"]);
    const shopper = await t.client.get("/v1/products?limit=100", { key: t.store.keys.publishableTest });
    assert.equal(shopper.status, 200, shopper.text);
    assert.ok(JSON.stringify(shopper.body).includes("Canvas Tote"), "the /v1 catalog shows the imported product");
    assert.deepEqual(await productNames(t.otherStore.keys.secretTest), [], "the other store has none of them");
  });

  it("a rename is refused unless allow_renames=true", async () => {
    const renamed = CSV.replace("Canvas Tote", "Canvas Bag").replace("CANDLE-1,abc", "CANDLE-1,120000");
    const refused = await send(renamed, "text/csv");
    assert.equal(refused.status, 200, refused.text);
    assert.equal(refused.body.rejected.length, 2, refused.text);
    assert.match(refused.body.rejected[0].reason, /allow_renames=true/);
    const allowed = await send(renamed, "text/csv", "?allow_renames=true");
    assert.equal(allowed.status, 200, allowed.text);
    assert.deepEqual(allowed.body.renamed.map((r: any) => [r.from.name, r.to.name]), [["Canvas Tote", "Canvas Bag"]]);
  });
});
