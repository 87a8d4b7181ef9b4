// The back office's product editor, in Debian's headless Chromium on a freshly seeded demo store:
// an owner creates a product with its first variant from the list's "New product" panel, edits
// its own fields, adds a variant, renames it and deletes it, is told beside the field when a
// value is wrong (before any request) or refused (a SKU already used), and deletes the product;
// the storefront's /v1 read (a publishable key) shows each change. A support member sees the
// product's page without any editor. Each state of the editor is scanned and photographed.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { checkPage } from "../support/back-office-browser.js";
import { backOfficeFixture } from "../support/back-office-fixture.js";
import { createProduct } from "../support/order-fixtures.js";
import { createMember, STAFF_PASSWORD } from "../support/staff-session.js";

interface Placed {
  readonly id: string;
  readonly name: string;
}

describe("back office product editor in Chromium (product, variants, new and deleted products)", function () {
  this.timeout(240_000);
  const bo = backOfficeFixture();

  /** The storefront's view of a product, with the publishable key. */
  const storefront = (id: string) => bo.client.get(`/v1/products/${id}`, { key: bo.demo.publishable_key });

  /** The demo store's categories, and the subcategories of one, as the admin API lists them. */
  const categories = async (): Promise<Placed[]> => {
    const listed = await bo.client.get("/admin/v1/categories?limit=200", { key: bo.demo.secret_key });
    assert.equal(listed.status, 200, listed.text);
    return listed.body.categories as Placed[];
  };
  const subcategoriesOf = async (categoryId: string): Promise<Placed[]> => {
    const listed = await bo.client.get(`/admin/v1/subcategories?category_id=${categoryId}`, { key: bo.demo.secret_key });
    assert.equal(listed.status, 200, listed.text);
    return listed.body.subcategories as Placed[];
  };

  const productsWithSku = async (sku: string): Promise<number> => {
    const found = await bo.client.get(`/admin/v1/products?search=${encodeURIComponent(sku)}`, { key: bo.demo.secret_key });
    assert.equal(found.status, 200, found.text);
    return (found.body.products as unknown[]).length;
  };

  const fieldError = (page: Page, scope: string, field: string) => page.getByRole("form", { name: scope }).locator(`[name="${field}"] ~ .field-error`);

  it("an owner creates a product with its first variant, edits it, adds, renames and deletes a variant, is told of wrong values beside their fields, and deletes the product; /v1 shows each", async () => {
    const suffix = randomUUID().slice(0, 8);
    const name = `Editor Lamp ${suffix}`;
    const renamed = `Editor Floor Lamp ${suffix}`;
    const sku = `ED-${suffix}`;
    const sku2 = `ED-${suffix}-L`;
    const [first, second] = await categories();
    assert.ok(first && second, "the demo store has two categories");
    const [firstSub] = await subcategoriesOf(first.id);
    assert.ok(firstSub, `${first.name} has a subcategory`);

    const { context, page } = await bo.newPage();
    try {
      await bo.signInAsOwner(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
      await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
      const open = page.getByRole("button", { name: "New product" });
      assert.equal(await open.getAttribute("aria-expanded"), "false");
      await open.click();
      const form = page.getByRole("form", { name: "New product" });
      await form.waitFor();
      assert.equal(await open.getAttribute("aria-expanded"), "true");

      // No name: said beside the field, and nothing is sent.
      let writes = 0;
      page.on("request", (request) => {
        if (request.method() !== "GET" && request.url().includes("/admin/v1/products")) writes += 1;
      });
      await form.getByLabel("Price in KES", { exact: true }).fill("1500");
      await form.getByLabel("SKU", { exact: true }).fill(sku);
      await form.getByRole("button", { name: "Create product" }).click();
      await form.getByText("Some values need correcting: see beside each field. No product was created.").waitFor();
      assert.equal(await fieldError(page, "New product", "name").innerText(), "A product needs a name.");
      assert.equal(await form.locator('[name="name"]').getAttribute("aria-invalid"), "true");
      assert.equal(writes, 0, "a wrong value sends nothing");
      assert.equal(await productsWithSku(sku), 0, "nothing was written");
      await checkPage(page, "product-new-wrong");

      await form.locator('[name="name"]').fill(name);
      await form.getByLabel("Description (optional)").fill("A brass lamp.\nIt leans.");
      await form.getByRole("combobox", { name: /^Category/ }).selectOption({ label: first.name });
      await form.getByRole("combobox", { name: /^Subcategory/ }).selectOption({ label: firstSub.name });
      await form.getByLabel(/^Units in stock/).fill("5");
      await form.getByRole("button", { name: "Create product" }).click();
      await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
      const id = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByRole("heading", { name, level: 1, exact: true }).waitFor();
      await page.getByRole("status").filter({ hasText: `Created ${name}. Stock 0 → 5 (received).` }).waitFor();
      let shown = await storefront(id);
      assert.equal(shown.status, 200, shown.text);
      assert.equal(shown.body.name, name);
      assert.equal(shown.body.sku, sku);
      assert.equal(shown.body.price, 150_000, "KES 1,500.00 in minor units");
      assert.equal(shown.body.stock, 5, "the first units, received through the ledger");
      assert.equal(shown.body.category_id, first.id);
      assert.equal(shown.body.subcategory_id, firstSub.id);
      assert.equal(shown.body.description, "A brass lamp.\nIt leans.");
      const ledger = await bo.client.get(`/admin/v1/variants/${shown.body.variant_id}/stock-ledger`, { key: bo.demo.secret_key });
      assert.ok(JSON.stringify(ledger.body).includes('"reason":"received"'), ledger.text);

      // The product's own fields: name, description and category (its subcategory then none).
      const details = page.getByRole("form", { name: "Product details" });
      await details.locator('[name="name"]').fill(renamed);
      await details.getByLabel("Description (optional)").fill("A tall brass lamp.");
      await details.getByRole("combobox", { name: /^Category/ }).selectOption({ label: second.name });
      assert.equal(await details.getByRole("combobox", { name: /^Subcategory/ }).inputValue(), "", "a new category starts without a subcategory");
      await details.getByRole("button", { name: "Save product details" }).click();
      await details.getByRole("status").filter({ hasText: `Saved name, description, category, subcategory of ${renamed}.` }).waitFor();
      await page.getByRole("heading", { name: renamed, level: 1, exact: true }).waitFor();
      shown = await storefront(id);
      assert.equal(shown.body.name, renamed);
      assert.equal(shown.body.description, "A tall brass lamp.");
      assert.equal(shown.body.category_id, second.id);
      assert.equal(shown.body.category_name, second.name);
      assert.equal(shown.body.subcategory_id, null);

      // An empty name: said beside it, nothing sent, the name as it was.
      writes = 0;
      await details.locator('[name="name"]').fill("  ");
      await details.getByRole("button", { name: "Save product details" }).click();
      await details.getByText("Some values need correcting: see beside each field. Nothing was saved.").waitFor();
      assert.equal(await fieldError(page, "Product details", "name").innerText(), "A product needs a name.");
      assert.equal(writes, 0);
      assert.equal((await storefront(id)).body.name, renamed);
      await checkPage(page, "product-editor-wrong");

      // A second variant, with its price in KES.
      const add = page.getByRole("form", { name: "Add a variant" });
      await add.getByLabel("Price in KES", { exact: true }).fill("2100.50");
      await add.getByLabel("SKU", { exact: true }).fill(sku2);
      await add.getByLabel("Variant name (optional)").fill("Large");
      await add.getByLabel(/^Attributes/).fill("size: L");
      await add.getByRole("button", { name: "Add variant" }).click();
      await add.getByRole("status").filter({ hasText: /^Added the variant Large at KES\s?2,100\.50\.$/ }).waitFor();
      await page.getByRole("region", { name: "Variant Large" }).waitFor();
      shown = await storefront(id);
      assert.equal(shown.body.variants?.length, 2, shown.text);
      const large = (shown.body.variants as { variant_id: string; sku: string; price: number; stock: number; variant_name: string; variant_attributes: Record<string, string> }[]).find((v) => v.sku === sku2);
      assert.ok(large, shown.text);
      assert.equal(large.price, 210_050);
      assert.equal(large.stock, 0);
      assert.deepEqual(large.variant_attributes, { size: "L" });

      // A SKU already used: the API's refusal beside the SKU, no third variant.
      await add.getByLabel("Price in KES", { exact: true }).fill("100");
      await add.getByLabel("SKU", { exact: true }).fill(sku);
      await add.getByRole("button", { name: "Add variant" }).click();
      await add.getByText("The server refused a value: see beside the field. No variant was added.").waitFor();
      assert.match(await fieldError(page, "Add a variant", "sku").innerText(), new RegExp(`SKU ${sku} is already used in this store\\.`));
      assert.equal(await add.locator('[name="sku"]').getAttribute("aria-invalid"), "true");
      assert.equal((await storefront(id)).body.variants?.length, 2, "no variant was added");
      await checkPage(page, "product-editor-refused");

      // Rename the new variant.
      const largeDetails = page.getByRole("form", { name: "Details of Large" });
      await largeDetails.getByLabel("Variant name", { exact: true }).fill("Extra large");
      await largeDetails.getByRole("button", { name: "Save variant details" }).click();
      await page.getByRole("region", { name: "Variant Extra large" }).getByRole("status").filter({ hasText: "Saved name of Extra large." }).waitFor();
      shown = await storefront(id);
      assert.equal((shown.body.variants as { sku: string; variant_name: string }[]).find((v) => v.sku === sku2)?.variant_name, "Extra large");
      await checkPage(page, "product-editor");

      // Delete it, at the second click.
      await page.getByRole("button", { name: "Delete the variant Extra large" }).click();
      const confirm = page.getByRole("button", { name: "Confirm: delete the variant Extra large" });
      await confirm.waitFor();
      assert.equal((await storefront(id)).body.variants?.length, 2, "one click deletes nothing");
      await confirm.click();
      await page.getByRole("status").filter({ hasText: `Deleted the variant Extra large (${sku2}).` }).waitFor();
      await page.getByRole("region", { name: "Variant Extra large" }).waitFor({ state: "detached" });
      shown = await storefront(id);
      assert.equal(shown.body.variants, undefined, "one variant left: a simple product again");
      assert.equal(shown.body.sku, sku);
      assert.equal(shown.body.stock, 5);
      await page.getByText("The only variant: delete the product instead.").waitFor();

      // Delete the product, at the second click: back to the list, which says so.
      await page.getByRole("button", { name: `Delete ${renamed}` }).click();
      await page.getByRole("button", { name: `Confirm: delete ${renamed}` }).click();
      await page.waitForURL((url) => url.pathname === "/admin/products");
      await page.getByRole("status").filter({ hasText: `Deleted ${renamed}.` }).waitFor();
      assert.equal((await storefront(id)).status, 404);
      assert.equal(await productsWithSku(sku), 0);
    } finally {
      await context.close();
    }
  });

  it("a support member sees a product's page and the list without any editor", async () => {
    const email = `support.${randomUUID().slice(0, 8)}@example.com`;
    await createMember(bo.application, bo.demo.store_id, "support", email);
    // A product of its own (the demo's images are on another origin, which the CSP refuses).
    const name = `Support Stool ${randomUUID().slice(0, 6)}`;
    const product = { name, product_id: (await createProduct(bo.client, bo.demo.secret_key, name, { price: 120_000, stock: 3 })).productId };
    const { context, page } = await bo.newPage();
    try {
      await bo.signIn(page, email, STAFF_PASSWORD);
      await page.goto("/admin/products");
      await page.getByRole("heading", { name: "Products", level: 1 }).waitFor();
      await page.getByRole("region", { name: "Products" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "New product" }).count(), 0);
      await page.goto(`/admin/products/${product.product_id}`);
      await page.getByRole("heading", { name: product.name, level: 1, exact: true }).waitFor();
      await page.getByRole("heading", { name: "Variants" }).waitFor();
      assert.ok((await page.locator("[data-field=variant_price]").count()) >= 1, "the variants are shown");
      for (const form of ["Product details", "Add a variant", "Add an image"]) assert.equal(await page.getByRole("form", { name: form }).count(), 0, form);
      assert.equal(await page.getByRole("button", { name: /Save|Delete|Adjust|Upload|Add/ }).count(), 0, "no write offered");
      assert.equal(await page.locator("input, textarea, select").count(), 0, "no editable field");
      await checkPage(page, "product-read-only");
    } finally {
      await context.close();
    }
  });
});
