// Specifies the catalog over real HTTP (the real Koa app on an in-memory SQLite): products,
// variants, categories, subcategories and collections (docs/api/catalog.md): answer
// shapes, list bounds, paging, filters, `fields`, access, conflicts, events and tenancy.
import assert from "node:assert/strict";
import { Schema } from "effect";
import {
  Category,
  Collection,
  CollectionItem,
  ProductDetailRecord,
  ProductListRecord,
  Subcategory,
  VariantRecord,
} from "../../../adapters/http/schemas/catalog-schemas.js";
import { Pagination } from "../../../adapters/http/schemas/pagination-schema.js";
import { multiProductBody, simpleProductBody, variantBody, type Body } from "../../support/catalog-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

/** Decodes against a success Schema, refusing any field the Schema does not name. */
const decodeExact =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (value: unknown): A =>
    Schema.decodeUnknownSync(schema, { onExcessProperty: "error" })(value);

const listEnvelope = <A, I>(name: string, item: Schema.Schema<A, I, never>) =>
  decodeExact(Schema.Struct({ [name]: Schema.Array(item), pagination: Pagination }));

const VARIANT_FIELDS = Object.keys(VariantRecord.fields).sort();

const COLLECTION_PRODUCT_FIELDS = [
  "id",
  "inventory_id",
  "online_name",
  "online_description",
  "online_images",
  "online_price",
  "online_sale_price",
  "online_stock",
  "is_online_enabled",
  "seo_title",
  "seo_description",
  "seo_keywords",
  "featured",
  "featured_order",
  "online_category",
  "tags",
  "attributes",
  "shipping_info",
  "created_at",
  "updated_at",
].sort();

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  const error = response.body?.error;
  assert.ok(error !== undefined, `no error body: ${response.text}`);
  assert.equal(error.code, code, response.text);
  if (param !== undefined) assert.equal(error.param, param, response.text);
  assert.equal(typeof error.message, "string");
};

