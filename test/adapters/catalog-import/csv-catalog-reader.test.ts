// The CSV catalog reader: rows grouped by product_handle wherever they stand, cells converted to
// the write API's types, line numbers that survive quoted line breaks, blank lines and CRLF, and
// a header it does not know refused before any row is read.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CatalogFileError } from "../../../adapters/catalog-import/catalog-file-error.js";
import { readCsvCatalog } from "../../../adapters/catalog-import/csv-catalog-reader.js";

describe("readCsvCatalog", () => {
  let dir: string;
  let count = 0;
  const write = (text: string): string => {
    const path = join(dir, `c${++count}.csv`);
    writeFileSync(path, text);
    return path;
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "storefront-csv-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("groups rows by handle in order of first appearance and converts every column", async () => {
    const groups = await readCsvCatalog(
      write(
        [
          "Product_Handle,name,description,category,subcategory,brand,tags,featured,is_active,image_url,sku,price,sale_price,stock,threshold,variant_name,variant_attributes,is_default",
          "tee,Cotton Tee,Soft,Apparel,T-shirts,Kazi, cotton | summer |,yes,TRUE,https://img.example/tee.jpg,TEE-S,1500,1200,5,2,Small,colour=Grey; size=S,no",
          "hat,Sun Hat,,,,,,,,,HAT-1,800,,2,,,,",
          "tee,,,,,,,,,,TEE-M,1500,,5,,Medium,colour=Grey;size=M,1",
        ].join("\n"),
      ),
    );
    assert.deepEqual(groups, [
      [
        {
          line: 2,
          input: {
            name: "Cotton Tee",
            description: "Soft",
            category: "Apparel",
            subcategory: "T-shirts",
            brand: "Kazi",
            tags: ["cotton", "summer"],
            featured: true,
            is_active: true,
            thumbnail_url: "https://img.example/tee.jpg",
            variants: [
              { sku: "TEE-S", price: 1500, sale_price: 1200, stock: 5, threshold: 2, variant_name: "Small", variant_attributes: { colour: "Grey", size: "S" }, is_default: false },
            ],
          },
        },
        { line: 4, input: { variants: [{ sku: "TEE-M", price: 1500, stock: 5, variant_name: "Medium", variant_attributes: { colour: "Grey", size: "M" }, is_default: true }] } },
      ],
      [{ line: 3, input: { name: "Sun Hat", variants: [{ sku: "HAT-1", price: 800, stock: 2 }] } }],
    ]);
  });

  for (const [label, newline] of [["LF", "\n"], ["CRLF", "\r\n"]] as const) {
    it(`numbers lines as an editor shows them (${label}, quoted line breaks, blank lines, BOM)`, async () => {
      const text = [
        "\uFEFFproduct_handle,name,sku,price,stock",
        "",
        'a,"Two',
        'lines",A-1,100,1',
        "b,B,B-1,100,1",
        ",,,,",
        "",
        "c,C,C-1,100,1",
        "",
      ].join(newline);
      const groups = await readCsvCatalog(write(text));
      assert.deepEqual(
        groups.map((g) => g.map((row) => row.line)),
        [[3], [5], [8]],
      );
      assert.equal((groups[0]![0]!.input as { name: string }).name, `Two${newline}lines`);
    });
  }

  it("turns a cell that does not convert into a row problem naming the column, not an exception", async () => {
    const groups = await readCsvCatalog(
      write(
        [
          "product_handle,sku,price,stock,featured,variant_attributes",
          "a,A-1,abc,1,,",
          "a,A-2,12.50,1,maybe,size",
          ",B-1,100,1,,",
          "c,C-1,100",
        ].join("\n"),
      ),
    );
    assert.equal(groups.length, 3);
    assert.match(groups[0]![0]!.problem ?? "", /^price: "abc" is not a whole number of minor units/);
    assert.match(groups[0]![1]!.problem ?? "", /price: "12.50" is not a whole number.*; featured: "maybe" is not true or false; variant_attributes: "size" is not name=value/);
    assert.match(groups[1]![0]!.problem ?? "", /^product_handle is empty/);
    assert.equal(groups[1]![0]!.line, 4);
    assert.match(groups[2]![0]!.problem ?? "", /has 3 cells where the header has 6/);
  });

  it("refuses a header with an unknown or repeated column, or without product_handle", async () => {
    await assert.rejects(readCsvCatalog(write("product_handle,sku,colour\na,A,red\n")), (e: unknown) => e instanceof CatalogFileError && /unknown column "colour"/.test(e.message));
    await assert.rejects(readCsvCatalog(write("product_handle,sku,SKU\n")), (e: unknown) => e instanceof CatalogFileError && /"sku" appears twice/.test(e.message));
    await assert.rejects(readCsvCatalog(write("name,sku\nA,A-1\n")), (e: unknown) => e instanceof CatalogFileError && /no product_handle column/.test(e.message));
  });

  it("refuses a file that is not CSV, an empty file and a missing file", async () => {
    await assert.rejects(readCsvCatalog(write('product_handle,name\na,"open quote\n')), (e: unknown) => e instanceof CatalogFileError && /not valid CSV/.test(e.message));
    await assert.rejects(readCsvCatalog(write("")), (e: unknown) => e instanceof CatalogFileError && /empty/.test(e.message));
    await assert.rejects(readCsvCatalog(join(dir, "missing.csv")), (e: unknown) => e instanceof CatalogFileError && /cannot read .*ENOENT/.test(e.message));
  });
});
