// Journey 4 of the back office, in Debian's headless Chromium on a freshly seeded demo store: a
// catalog member checks a CSV with one bad row (the dry run names the row's line and error, and
// the admin API shows nothing written), then imports the corrected file, watching the busy bar,
// and the products are there through the admin API and /v1. Each state of the page is scanned
// (axe) and photographed at 1280 and 390 px.
import assert from "node:assert/strict";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import type { TestClient } from "../support/http-client.js";
import { createMember, STAFF_PASSWORD } from "../support/staff-session.js";

const HEADER = "product_handle,name,category,sku,price,stock,variant_name,variant_attributes";
const BAD_CSV = [
  HEADER,
  "j4-tote,Journey Four Tote,Bags,J4-TOTE-NAT,240000,15,Natural,colour=Natural",
  "j4-tote,,,J4-TOTE-BLK,240000,9,Black,colour=Black",
  "j4-candle,Journey Four Candle,Home,J4-CANDLE,12.50,5,,",
  "",
].join("\n");
const FIXED_CSV = BAD_CSV.replace("J4-CANDLE,12.50", "J4-CANDLE,125000");

describe("back office journey 4 in Chromium: a catalog import, dry run then run", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture();
  const { newPage } = bo;
  let application: Application;
  let client: TestClient;
  let demo: DemoStoreSummary;
  before(() => ({ application, client, demo } = bo));

  /** The store's products whose name, SKU or brand holds `search`, through the admin API with the demo's secret key. */
  const productsMatching = async (search: string): Promise<Array<{ product_id: string; name: string }>> => {
    const list = await client.get(`/admin/v1/products?search=${encodeURIComponent(search)}&limit=50`, { key: demo.secret_key });
    assert.equal(list.status, 200, list.text);
    return list.body.products;
  };

  it("4. a catalog member's dry run names the bad row and writes nothing; the fixed file is imported and its products are on /v1", async () => {
    const email = "journey4.catalog@example.com";
    await createMember(application, demo.store_id, "catalog", email);
    const { context, page } = await newPage();
    try {
      await page.goto("/admin");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(STAFF_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Signed in as").waitFor();
      const menu = await page.getByRole("navigation", { name: "Main" }).getByRole("link").allInnerTexts();
      assert.ok(menu.includes("Import"), menu.join(", "));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Import" }).click();
      await page.getByRole("heading", { name: "Import products", level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/admin/import");
      await checkPage(page, "import-empty");

      // Nothing chosen, then a file of another kind: each is said before any request.
      const fileInput = page.getByLabel("Catalog file (.csv or .jsonl)");
      await page.getByRole("button", { name: "Check the file (dry run)" }).click();
      await page.getByRole("alert").getByText("Choose a file first: a CSV (.csv) or JSON lines (.jsonl) catalog.").waitFor();
      await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
      await page.getByRole("button", { name: "Check the file (dry run)" }).click();
      await page.getByRole("alert").getByText("notes.txt is neither a .csv nor a .jsonl file: save the catalog as CSV or JSON lines and choose it again.").waitFor();

      // A file the API cannot read at all: its 400 is said in words, with what to do.
      await fileInput.setInputFiles({ name: "wrong-columns.csv", mimeType: "text/csv", buffer: Buffer.from("product_handle,name,colour\nx,X,red\n") });
      await page.getByRole("button", { name: "Check the file (dry run)" }).click();
      await page.getByRole("alert").getByText(/The file cannot be imported: .*colour.* Nothing was written\. Correct it and try again\./).waitFor();

      // A file whose every product is bad: no Import button, and the page says why.
      await fileInput.setInputFiles({ name: "all-bad.csv", mimeType: "text/csv", buffer: Buffer.from(`${HEADER}\nj4-candle,Journey Four Candle,Home,J4-CANDLE,12.50,5,,\n`) });
      await page.getByRole("button", { name: "Check the file (dry run)" }).click();
      await page.getByText("Nothing in this file can be imported: correct the rows above and choose the file again.").waitFor();
      assert.equal(await page.getByRole("button", { name: /^Import / }).count(), 0);

      // The CSV with one bad row, checked from the keyboard: Tab from the file field to the button, Enter.
      await fileInput.setInputFiles({ name: "catalog-j4.csv", mimeType: "text/csv", buffer: Buffer.from(BAD_CSV) });
      await fileInput.focus();
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate("document.activeElement?.textContent"), "Check the file (dry run)");
      await page.keyboard.press("Enter");
      await page
        .getByRole("status")
        .getByText("Dry run of catalog-j4.csv: 3 rows read, 2 products. 1 would be created, 0 would be updated, 1 row would be rejected. Nothing was written.")
        .waitFor();
      const rejected = page.getByRole("region", { name: "Rows that would be rejected" });
      const rows = await rejected.getByRole("row").allInnerTexts();
      assert.equal(rows.length, 2, rows.join(" | "));
      assert.match(rows[1]!, /^4\s+price: "12\.50" is not a whole number of minor units \(write 1250 for 12\.50\)$/);
      await page.getByRole("button", { name: "Import 1 product" }).waitFor();
      await page.getByText("The 1 rejected row and the rest of their products will be skipped").waitFor();
      await checkPage(page, "import-dry-run");
      assert.deepEqual(await productsMatching("Journey Four"), [], "the dry run wrote no product");
      assert.deepEqual(await productsMatching("J4-TOTE"), [], "nor any variant");

      // The fixed file: checked, then imported; the request is held back a moment so that the busy bar can be seen.
      await fileInput.setInputFiles({ name: "catalog-j4-fixed.csv", mimeType: "text/csv", buffer: Buffer.from(FIXED_CSV) });
      assert.equal(await page.getByText(/^Dry run of catalog-j4\.csv/).count(), 0, "choosing another file clears the last report");
      await page.getByRole("button", { name: "Check the file (dry run)" }).click();
      await page.getByText("Dry run of catalog-j4-fixed.csv: 3 rows read, 2 products. 2 would be created, 0 would be updated, 0 rows would be rejected. Nothing was written.").waitFor();
      await page.getByText("No row would be rejected.").waitFor();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/admin/v1/catalog/imports?dry_run=false", async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Import 2 products" }).click();
      const busy = page.getByRole("progressbar", { name: "Importing catalog-j4-fixed.csv" });
      await busy.waitFor();
      await page.getByText("Importing 2 products from catalog-j4-fixed.csv.").waitFor();
      assert.equal(await busy.getAttribute("value"), null, "the bar does not claim a share it does not know");
      release();
      await page.getByRole("status").getByText("Imported catalog-j4-fixed.csv: 3 rows read, 2 products. 2 created, 0 updated, 0 rows rejected.").waitFor();
      await page.getByRole("heading", { name: "Import report" }).waitFor();
      assert.equal(await busy.count(), 0, "the bar goes when the import is done");
      await page.getByText("No row was rejected.").waitFor();
      await checkPage(page, "import-done");

      // The products exist: in the admin API, and on /v1 with their variants and prices.
      const imported = await productsMatching("Journey Four");
      assert.deepEqual(imported.map((p) => p.name).sort(), ["Journey Four Candle", "Journey Four Tote"]);
      const tote = imported.find((p) => p.name === "Journey Four Tote")!;
      const shown = await client.get(`/v1/products/${tote.product_id}`, { key: demo.publishable_key });
      assert.equal(shown.status, 200, shown.text);
      assert.deepEqual(
        (shown.body.variants as Array<{ sku: string; price: number }>).map((v) => [v.sku, v.price]).sort(),
        [
          ["J4-TOTE-BLK", 240_000],
          ["J4-TOTE-NAT", 240_000],
        ],
      );
      // The link to the products list finds them too.
      await page.getByRole("link", { name: "See the products" }).click();
      await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