let serial = 0;
/** A name or SKU no other test uses, so lists filtered by it see only this test's records. */
const unique = (prefix: string): string => `${prefix}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

describe("catalog routes (HTTP, SQLite)", function () {
  let t: TestApplication;
  let secret: string;
  let publishable: string;
  let otherSecret: string;
  let otherPublishable: string;

  before(async function () {
    t = await startTestApplication();
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    otherSecret = t.otherStore.keys.secretTest;
    otherPublishable = t.otherStore.keys.publishableTest;
  });

  after(async function () {
    await t.close();
  });

  const get = (path: string, key = secret) => t.client.get(path, { key });
  const post = (path: string, body: unknown, key = secret) => t.client.post(path, body, { key });
  const patch = (path: string, body: unknown, key = secret) => t.client.patch(path, body, { key });
  const put = (path: string, body: unknown, key = secret) => t.client.request("PUT", path, { key, body });
  const del = (path: string, key = secret) => t.client.delete(path, { key });

  const created = (response: TestResponse): any => {
    assert.equal(response.status, 201, response.text);
    return response.body;
  };
  const ok = (response: TestResponse): any => {
    assert.equal(response.status, 200, response.text);
    return response.body;
  };

  const createProduct = async (body: Body, key = secret): Promise<any> => created(await post("/v1/products", body, key));
  const createCategory = async (name = unique("Category"), extra: Body = {}, key = secret): Promise<any> =>
    created(await post("/v1/categories", { name, ...extra }, key));
  const createSubcategory = async (categoryId: string, name = unique("Sub"), extra: Body = {}): Promise<any> =>
    created(await post("/v1/subcategories", { name, category_id: categoryId, ...extra }));
  const createCollection = async (body: Body = {}, key = secret): Promise<any> =>
    created(await post("/v1/product-collections", { name: unique("Collection"), ...body }, key));

  const productRows = (storeId: string, name: string) =>
    t.application.database.knex("products").where({ store_id: storeId, name });
  const eventsOf = async (type: string, storeId = t.store.store.id): Promise<Array<{ id: string; store_id: string; livemode: unknown; data: any }>> =>
    (await t.application.database.knex("events").where({ store_id: storeId, type }).orderBy("created_at")).map((row: any) => ({
      ...row,
      data: JSON.parse(row.data),
    }));

  /** Walks a list with `cursor` until has_more is false; answers every page's items. */
  const walk = async (path: string, listName: string, key = secret): Promise<any[][]> => {
    const pages: any[][] = [];
    let cursor: string | null = null;
    for (;;) {
      assert.ok(pages.length < 100, "the walk ends");
      const separator = path.includes("?") ? "&" : "?";
      const body = ok(await get(cursor === null ? path : `${path}${separator}cursor=${encodeURIComponent(cursor)}`, key));
      pages.push(body[listName]);
      if (!body.pagination.has_more) {
        assert.equal(body.pagination.next_cursor, null);
        return pages;
      }
      assert.equal(typeof body.pagination.next_cursor, "string");
      assert.match(body.pagination.next_cursor, /^[A-Za-z0-9_-]+$/, "cursors are base64url");
      cursor = body.pagination.next_cursor;
    }
  };

  describe("writes answer 201 with the documented shapes", function () {
    it("creates a category and a subcategory", async function () {
      const categoryResponse = await post("/v1/categories", { name: "  Kitchen  ", description: "Pots", image: "https://img.example/k.png" });
      const category = decodeExact(Category)(created(categoryResponse));
      assert.equal(category.name, "Kitchen", "names are trimmed");
      assert.equal(category.description, "Pots");
      assert.equal(category.image, "https://img.example/k.png");
      assert.equal(category.active, true, "active by default");
      assert.match(category.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.match(category.created_at, ISO_UTC);
      assert.equal(category.updated_at, category.created_at);

      const subcategory = decodeExact(Subcategory)(created(await post("/v1/subcategories", { name: "Kettles", category_id: category.id, active: false })));
      assert.equal(subcategory.category_id, category.id);
      assert.equal(subcategory.name, "Kettles");
      assert.equal(subcategory.active, false);
      assert.equal(subcategory.description, null);
    });

    it("creates a simple product: flat, no `variants`, aggregates null, in the store's currency", async function () {
      const category = await createCategory("Kitchenware");
      const sub = await createSubcategory(category.id, "Mugs");
      const sku = unique("MUG");
      const body = await createProduct(
        simpleProductBody(
          "Blue Mug",
          sku,
          {
            category_id: category.id,
            subcategory_id: sub.id,
            description: "A mug",
            brand: "Acme",
            media: [{ url: "https://img.example/mug.png" }, { url: "https://img.example/mug.mp4", type: "video" }],
            tags: ["blue", "mug"],
            attributes: { material: "ceramic" },
            shipping_info: { weight_grams: 350 },
            seo_title: "Blue mug",
          },
          { price: 1_200, sale_price: 900, stock: 7, threshold: 2, variant_attributes: { colour: "blue" }, variant_name: "Blue" },
        ),
      );
      const product = decodeExact(ProductDetailRecord)(body);
      assert.equal("variants" in body, false);
      assert.equal(product.has_variants, false);
      assert.equal(product.variant_count, null);
      assert.equal(product.total_stock, null);
      assert.equal(product.price_range, null);
      assert.equal(body.sku, sku);
      assert.equal(body.price, 1_200);
      assert.equal(body.sale_price, 900);
      assert.equal(body.selling_price, 900, "selling_price takes sale_price into account");
      assert.equal(body.stock, 7);
      assert.equal(body.threshold, 2);
      assert.equal(body.is_default, true);
      assert.deepEqual(body.variant_attributes, { colour: "blue" });
      assert.equal(body.variant_name, "Blue");
      assert.equal(body.category_id, category.id);
      assert.equal(body.category_name, "Kitchenware");
      assert.equal(body.subcategory_id, sub.id);
      assert.equal(body.subcategory_name, "Mugs");
      assert.equal(body.online_category, "Kitchenware > Mugs");
      assert.equal(body.display_currency, "KES");
      assert.equal(body.currency_symbol, "KSh");
      assert.equal(body.is_active, true);
      assert.equal(body.thumbnail_url, "https://img.example/mug.png", "the primary image is the thumbnail");
      assert.equal(body.media.length, 2);
      assert.deepEqual(body.media.map((m: any) => [m.type, m.position, m.is_primary]), [["image", 0, true], ["video", 1, false]]);
      assert.deepEqual(body.tags, ["blue", "mug"]);
      assert.deepEqual(body.attributes, { material: "ceramic" });
      assert.deepEqual(body.shipping_info, { weight_grams: 350 });
      assert.match(body.product_slug, /^blue-mug-[0-9a-f]{8}$/);
      assert.equal(body.product_slug.slice(-8), body.product_id.replaceAll("-", "").slice(-8), "the slug ends with the short id");
      assert.match(body.created_at, ISO_UTC);
    });

    it("creates a multi-variant product: `variants` of only variant fields, total_stock, price_range over selling prices", async function () {
      const [a, b, c] = [unique("TEE-S"), unique("TEE-M"), unique("TEE-L")];
      const body = await createProduct(
        multiProductBody("Plain Tee", [
          variantBody(a, { price: 2_000, stock: 3, variant_attributes: { size: "S" } }),
          variantBody(b, { price: 2_500, sale_price: 1_500, stock: 4, is_default: true, variant_attributes: { size: "M" } }),
          variantBody(c, { price: 3_000, sale_price: 2_800, stock: 0, variant_attributes: { size: "L" } }),
        ]),
      );
      decodeExact(ProductDetailRecord)(body);
      assert.equal(body.has_variants, true);
      assert.equal(body.variant_count, 3);
      assert.equal(body.total_stock, 7);
      assert.deepEqual(body.price_range, { min: 1_500, max: 2_800 }, "over selling prices, not regular prices");
      for (const name of ["sku", "price", "sale_price", "selling_price", "stock", "variant_id", "is_default", "variant_attributes"]) {
        assert.equal(name in body, false, `no variant field ${name} at the root`);
      }
      assert.equal(body.variants.length, 3);
      for (const variant of body.variants) assert.deepEqual(Object.keys(variant).sort(), VARIANT_FIELDS);
      assert.deepEqual(body.variants.map((v: any) => v.sku), [a, b, c], "variants keep the order given");
      assert.deepEqual(body.variants.map((v: any) => v.is_default), [false, true, false], "the variant marked is_default is the default");
      assert.deepEqual(body.variants.map((v: any) => v.selling_price), [2_000, 1_500, 2_800]);
      assert.equal(body.display_currency, "KES");
      assert.equal(body.currency_symbol, "KSh");
    });

    it("creates a collection", async function () {
      const collection = decodeExact(Collection)(await createCollection({ name: "Summer Sale", type: "seasonal", display_priority: 7 }));
      assert.equal(collection.name, "Summer Sale");
      assert.match(collection.slug, /^summer-sale(-\d+)?$/);
      assert.equal(collection.type, "seasonal");
      assert.equal(collection.is_active, true);
      assert.equal(collection.show_on_homepage, false);
      assert.equal(collection.display_priority, 7);
    });

    it("answers display_currency and currency_symbol of the key's store (the other store is USD, $)", async function () {
      const body = await createProduct(simpleProductBody("Dollar Item", unique("USD")), otherSecret);
      assert.equal(body.display_currency, "USD");
      assert.equal(body.currency_symbol, "$");
      const listed = ok(await get(`/v1/products?search=${encodeURIComponent("Dollar Item")}`, otherPublishable));
      assert.ok(listed.products.length >= 1, "the other store lists its product");
      for (const p of listed.products) {
        assert.equal(p.display_currency, "USD");
        assert.equal(p.currency_symbol, "$");
      }
    });
  });

  describe("product shapes on reads", function () {
    let category: any;
    let simple: any;
    let multi: any;

    before(async function () {
      category = await createCategory();
      simple = await createProduct(simpleProductBody("Shape Simple", unique("SS"), { category_id: category.id }, { price: 500, sale_price: 400 }));
      multi = await createProduct(
        multiProductBody(
          "Shape Multi",
          [
            variantBody(unique("SM-A"), { price: 900, stock: 2 }),
            variantBody(unique("SM-B"), { price: 700, sale_price: 650, stock: 5, is_default: true }),
          ],
          { category_id: category.id },
        ),
      );
    });

    it("lists flat records with the default variant's data and no `variants`", async function () {
      const body = ok(await get(`/v1/products?category_id=${category.id}`));
      listEnvelope("products", ProductListRecord)(body);
      const byId = new Map(body.products.map((p: any) => [p.product_id, p]));
      assert.equal(byId.size, 2);
      const listedMulti: any = byId.get(multi.product_id);
      assert.equal("variants" in listedMulti, false);
      assert.equal(listedMulti.variant_id, multi.variants[1].variant_id, "the default variant's data");
      assert.equal(listedMulti.sku, multi.variants[1].sku);
      assert.equal(listedMulti.price, 700);
      assert.equal(listedMulti.selling_price, 650);
      assert.equal(listedMulti.has_variants, true);
      assert.equal(listedMulti.variant_count, 2);
      assert.equal(listedMulti.total_stock, 7);
      assert.deepEqual(listedMulti.price_range, { min: 650, max: 900 });
      const listedSimple: any = byId.get(simple.product_id);
      assert.equal("variants" in listedSimple, false);
      assert.equal(listedSimple.selling_price, 400);
      assert.equal(listedSimple.has_variants, false);
      assert.equal(listedSimple.price_range, null);
      assert.equal(listedSimple.display_currency, "KES");
      assert.equal(listedSimple.currency_symbol, "KSh");
    });

    it("a simple product's detail is flat and equals its list record", async function () {
      const detail = ok(await get(`/v1/products/${simple.product_id}`, publishable));
      decodeExact(ProductListRecord)(detail);
      assert.equal("variants" in detail, false);
      assert.deepEqual(detail, simple);
      const listed = ok(await get(`/v1/products?category_id=${category.id}`)).products.find((p: any) => p.product_id === simple.product_id);
      assert.deepEqual(detail, listed);
    });

    it("a multi-variant product's detail has the aggregates and `variants`", async function () {
      const detail = ok(await get(`/v1/products/${multi.product_id}`, publishable));
      decodeExact(ProductDetailRecord)(detail);
      assert.deepEqual(detail, multi);
      assert.equal(detail.variants.length, 2);
      assert.equal("sku" in detail, false);
    });
  });

  describe("by slug and by id", function () {
    let product: any;

    before(async function () {
      product = await createProduct(multiProductBody("Slug Lamp", [variantBody(unique("LAMP-1")), variantBody(unique("LAMP-2"), { price: 50 })]));
    });

    it("finds a product by its slug with either key, in the detail shape", async function () {
      for (const key of [secret, publishable]) {
        const body = ok(await get(`/v1/products/by-slug/${product.product_slug}`, key));
        decodeExact(ProductDetailRecord)(body);
        assert.deepEqual(body, product);
      }
    });

    it("takes an explicit slug given at creation", async function () {
      const slug = unique("my-own-slug").toLowerCase();
      const body = await createProduct(simpleProductBody("Own Slug", unique("OWN"), { slug }));
      assert.equal(body.product_slug, slug);
      assert.equal(ok(await get(`/v1/products/by-slug/${slug}`)).product_id, body.product_id);
    });

    it("answers 404 resource_missing for an unknown slug, also at the 200-character bound", async function () {
      assertError(await get("/v1/products/by-slug/no-such-product"), 404, "resource_missing");
      assertError(await get(`/v1/products/by-slug/${"a".repeat(200)}`), 404, "resource_missing");
    });

    it("answers 400 naming `slug` for a slug outside the pattern or longer than 200", async function () {
      for (const slug of ["BAD_SLUG", "Slug-Lamp", "-leading-hyphen", "a".repeat(201), "sl%C3%BCg", "a.b"]) {
        assertError(await get(`/v1/products/by-slug/${slug}`), 400, "parameter_invalid", "slug");
      }
    });

    it("answers 404 resource_missing for a malformed or unknown id", async function () {
      for (const id of ["not-a-uuid", "123", `${product.product_id}x`, "00000000-0000-7000-8000-000000000000"]) {
        assertError(await get(`/v1/products/${id}`), 404, "resource_missing");
      }
      // A malformed id says which path parameter it is (an unknown one cannot).
      const malformed = await get("/v1/products/not-a-uuid");
      assert.equal(malformed.body.error.param, "id");
      assert.match(malformed.body.error.message, /path parameter id is not a valid id/);
      assert.equal((await get("/v1/products/00000000-0000-7000-8000-000000000000")).body.error.param, undefined);
    });
  });

  describe("list bounds and defaults (a store of their own)", function () {
    let b: TestApplication;
    const LISTS = [
      { path: "/v1/products", name: "products", max: 200, fallback: 50, total: 51 },
      { path: "/v1/categories", name: "categories", max: 200, fallback: 50, total: 52 },
      { path: "/v1/subcategories", name: "subcategories", max: 500, fallback: 100, total: 101 },
      { path: "/v1/product-collections", name: "collections", max: 200, fallback: 50, total: 51 },
    ] as const;

    before(async function () {
      b = await startTestApplication();
      const key = b.store.keys.secretTest;
      const send = async (path: string, body: Body): Promise<any> => created(await b.client.post(path, body, { key }));
      for (let i = 0; i < 51; i++) await send("/v1/products", simpleProductBody(`Bound product ${i}`, `BOUND-${i}`));
      let parent: any;
      for (let i = 0; i < 52; i++) parent = await send("/v1/categories", { name: `Bound category ${String(i).padStart(2, "0")}` });
      for (let i = 0; i < 101; i++) await send("/v1/subcategories", { name: `Bound sub ${i}`, category_id: parent.id });
      for (let i = 0; i < 51; i++) await send("/v1/product-collections", { name: `Bound collection ${i}` });
    });

    after(async function () {
      await b.close();
    });

    for (const list of LISTS) {
      it(`${list.path}: limit defaults to ${list.fallback}, takes 1..${list.max}, and refuses 0 and ${list.max + 1}`, async function () {
        const key = b.store.keys.publishableTest;
        const read = (query: string) => b.client.get(`${list.path}${query}`, { key });

        const fallback = ok(await read(""));
        assert.equal(fallback[list.name].length, list.fallback);
        assert.equal(fallback.pagination.limit, list.fallback);
        assert.equal(fallback.pagination.has_more, true);
        assert.equal(typeof fallback.pagination.next_cursor, "string");

        const one = ok(await read("?limit=1"));
        assert.equal(one[list.name].length, 1);
        assert.deepEqual(one.pagination.limit, 1);
        assert.equal(one.pagination.has_more, true);

        const max = ok(await read(`?limit=${list.max}`));
        assert.equal(max[list.name].length, list.total, "everything fits in one page at the maximum");
        assert.deepEqual(max.pagination, { limit: list.max, next_cursor: null, has_more: false });

        for (const bad of ["0", String(list.max + 1), "-1", "ten", "2.5", "", "1e2"]) {
          assertError(await read(`?limit=${encodeURIComponent(bad)}`), 400, "parameter_invalid", "limit");
        }
      });
    }
  });

  describe("cursor paging", function () {
    it("visits every product of a filter exactly once, newest first (limit 2 over 7)", async function () {
      const category = await createCategory();
      const ids = new Set<string>();
      for (let i = 0; i < 7; i++) ids.add((await createProduct(simpleProductBody(`Paged ${i}`, unique("PG"), { category_id: category.id }))).product_id);
      const pages = await walk(`/v1/products?category_id=${category.id}&limit=2`, "products", publishable);
      assert.deepEqual(pages.map((p) => p.length), [2, 2, 2, 1]);
      const visited = pages.flat();
      assert.equal(new Set(visited.map((p) => p.product_id)).size, 7, "no product twice");
      assert.deepEqual(new Set(visited.map((p) => p.product_id)), ids, "every product once");
      const expected = [...visited].sort((x, y) =>
        x.created_at !== y.created_at ? (x.created_at < y.created_at ? 1 : -1) : x.product_id < y.product_id ? 1 : -1,
      );
      assert.deepEqual(visited.map((p) => p.product_id), expected.map((p) => p.product_id), "created_at desc, id desc");
    });

    it("pages featured products by featured_order", async function () {
      const category = await createCategory();
      const orders = [3, 1, 2, 1];
      for (const order of orders) {
        await createProduct(simpleProductBody(`Featured ${order}`, unique("FT"), { category_id: category.id, featured: true, featured_order: order }));
      }
      await createProduct(simpleProductBody("Not featured", unique("NF"), { category_id: category.id }));
      const pages = await walk(`/v1/products?category_id=${category.id}&featured=true&limit=1`, "products");
      assert.equal(pages.length, 4);
      const visited = pages.flat();
      assert.deepEqual(visited.map((p) => p.featured_order), [1, 1, 2, 3]);
      assert.ok(visited.every((p) => p.featured === true), "featured=true lists only featured products");
      const ones = visited.slice(0, 2).map((p) => p.product_id);
      assert.deepEqual(ones, [...ones].sort(), "ties on featured_order by id");
    });

    it("pages categories by name, subcategories of a category, and collections by display priority", async function () {
      const token = unique("pagecat");
      const names = ["delta", "Alpha", "charlie", "bravo", "echo"].map((n) => `${n} ${token}`);
      for (const name of names) await createCategory(name);
      const categories = (await walk(`/v1/categories?search=${token}&limit=2`, "categories")).flat();
      assert.deepEqual(categories.map((c) => c.name).sort(), [...names].sort());
      assert.equal(categories.length, 5);
      // SQLite compares names bytewise; what matters is that the walk follows the list's own order.
      assert.deepEqual(categories.map((c) => c.name), [...names].sort());

      const parent = await createCategory();
      const subNames = ["b", "a", "c"].map((n) => `${n} ${token}`);
      for (const name of subNames) await createSubcategory(parent.id, name);
      const subcategories = (await walk(`/v1/subcategories?category_id=${parent.id}&limit=1`, "subcategories")).flat();
      assert.deepEqual(subcategories.map((s) => s.name), [...subNames].sort());

      const type = unique("paged");
      for (const priority of [5, 50, -1, 5]) await createCollection({ type, display_priority: priority });
      const collections = (await walk(`/v1/product-collections?type=${type}&limit=1`, "collections")).flat();
      assert.deepEqual(collections.map((c) => c.display_priority), [50, 5, 5, -1]);
      assert.equal(new Set(collections.map((c) => c.id)).size, 4);
    });

    it("answers 400 invalid_cursor for a cursor it did not hand out", async function () {
      const bad = ["not*a*cursor", "%%%", base64url({ at: 1 }), base64url([1]), base64url(["x", 2]), "bm90IGpzb24"];
      for (const path of ["/v1/products", "/v1/categories", "/v1/subcategories", "/v1/product-collections"]) {
        for (const cursor of bad) {
          assertError(await get(`${path}?cursor=${encodeURIComponent(cursor)}`), 400, "invalid_cursor", "cursor");
        }
      }
    });
  });

  describe("list filters", function () {
    it("filters products by category_id, subcategory_id and featured", async function () {
      const category = await createCategory();
      const subA = await createSubcategory(category.id);
      const subB = await createSubcategory(category.id);
      const inA = await createProduct(simpleProductBody("In A", unique("FA"), { subcategory_id: subA.id, featured: true }));
      const inB = await createProduct(simpleProductBody("In B", unique("FB"), { category_id: category.id, subcategory_id: subB.id }));
      const inCategory = await createProduct(simpleProductBody("Only category", unique("FC"), { category_id: category.id }));
      assert.equal(inA.category_id, category.id, "the category is taken from the subcategory");

      const ids = async (query: string) => ok(await get(`/v1/products?${query}`)).products.map((p: any) => p.product_id).sort();
      assert.deepEqual(await ids(`category_id=${category.id}`), [inA.product_id, inB.product_id, inCategory.product_id].sort());
      assert.deepEqual(await ids(`subcategory_id=${subA.id}`), [inA.product_id]);
      assert.deepEqual(await ids(`subcategory_id=${subB.id}`), [inB.product_id]);
      assert.deepEqual(await ids(`category_id=${category.id}&featured=true`), [inA.product_id]);
      assert.deepEqual(await ids(`category_id=${category.id}&featured=false`), [inB.product_id, inCategory.product_id].sort());
      assertError(await get("/v1/products?category_id=nope"), 400, "parameter_invalid", "category_id");
      assertError(await get("/v1/products?featured=yes"), 400, "parameter_invalid", "featured");
      assertError(await get("/v1/products?colour=red"), 400, "parameter_unknown", "colour");
    });

    it("searches product names and SKUs, case-insensitively, as a substring", async function () {
      const token = unique("qz").toLowerCase();
      const byName = await createProduct(simpleProductBody(`Copper KETTLE ${token}`, unique("K")));
      const bySku = await createProduct(simpleProductBody("Plain thing", `SKU-${token.toUpperCase()}-77`));
      const bySecondSku = await createProduct(
        multiProductBody("Other thing", [variantBody(unique("X1")), variantBody(`ALT-${token.toUpperCase()}`)]),
      );
      await createProduct(simpleProductBody("Unrelated", unique("UNREL")));
      const ids = async (term: string) =>
        ok(await get(`/v1/products?search=${encodeURIComponent(term)}`)).products.map((p: any) => p.product_id).sort();
      assert.deepEqual(await ids(token.toUpperCase()), [byName.product_id, bySku.product_id, bySecondSku.product_id].sort());
      assert.deepEqual(await ids(`pper kettle ${token}`), [byName.product_id]);
      assert.deepEqual(await ids(`${token}-77`), [bySku.product_id]);
      assert.deepEqual(await ids(`alt-${token}`), [bySecondSku.product_id], "any variant's SKU matches");
      assert.deepEqual(await ids(`kettle ${token}x`), []);
    });

    it("treats % and _ in a search term literally", async function () {
      const token = unique("lit").toLowerCase();
      const percent = await createProduct(simpleProductBody(`100% wool ${token}`, unique("W1")));
      await createProduct(simpleProductBody(`100 wool ${token}`, unique("W2")));
      const underscore = await createProduct(simpleProductBody(`a_b ${token}`, unique("W3")));
      await createProduct(simpleProductBody(`axb ${token}`, unique("W4")));
      const ids = async (term: string) =>
        ok(await get(`/v1/products?search=${encodeURIComponent(term)}`)).products.map((p: any) => p.product_id);
      assert.deepEqual(await ids(`0% wool ${token}`), [percent.product_id]);
      assert.deepEqual(await ids(`a_b ${token}`), [underscore.product_id]);
    });

    it("lists active categories by default, inactive ones with active=false, and searches names", async function () {
      const token = unique("actv");
      const active = await createCategory(`Garden ${token}`);
      const inactive = await createCategory(`Attic ${token}`, { active: false });
      const names = async (query: string) => ok(await get(`/v1/categories?${query}`)).categories.map((c: any) => c.id);
      assert.deepEqual(await names(`search=${token}`), [active.id]);
      assert.deepEqual(await names(`search=${token}&active=true`), [active.id]);
      assert.deepEqual(await names(`search=${token}&active=false`), [inactive.id]);
      assert.deepEqual(await names(`search=${encodeURIComponent(`GARDEN ${token.toUpperCase()}`)}`), [active.id], "case-insensitive");
      assert.deepEqual(await names(`search=${encodeURIComponent(`rden ${token}`)}`), [active.id], "a substring");
      const inactives = ok(await get("/v1/categories?active=false&limit=200")).categories;
      assert.ok(inactives.length >= 1, "an inactive category is listed");
      assert.ok(inactives.every((c: any) => c.active === false), "active=false lists only inactive categories");
      const actives = ok(await get("/v1/categories?limit=200")).categories;
      assert.ok(actives.every((c: any) => c.active === true), "the default lists only active categories");
      assertError(await get("/v1/categories?active=1"), 400, "parameter_invalid", "active");
    });

    it("lists subcategories of one category, active ones unless asked otherwise", async function () {
      const one = await createCategory();
      const two = await createCategory();
      const a = await createSubcategory(one.id, unique("Sa"));
      const b = await createSubcategory(one.id, unique("Sb"), { active: false });
      const c = await createSubcategory(two.id, unique("Sc"));
      const ids = async (query: string) => ok(await get(`/v1/subcategories?${query}`)).subcategories.map((s: any) => s.id);
      assert.deepEqual(await ids(`category_id=${one.id}`), [a.id]);
      assert.deepEqual(await ids(`category_id=${one.id}&active=false`), [b.id]);
      assert.deepEqual(await ids(`category_id=${two.id}`), [c.id]);
      assert.deepEqual(await ids(`search=${encodeURIComponent(c.name.toUpperCase())}`), [c.id]);
      const body = ok(await get(`/v1/subcategories?category_id=${one.id}`));
      listEnvelope("subcategories", Subcategory)(body);
      assertError(await get("/v1/subcategories?category_id=42"), 400, "parameter_invalid", "category_id");
    });
  });

  describe("collections", function () {
    it("filters by type and show_on_homepage, lists active ones by display priority", async function () {
      const type = unique("season");
      const low = await createCollection({ type, display_priority: 1 });
      const high = await createCollection({ type, display_priority: 10, show_on_homepage: true });
      const mid = await createCollection({ type, display_priority: 5 });
      await createCollection({ type, display_priority: 100, is_active: false });
      await createCollection({ type: unique("other"), display_priority: 1000 });
      const body = ok(await get(`/v1/product-collections?type=${type}`, publishable));
      listEnvelope("collections", Collection)(body);
      assert.deepEqual(body.collections.map((c: any) => c.id), [high.id, mid.id, low.id]);
      const homepage = ok(await get(`/v1/product-collections?type=${type}&show_on_homepage=true`));
      assert.deepEqual(homepage.collections.map((c: any) => c.id), [high.id]);
      const notHomepage = ok(await get(`/v1/product-collections?type=${type}&show_on_homepage=false`));
      assert.deepEqual(notHomepage.collections.map((c: any) => c.id), [mid.id, low.id]);
      assertError(await get("/v1/product-collections?show_on_homepage=yes"), 400, "parameter_invalid", "show_on_homepage");
    });

    it("answers items with the collection product fields, in sort_order", async function () {
      const category = await createCategory("Bags");
      const sub = await createSubcategory(category.id, "Totes");
      const first = await createProduct(simpleProductBody("Item One", unique("I1")));
      const multi = await createProduct(
        multiProductBody(
          "Item Multi",
          [variantBody(unique("IM-A"), { price: 800, stock: 2 }), variantBody(unique("IM-B"), { price: 600, sale_price: 500, stock: 3, is_default: true })],
          {
            subcategory_id: sub.id,
            description: "Roomy",
            media: [{ url: "https://img.example/a.png" }, { url: "https://img.example/v.mp4", type: "video" }, { url: "https://img.example/b.png" }],
            tags: ["bag"],
            seo_keywords: "tote,bag",
            featured: true,
            featured_order: 4,
          },
        ),
      );
      const third = await createProduct(simpleProductBody("Item Three", unique("I3")));
      const collection = await createCollection();
      const replaced = ok(
        await put(`/v1/product-collections/${collection.id}/items`, {
          items: [
            { product_id: third.product_id, sort_order: 2 },
            { product_id: first.product_id, sort_order: 0 },
            { product_id: multi.product_id, sort_order: 1 },
          ],
        }),
      );
      const read = ok(await get(`/v1/product-collections/${collection.id}/items`, publishable));
      assert.deepEqual(read.items, replaced.items);
      assert.deepEqual(read.pagination, { limit: 50, has_more: false, next_cursor: null });
      decodeExact(Schema.Struct({ items: Schema.Array(CollectionItem), pagination: Pagination }))(read);
      assert.deepEqual(read.items.map((i: any) => i.online_product_id), [first.product_id, multi.product_id, third.product_id]);
      assert.deepEqual(read.items.map((i: any) => i.sort_order), [0, 1, 2]);
      const firstPage = ok(await get(`/v1/product-collections/${collection.id}/items?limit=2`, publishable));
      assert.deepEqual(firstPage.items.map((i: any) => i.online_product_id), [first.product_id, multi.product_id]);
      assert.equal(firstPage.pagination.has_more, true);
      const lastPage = ok(await get(`/v1/product-collections/${collection.id}/items?limit=2&cursor=${firstPage.pagination.next_cursor}`, publishable));
      assert.deepEqual(lastPage.items.map((i: any) => i.online_product_id), [third.product_id]);
      assert.deepEqual(lastPage.pagination, { limit: 2, has_more: false, next_cursor: null });
      for (const item of read.items) {
        assert.deepEqual(Object.keys(item).sort(), ["online_product_id", "product", "sort_order"]);
        assert.deepEqual(Object.keys(item.product).sort(), COLLECTION_PRODUCT_FIELDS);
      }
      const embedded = read.items[1].product;
      assert.equal(embedded.id, multi.product_id);
      assert.equal(embedded.inventory_id, multi.variants[1].variant_id, "the default variant");
      assert.equal(embedded.online_name, "Item Multi");
      assert.equal(embedded.online_description, "Roomy");
      assert.deepEqual(embedded.online_images, ["https://img.example/a.png", "https://img.example/b.png"]);
      assert.equal(embedded.online_price, 600);
      assert.equal(embedded.online_sale_price, 500);
      assert.equal(embedded.online_stock, 5);
      assert.equal(embedded.is_online_enabled, true);
      assert.equal(embedded.online_category, "Bags > Totes");
      assert.deepEqual(embedded.tags, ["bag"]);
      assert.equal(embedded.seo_keywords, "tote,bag");
      assert.equal(embedded.featured, true);
      assert.equal(embedded.featured_order, 4);

      const filtered = ok(await get(`/v1/products?collection_id=${collection.id}`)).products.map((p: any) => p.product_id).sort();
      assert.deepEqual(filtered, [first.product_id, multi.product_id, third.product_id].sort(), "collection_id filters the product list");

      // Without sort_order the order given counts; a replace drops what is not named again.
      const again = ok(await put(`/v1/product-collections/${collection.id}/items`, { items: [{ product_id: third.product_id }, { product_id: first.product_id }] }));
      assert.deepEqual(again.items.map((i: any) => [i.online_product_id, i.sort_order]), [[third.product_id, 0], [first.product_id, 1]]);
      assert.deepEqual(ok(await get(`/v1/product-collections/${collection.id}/items`)).items, again.items);
    });

    it("refuses items naming an unknown product or the same product twice, and answers 404 for an unknown collection", async function () {
      const product = await createProduct(simpleProductBody("Lonely", unique("LN")));
      const collection = await createCollection();
      assertError(
        await put(`/v1/product-collections/${collection.id}/items`, { items: [{ product_id: product.product_id }, { product_id: "00000000-0000-7000-8000-000000000001" }] }),
        400,
        "parameter_invalid",
        "items[1].product_id",
      );
      assertError(
        await put(`/v1/product-collections/${collection.id}/items`, { items: [{ product_id: product.product_id }, { product_id: product.product_id }] }),
        400,
        "parameter_invalid",
        "items",
      );
      assert.deepEqual(ok(await get(`/v1/product-collections/${collection.id}/items`)).items, [], "nothing was written");
      assertError(await get("/v1/product-collections/not-a-uuid/items"), 404, "resource_missing");
      assertError(await get("/v1/product-collections/00000000-0000-7000-8000-000000000002/items"), 404, "resource_missing");
    });
  });

  describe("`fields`", function () {
    let category: any;
    let multi: any;
    let simple: any;

    before(async function () {
      category = await createCategory(unique("Fields"));
      await createSubcategory(category.id, unique("FieldsSub"));
      simple = await createProduct(simpleProductBody("Fields Simple", unique("FS"), { category_id: category.id }));
      multi = await createProduct(
        multiProductBody("Fields Multi", [variantBody(unique("FM-A"), { price: 300 }), variantBody(unique("FM-B"), { price: 100 })], { category_id: category.id }),
      );
    });

    it("keeps only the named fields of each listed product, with dot notation", async function () {
      const body = ok(await get(`/v1/products?category_id=${category.id}&fields=${encodeURIComponent(" product_id , name,price_range.min,name")}`));
      assert.deepEqual(Object.keys(body).sort(), ["pagination", "products"]);
      const byId = new Map(body.products.map((p: any) => [p.product_id, p]));
      assert.deepEqual(byId.get(multi.product_id), { product_id: multi.product_id, name: "Fields Multi", price_range: { min: 100 } });
      assert.deepEqual(byId.get(simple.product_id), { product_id: simple.product_id, name: "Fields Simple", price_range: null });
    });

    it("keeps variant fields inside every variant (`variants.sku`) on a detail", async function () {
      const byId = ok(await get(`/v1/products/${multi.product_id}?fields=name,variants.sku`));
      assert.deepEqual(byId, { name: "Fields Multi", variants: multi.variants.map((v: any) => ({ sku: v.sku })) });
      const bySlug = ok(await get(`/v1/products/by-slug/${multi.product_slug}?fields=total_stock,price_range,variants`));
      assert.deepEqual(bySlug, { total_stock: multi.total_stock, price_range: multi.price_range, variants: multi.variants });
      const star = ok(await get(`/v1/products/${multi.product_id}?fields=price_range.*`));
      assert.deepEqual(star, { price_range: { min: 100, max: 300 } });
      const simpleSku = ok(await get(`/v1/products/${simple.product_id}?fields=sku,variants.sku`));
      assert.deepEqual(simpleSku, { sku: simple.sku }, "a simple product has no variants to project");
    });

    it("keeps only the named fields of categories and subcategories", async function () {
      const categories = ok(await get(`/v1/categories?search=${encodeURIComponent(category.name)}&fields=id,name`));
      assert.deepEqual(categories.categories, [{ id: category.id, name: category.name }]);
      const subcategories = ok(await get(`/v1/subcategories?category_id=${category.id}&fields=category_id`));
      assert.deepEqual(subcategories.subcategories, [{ category_id: category.id }]);
    });

    it("answers 400 unknown_field for a name an operation does not have", async function () {
      const paths = [
        "/v1/products?fields=",
        `/v1/products/${multi.product_id}?fields=`,
        `/v1/products/by-slug/${multi.product_slug}?fields=`,
        "/v1/categories?fields=",
        "/v1/subcategories?fields=",
      ];
      for (const path of paths) {
        for (const name of ["nope", "variants.nope", "name.first", "price_range.avg", "__proto__", "name,nope"]) {
          assertError(await get(path + encodeURIComponent(name)), 400, "unknown_field", "fields");
        }
      }
      assertError(await get("/v1/categories?fields=category_id"), 400, "unknown_field", "fields");
    });
  });

  describe("access", function () {
    it("refuses every catalog write with a publishable key (403 secret_key_required) and changes nothing", async function () {
      const category = await createCategory();
      const sub = await createSubcategory(category.id);
      const product = await createProduct(multiProductBody("Guarded", [variantBody(unique("G1")), variantBody(unique("G2"))]));
      const variantId = product.variants[0].variant_id;
      const collection = await createCollection();
      const writes: Array<[string, string, unknown]> = [
        ["POST", "/v1/products", simpleProductBody("Sneaky", unique("SN"))],
        ["PATCH", `/v1/products/${product.product_id}`, { name: "Renamed" }],
        ["DELETE", `/v1/products/${product.product_id}`, undefined],
        ["POST", `/v1/products/${product.product_id}/variants`, variantBody(unique("SN2"))],
        ["PATCH", `/v1/products/${product.product_id}/variants/${variantId}`, { stock: 0 }],
        ["DELETE", `/v1/products/${product.product_id}/variants/${variantId}`, undefined],
        ["POST", "/v1/categories", { name: "Sneaky" }],
        ["PATCH", `/v1/categories/${category.id}`, { name: "Sneaky" }],
        ["DELETE", `/v1/categories/${category.id}`, undefined],
        ["POST", "/v1/subcategories", { name: "Sneaky", category_id: category.id }],
        ["PATCH", `/v1/subcategories/${sub.id}`, { name: "Sneaky" }],
        ["DELETE", `/v1/subcategories/${sub.id}`, undefined],
        ["POST", "/v1/product-collections", { name: "Sneaky" }],
        ["PATCH", `/v1/product-collections/${collection.id}`, { name: "Sneaky" }],
        ["DELETE", `/v1/product-collections/${collection.id}`, undefined],
        ["PUT", `/v1/product-collections/${collection.id}/items`, { items: [{ product_id: product.product_id }] }],
      ];
      for (const [method, path, body] of writes) {
        const response = await t.client.request(method, path, { key: publishable, ...(body !== undefined ? { body } : {}) });
        assertError(response, 403, "secret_key_required");
        assert.equal(response.body.error.type, "permission_error");
      }
      assert.deepEqual(ok(await get(`/v1/products/${product.product_id}`)), product, "the product is untouched");
      assert.equal((await productRows(t.store.store.id, "Sneaky")).length, 0);
      assert.equal(ok(await get(`/v1/categories?search=${encodeURIComponent(category.name)}`)).categories[0].name, category.name);
      assert.equal(ok(await get(`/v1/subcategories?category_id=${category.id}`)).subcategories[0].name, sub.name);
      assert.deepEqual(ok(await get(`/v1/product-collections/${collection.id}/items`)).items, []);
    });

    it("lets a publishable key read every catalog list and detail", async function () {
      const product = await createProduct(simpleProductBody("Readable", unique("RD")));
      const collection = await createCollection();
      for (const path of [
        "/v1/products",
        `/v1/products/${product.product_id}`,
        `/v1/products/by-slug/${product.product_slug}`,
        "/v1/categories",
        "/v1/subcategories",
        "/v1/product-collections",
        `/v1/product-collections/${collection.id}/items`,
      ]) {
        assert.equal((await get(path, publishable)).status, 200, path);
      }
    });
  });

  describe("conflicts and bad bodies", function () {
    it("answers 409 duplicate_sku and duplicate_slug", async function () {
      const sku = unique("DUP");
      const first = await createProduct(simpleProductBody("Dup One", sku));
      const conflict = await post("/v1/products", simpleProductBody("Dup Two", sku));
      assertError(conflict, 409, "duplicate_sku", "sku");
      assert.equal(conflict.body.error.type, "conflict_error");
      assertError(await post("/v1/products", simpleProductBody("Dup Three", unique("D3"), { slug: first.product_slug })), 409, "duplicate_slug", "slug");
      assertError(await post(`/v1/products/${first.product_id}/variants`, variantBody(sku)), 409, "duplicate_sku", "sku");
      const collection = await createCollection();
      assertError(await post("/v1/product-collections", { name: "Again", slug: collection.slug }), 409, "duplicate_slug", "slug");
    });

    it("leaves nothing half-written when the second variant's SKU is taken", async function () {
      const taken = unique("TAKEN");
      await createProduct(simpleProductBody("Holder", taken));
      const name = unique("Half written");
      const freeSku = unique("FREE");
      const eventsBefore = (await eventsOf("product.created")).length;
      assertError(await post("/v1/products", multiProductBody(name, [variantBody(freeSku), variantBody(taken)])), 409, "duplicate_sku", "sku");
      assert.equal((await productRows(t.store.store.id, name)).length, 0, "no product row");
      assert.equal((await t.application.database.knex("variants").where({ sku: freeSku })).length, 0, "no variant row");
      assert.equal((await eventsOf("product.created")).length, eventsBefore, "no event");
      // The free SKU is still free.
      await createProduct(simpleProductBody(name, freeSku));
    });

    it("answers 400 naming the parameter for a body it cannot take", async function () {
      const category = await createCategory();
      const otherCategory = await createCategory();
      const foreignSub = await createSubcategory(otherCategory.id);
      const foreignCategory = await createCategory(unique("Foreign"), {}, otherSecret);
      const cases: Array<[unknown, string, string]> = [
        [simpleProductBody("Bad", unique("B"), {}, { price: -1 }), "parameter_invalid", "variants[0].price"],
        [simpleProductBody("Bad", unique("B"), {}, { price: 1.5 }), "parameter_invalid", "variants[0].price"],
        [simpleProductBody("Bad", unique("B"), {}, { price: "100" }), "parameter_invalid", "variants[0].price"],
        [simpleProductBody("Bad", unique("B"), {}, { stock: -3 }), "parameter_invalid", "variants[0].stock"],
        [simpleProductBody("Bad", unique("B"), {}, { price: 500, sale_price: 500 }), "parameter_invalid", "variants[0].sale_price"],
        [multiProductBody("Bad", [variantBody(unique("B")), variantBody(unique("B"), { price: 100, sale_price: 200 })]), "parameter_invalid", "variants[1].sale_price"],
        [multiProductBody("Bad", [variantBody("SAME-SKU-X"), variantBody("same-sku-x")]), "parameter_invalid", "variants[1].sku"],
        [multiProductBody("Bad", [variantBody(unique("B"), { is_default: true }), variantBody(unique("B"), { is_default: true })]), "parameter_invalid", "variants"],
        [multiProductBody("Bad", []), "parameter_invalid", "variants"],
        [{ variants: [variantBody(unique("B"))] }, "parameter_missing", "name"],
        [simpleProductBody("   ", unique("B")), "parameter_invalid", "name"],
        [{ name: "Bad" }, "parameter_missing", "variants"],
        [{ name: "Bad", variants: [{ price: 1, stock: 1 }] }, "parameter_missing", "variants[0].sku"],
        [simpleProductBody("Bad", unique("B"), { colour: "red" }), "parameter_unknown", "colour"],
        [simpleProductBody("Bad", unique("B"), {}, { size: "XL" }), "parameter_unknown", "variants[0].size"],
        [simpleProductBody("Bad", unique("B"), { slug: "Not A Slug" }), "parameter_invalid", "slug"],
        [simpleProductBody("Bad", unique("B"), { thumbnail_url: "ftp://x" }), "parameter_invalid", "thumbnail_url"],
        [simpleProductBody("Bad", unique("B"), { category_id: "nope" }), "parameter_invalid", "category_id"],
        [simpleProductBody("Bad", unique("B"), { category_id: category.id, subcategory_id: foreignSub.id }), "parameter_invalid", "subcategory_id"],
        [simpleProductBody("Bad", unique("B"), { category_id: foreignCategory.id }), "parameter_invalid", "category_id"],
        [simpleProductBody("Bad", unique("B"), { subcategory_id: "00000000-0000-7000-8000-000000000003" }), "parameter_invalid", "subcategory_id"],
      ];
      for (const [body, code, param] of cases) {
        assertError(await post("/v1/products", body), 400, code, param);
      }
      // Length rules in a client's words, not the schema library's.
      assert.equal((await post("/v1/products", simpleProductBody("   ", unique("B")))).body.error.message, "name must not be empty");
      assert.equal((await post("/v1/products", simpleProductBody("x".repeat(201), unique("B")))).body.error.message, "name must be at most 200 characters long");
      assert.equal((await productRows(t.store.store.id, "Bad")).length, 0);
      assertError(await post("/v1/categories", {}), 400, "parameter_missing", "name");
      assertError(await post("/v1/subcategories", { name: "Orphan" }), 400, "parameter_missing", "category_id");
      assertError(await post("/v1/subcategories", { name: "Orphan", category_id: foreignCategory.id }), 400, "parameter_invalid", "category_id");
      assertError(await post("/v1/product-collections", { name: "X", display_priority: 1.5 }), 400, "parameter_invalid", "display_priority");
      assertError(await post("/v1/products", "[1,2]"), 400, "parameter_invalid", "body");
    });
  });

  describe("updates, variants, events and deletes", function () {
    it("PATCHes product-level fields and keeps the slug unless one is given", async function () {
      const category = await createCategory("Lighting");
      const product = await createProduct(simpleProductBody("Desk Lamp", unique("DL")));
      const other = await createProduct(simpleProductBody("Floor Lamp", unique("FL")));
      const updated = ok(await patch(`/v1/products/${product.product_id}`, { name: "Desk Lamp Pro", category_id: category.id, featured: true, tags: ["new"], description: null }));
      decodeExact(ProductDetailRecord)(updated);
      assert.equal(updated.name, "Desk Lamp Pro");
      assert.equal(updated.product_slug, product.product_slug, "renaming keeps links working");
      assert.equal(updated.category_name, "Lighting");
      assert.equal(updated.featured, true);
      assert.deepEqual(updated.tags, ["new"]);
      assert.equal(updated.sku, product.sku, "variant data is untouched");
      assert.ok(updated.updated_at >= product.updated_at, "updated_at moves forward");
      assert.equal(updated.created_at, product.created_at);
      assert.deepEqual(ok(await get(`/v1/products/by-slug/${product.product_slug}`)), updated);

      const newSlug = unique("desk-lamp-pro").toLowerCase();
      assert.equal(ok(await patch(`/v1/products/${product.product_id}`, { slug: newSlug })).product_slug, newSlug);
      assertError(await get(`/v1/products/by-slug/${product.product_slug}`), 404, "resource_missing");
      assertError(await patch(`/v1/products/${product.product_id}`, { slug: other.product_slug }), 409, "duplicate_slug", "slug");
      assertError(await patch(`/v1/products/${product.product_id}`, { variants: [] }), 400, "parameter_unknown", "variants");
      assertError(await patch("/v1/products/00000000-0000-7000-8000-000000000004", { name: "Ghost" }), 404, "resource_missing");
    });

    it("PATCHes a variant: price, sale price and SKU rules", async function () {
      const product = await createProduct(multiProductBody("Mixer", [variantBody(unique("MX-1"), { price: 5_000 }), variantBody(unique("MX-2"), { price: 6_000 })]));
      const other = await createProduct(simpleProductBody("Blender", unique("BL")));
      const [first, second] = product.variants;
      const path = `/v1/products/${product.product_id}/variants/${first.variant_id}`;
      const updated = ok(await patch(path, { price: 4_000, sale_price: 3_500, variant_attributes: { colour: "red" } }));
      decodeExact(VariantRecord)(updated);
      assert.equal(updated.price, 4_000);
      assert.equal(updated.selling_price, 3_500);
      assert.deepEqual(updated.variant_attributes, { colour: "red" });
      const detail = ok(await get(`/v1/products/${product.product_id}`));
      assert.deepEqual(detail.variants[0], updated);
      assert.deepEqual(detail.price_range, { min: 3_500, max: 6_000 });

      assertError(await patch(path, { sale_price: 4_000 }), 400, "parameter_invalid", "sale_price");
      assertError(await patch(path, { price: 3_000 }), 400, "parameter_invalid", "sale_price");
      assertError(await patch(path, { sku: other.sku }), 409, "duplicate_sku", "sku");
      assertError(await patch(path, { is_default: false }), 409, "default_variant_required");
      assertError(await patch(`/v1/products/${other.product_id}/variants/${first.variant_id}`, { stock: 1 }), 404, "resource_missing");
      assert.equal(ok(await patch(path, { sku: first.sku })).sku, first.sku, "keeping its own SKU is fine");

      const madeDefault = ok(await patch(`/v1/products/${product.product_id}/variants/${second.variant_id}`, { is_default: true }));
      assert.equal(madeDefault.is_default, true);
      const after = ok(await get(`/v1/products/${product.product_id}`));
      assert.deepEqual(after.variants.map((v: any) => v.is_default), [false, true], "exactly one default");
    });

    it("records product.stock_low when a stock PATCH falls to or below the threshold", async function () {
      const product = await createProduct(simpleProductBody("Low Stock", unique("LS"), {}, { stock: 10, threshold: 5 }));
      const path = `/v1/products/${product.product_id}/variants/${product.variant_id}`;
      const lowEvents = async () => (await eventsOf("product.stock_low")).filter((e) => e.data.product_id === product.product_id);

      ok(await patch(path, { stock: 6 }));
      assert.equal((await lowEvents()).length, 0, "still above the threshold");
      assert.equal(ok(await patch(path, { stock: 5 })).stock, 5);
      const events = await lowEvents();
      assert.equal(events.length, 1);
      assert.deepEqual(events[0]!.data, { product_id: product.product_id, variant_id: product.variant_id, sku: product.sku, stock: 5, threshold: 5 });
      assert.equal(events[0]!.store_id, t.store.store.id);
      assert.equal(Boolean(events[0]!.livemode), false, "a test key records test-mode events");

      ok(await patch(path, { stock: 2 }));
      assert.equal((await lowEvents()).length, 1, "already low: no second event");
      ok(await patch(path, { stock: 20 }));
      ok(await patch(path, { stock: 0 }));
      assert.equal((await lowEvents()).length, 2, "a new fall after a restock records again");
      ok(await patch(path, { threshold: null, stock: 50 }));
      ok(await patch(path, { stock: 0 }));
      assert.equal((await lowEvents()).length, 2, "no threshold, no alert");
    });

    it("records exactly one product.created per product, in its own store", async function () {
      const product = await createProduct(simpleProductBody("Evented", unique("EV")));
      const mine = (await eventsOf("product.created")).filter((e) => e.data.product?.product_id === product.product_id);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.store_id, t.store.store.id);
      assert.deepEqual(mine[0]!.data.product, product);
      const theirs = (await eventsOf("product.created", t.otherStore.store.id)).filter((e) => e.data.product?.product_id === product.product_id);
      assert.equal(theirs.length, 0);
      // Reads and a rename record nothing more.
      ok(await get(`/v1/products/${product.product_id}`));
      ok(await patch(`/v1/products/${product.product_id}`, { name: "Evented again" }));
      const after = (await eventsOf("product.created")).filter((e) => e.data.product?.product_id === product.product_id);
      assert.equal(after.length, 1);
    });

    it("adds and removes variants; the last variant cannot go", async function () {
      const product = await createProduct(simpleProductBody("Growing", unique("GR-1"), {}, { price: 100 }));
      const added = created(await post(`/v1/products/${product.product_id}/variants`, variantBody(unique("GR-2"), { price: 300, is_default: true })));
      decodeExact(VariantRecord)(added);
      assert.equal(added.is_default, true);
      const multi = ok(await get(`/v1/products/${product.product_id}`));
      assert.equal(multi.has_variants, true);
      assert.equal(multi.variant_count, 2);
      assert.deepEqual(multi.variants.map((v: any) => [v.variant_id, v.is_default]), [[product.variant_id, false], [added.variant_id, true]]);
      const listed = ok(await get(`/v1/products?search=${encodeURIComponent(product.sku)}`)).products;
      assert.equal(listed.length, 1);
      assert.equal(listed[0].variant_id, added.variant_id, "the list shows the new default");

      assert.equal((await del(`/v1/products/${product.product_id}/variants/${added.variant_id}`)).status, 204);
      const simpleAgain = ok(await get(`/v1/products/${product.product_id}`));
      assert.equal(simpleAgain.has_variants, false);
      assert.equal(simpleAgain.variant_id, product.variant_id);
      assert.equal(simpleAgain.is_default, true, "the remaining variant becomes the default");
      assertError(await del(`/v1/products/${product.product_id}/variants/${product.variant_id}`), 409, "last_variant");
      assertError(await del(`/v1/products/${product.product_id}/variants/${added.variant_id}`), 404, "resource_missing");
      assertError(await post("/v1/products/00000000-0000-7000-8000-000000000005/variants", variantBody(unique("GH"))), 404, "resource_missing");
    });

    it("DELETE answers 204, then the product is gone everywhere", async function () {
      const product = await createProduct(simpleProductBody("Doomed", unique("DM")));
      const collection = await createCollection();
      ok(await put(`/v1/product-collections/${collection.id}/items`, { items: [{ product_id: product.product_id }] }));
      const response = await del(`/v1/products/${product.product_id}`);
      assert.equal(response.status, 204);
      assert.equal(response.text, "");
      assertError(await get(`/v1/products/${product.product_id}`), 404, "resource_missing");
      assertError(await get(`/v1/products/by-slug/${product.product_slug}`), 404, "resource_missing");
      assertError(await del(`/v1/products/${product.product_id}`), 404, "resource_missing");
      assert.deepEqual(ok(await get(`/v1/product-collections/${collection.id}/items`)).items, []);
      assert.equal((await t.application.database.knex("variants").where({ product_id: product.product_id })).length, 0);
      // Its SKU and slug are free again.
      await createProduct(simpleProductBody("Reborn", product.sku, { slug: product.product_slug }));
    });

    it("DELETE of a product a row points at answers 204 and deactivates it instead", async function () {
      // Stands in for order lines, which will point at products the same way.
      const knex = t.application.database.knex;
      const refs = "catalog_routes_refs";
      await knex.schema.createTable(refs, (table) => {
        table.string("id", 36).primary();
        table.string("product_id", 36).notNullable().references("id").inTable("products").onDelete("RESTRICT");
      });
      try {
        const product = await createProduct(simpleProductBody("Ordered", unique("OR")));
        await knex(refs).insert({ id: "ref-1", product_id: product.product_id });
        assert.equal((await del(`/v1/products/${product.product_id}`)).status, 204);
        assertError(await get(`/v1/products/${product.product_id}`, publishable), 404, "resource_missing");
        assertError(await get(`/v1/products/by-slug/${product.product_slug}`), 404, "resource_missing");
        assert.deepEqual(ok(await get(`/v1/products?search=${encodeURIComponent(product.sku)}`)).products, []);
        const kept = ok(await get(`/v1/products/${product.product_id}`, secret));
        assert.equal(kept.is_active, false);
        assert.equal(kept.variant_id, product.variant_id, "its variants stay for the orders that name them");
      } finally {
        await knex.schema.dropTableIfExists(refs);
      }
    });

    it("changes and deletes categories, subcategories and collections", async function () {
      const category = await createCategory();
      const sub = await createSubcategory(category.id);
      const product = await createProduct(simpleProductBody("Filed", unique("FI"), { subcategory_id: sub.id }));
      const renamed = ok(await patch(`/v1/categories/${category.id}`, { name: "Renamed Category", active: false }));
      decodeExact(Category)(renamed);
      assert.equal(renamed.name, "Renamed Category");
      assert.equal(renamed.active, false);
      assert.equal(ok(await get(`/v1/products/${product.product_id}`)).category_name, "Renamed Category", "names are read, not copied");
      assert.equal(ok(await patch(`/v1/subcategories/${sub.id}`, { name: "Renamed Sub" })).name, "Renamed Sub");
      assert.equal((await del(`/v1/categories/${category.id}`)).status, 204);
      assert.equal(ok(await get(`/v1/subcategories?category_id=${category.id}&active=true`)).subcategories.length, 0);
      const orphan = ok(await get(`/v1/products/${product.product_id}`));
      assert.equal(orphan.category_id, null, "products stay, without a category");
      assert.equal(orphan.subcategory_id, null);
      assertError(await del(`/v1/categories/${category.id}`), 404, "resource_missing");
      assertError(await patch(`/v1/subcategories/${sub.id}`, { name: "x" }), 404, "resource_missing");

      const collection = await createCollection({ type: unique("t") });
      const changed = ok(await patch(`/v1/product-collections/${collection.id}`, { display_priority: 9, show_on_homepage: true }));
      assert.equal(changed.display_priority, 9);
      assert.equal(changed.show_on_homepage, true);
      assert.equal((await del(`/v1/product-collections/${collection.id}`)).status, 204);
      assertError(await get(`/v1/product-collections/${collection.id}/items`), 404, "resource_missing");
    });
  });

  describe("inactive products", function () {
    it("are hidden from lists, slugs, collections and publishable keys, but a secret key reads them by id", async function () {
      const token = unique("hidden").toLowerCase();
      const inactive = await createProduct(simpleProductBody(`Hidden ${token}`, unique("HD"), { is_active: false }));
      const active = await createProduct(simpleProductBody(`Shown ${token}`, unique("SH")));
      assert.equal(inactive.is_active, false);
      const collection = await createCollection();
      ok(await put(`/v1/product-collections/${collection.id}/items`, { items: [{ product_id: inactive.product_id }, { product_id: active.product_id }] }));

      for (const key of [secret, publishable]) {
        const listed = ok(await get(`/v1/products?search=${token}`, key)).products.map((p: any) => p.product_id);
        assert.deepEqual(listed, [active.product_id]);
        assertError(await get(`/v1/products/by-slug/${inactive.product_slug}`, key), 404, "resource_missing");
      }
      assertError(await get(`/v1/products/${inactive.product_id}`, publishable), 404, "resource_missing");
      const bySecret = ok(await get(`/v1/products/${inactive.product_id}`, secret));
      assert.equal(bySecret.is_active, false);
      assert.deepEqual(bySecret, inactive);

      const publicItems = ok(await get(`/v1/product-collections/${collection.id}/items`, publishable)).items;
      assert.deepEqual(publicItems.map((i: any) => i.online_product_id), [active.product_id]);
      const secretItems = ok(await get(`/v1/product-collections/${collection.id}/items`, secret)).items;
      assert.deepEqual(secretItems.map((i: any) => [i.online_product_id, i.product.is_online_enabled]), [
        [inactive.product_id, false],
        [active.product_id, true],
      ]);

      // Deactivating by PATCH hides it the same way; reactivating shows it again.
      ok(await patch(`/v1/products/${active.product_id}`, { is_active: false }));
      assert.deepEqual(ok(await get(`/v1/products?search=${token}`, publishable)).products, []);
      assertError(await get(`/v1/products/${active.product_id}`, publishable), 404, "resource_missing");
      ok(await patch(`/v1/products/${active.product_id}`, { is_active: true }));
      assert.equal(ok(await get(`/v1/products/${active.product_id}`, publishable)).product_id, active.product_id);
    });

    it("hides inactive collections from publishable keys", async function () {
      const type = unique("hiddencol");
      const collection = await createCollection({ type, is_active: false });
      assert.deepEqual(ok(await get(`/v1/product-collections?type=${type}`)).collections, []);
      assertError(await get(`/v1/product-collections/${collection.id}/items`, publishable), 404, "resource_missing");
      assert.deepEqual(ok(await get(`/v1/product-collections/${collection.id}/items`, secret)).items, []);
    });
  });

  describe("tenancy", function () {
    let product: any;
    let category: any;
    let sub: any;
    let collection: any;
    let token: string;

    before(async function () {
      token = unique("tenant").toLowerCase();
      category = await createCategory(`Tenant ${token}`);
      sub = await createSubcategory(category.id, `Tenant sub ${token}`);
      product = await createProduct(simpleProductBody(`Tenant product ${token}`, `SKU-${token}`, { subcategory_id: sub.id }));
      collection = await createCollection({ type: token });
      ok(await put(`/v1/product-collections/${collection.id}/items`, { items: [{ product_id: product.product_id }] }));
    });

    it("answers 404 to another store's keys for this store's product, by id and by slug", async function () {
      for (const key of [otherSecret, otherPublishable]) {
        assertError(await get(`/v1/products/${product.product_id}`, key), 404, "resource_missing");
        assertError(await get(`/v1/products/by-slug/${product.product_slug}`, key), 404, "resource_missing");
        assertError(await get(`/v1/product-collections/${collection.id}/items`, key), 404, "resource_missing");
      }
    });

    it("never lists this store's records to another store", async function () {
      const seen = async (path: string, list: string) => (await walk(path, list, otherPublishable)).flat();
      const products = await seen("/v1/products?limit=200", "products");
      assert.ok(!products.some((p) => p.product_id === product.product_id), "this store's product is not in the other store's list");
      assert.deepEqual(await seen(`/v1/products?search=${token}`, "products"), []);
      assert.deepEqual(await seen(`/v1/products?category_id=${category.id}`, "products"), []);
      assert.deepEqual(await seen(`/v1/products?subcategory_id=${sub.id}`, "products"), []);
      assert.deepEqual(await seen(`/v1/products?collection_id=${collection.id}`, "products"), []);
      assert.deepEqual(await seen(`/v1/categories?search=${token}`, "categories"), []);
      assert.deepEqual(await seen(`/v1/subcategories?category_id=${category.id}`, "subcategories"), []);
      assert.deepEqual(await seen(`/v1/product-collections?type=${token}`, "collections"), []);
      // This store itself still sees them.
      assert.equal(ok(await get(`/v1/products?search=${token}`)).products.length, 1);
    });

    it("refuses another store's writes on this store's records and leaves them as they were", async function () {
      assertError(await patch(`/v1/products/${product.product_id}`, { name: "Hijacked" }, otherSecret), 404, "resource_missing");
      assertError(await del(`/v1/products/${product.product_id}`, otherSecret), 404, "resource_missing");
      assertError(await patch(`/v1/products/${product.product_id}/variants/${product.variant_id}`, { stock: 0 }, otherSecret), 404, "resource_missing");
      assertError(await post(`/v1/products/${product.product_id}/variants`, variantBody(unique("HJ")), otherSecret), 404, "resource_missing");
      assertError(await patch(`/v1/categories/${category.id}`, { name: "Hijacked" }, otherSecret), 404, "resource_missing");
      assertError(await del(`/v1/product-collections/${collection.id}`, otherSecret), 404, "resource_missing");
      assertError(await post("/v1/subcategories", { name: "Hijack", category_id: category.id }, otherSecret), 400, "parameter_invalid", "category_id");
      const theirs = await createCollection({}, otherSecret);
      assertError(
        await put(`/v1/product-collections/${theirs.id}/items`, { items: [{ product_id: product.product_id }] }, otherSecret),
        400,
        "parameter_invalid",
        "items[0].product_id",
      );
      assert.deepEqual(ok(await get(`/v1/products/${product.product_id}`)), product);
      // The same SKU may exist in another store.
      const twin = await createProduct(simpleProductBody("Twin", product.sku, { slug: product.product_slug }), otherSecret);
      assert.equal(twin.sku, product.sku);
      assert.equal(twin.product_slug, product.product_slug);
      assert.equal(ok(await get(`/v1/products/by-slug/${product.product_slug}`)).product_id, product.product_id);
      assert.equal(ok(await get(`/v1/products/by-slug/${product.product_slug}`, otherPublishable)).product_id, twin.product_id);
    });
  });
});
