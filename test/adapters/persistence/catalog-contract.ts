// The persistence contract every dialect must keep for the catalog: products with variants,
// categories, collections and their items; filters, keyset pages, search escaping, unique keys
// per store, removal while referenced, and tenancy. The SQLite and MySQL files run these cases.
import "reflect-metadata";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { ProductListFilter, ProductRecord, ProductWithVariants } from "../../../application/ports/product-repository.js";
import type { StoredCollection } from "../../../application/ports/collection-repository.js";
import type { Category, Subcategory } from "../../../domain/catalog/category.js";
import type { Variant } from "../../../domain/catalog/variant.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexCategoryRepository } from "../../../adapters/persistence/repositories/knex-category-repository.js";
import { KnexCollectionRepository } from "../../../adapters/persistence/repositories/knex-collection-repository.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexUnitOfWork } from "../../../adapters/persistence/repositories/knex-unit-of-work.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";

const ids = new UuidV7IdGenerator();
const NOW = "2030-06-15T12:00:00.000Z";

const conflict = (code: string) => (error: unknown) => {
  assert.ok(error instanceof ResourceConflict, `expected a ResourceConflict, got ${String(error)}`);
  assert.equal(error.code, code);
  return true;
};

const category = (overrides: Partial<Category> = {}): Category => ({
  id: ids.newId(),
  name: `Category ${randomUUID().slice(0, 6)}`,
  description: null,
  image: null,
  active: true,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

const subcategory = (categoryId: string, overrides: Partial<Subcategory> = {}): Subcategory => ({
  ...category(),
  categoryId,
  ...overrides,
});

const collection = (overrides: Partial<StoredCollection> = {}): StoredCollection => {
  const id = ids.newId();
  return {
    id,
    name: `Collection ${id.slice(-4)}`,
    slug: `collection-${id.slice(-12)}`,
    type: "manual",
    description: null,
    isActive: true,
    showOnHomepage: false,
    displayPriority: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
};

/** Walks every page of a keyset list; answers each page's items. */
const walkPages = async <T>(read: (page: PageRequest) => Promise<Page<T>>, limit: number): Promise<T[][]> => {
  const pages: T[][] = [];
  let cursor: string | undefined;
  for (;;) {
    assert.ok(pages.length < 1000, "the walk ends");
    const page = await read({ limit, cursor });
    assert.ok(page.items.length <= limit, "a page holds at most `limit` items");
    pages.push([...page.items]);
    if (!page.hasMore) {
      assert.equal(page.nextCursor, null);
      return pages;
    }
    assert.equal(page.items.length, limit, "a page that has more is full");
    assert.equal(typeof page.nextCursor, "string");
    cursor = page.nextCursor ?? undefined;
  }
};

const cmp = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

/** Declares the contract's `it`s; `openDb` gives a migrated database (the caller closes it). */
export function catalogContract(openDb: () => Promise<Database>): void {
  let db: Database;
  let products: KnexProductRepository;
  let categories: KnexCategoryRepository;
  let collections: KnexCollectionRepository;
  let uow: KnexUnitOfWork;

  before(async function () {
    db = await openDb();
    products = new KnexProductRepository(db);
    categories = new KnexCategoryRepository(db);
    collections = new KnexCollectionRepository(db);
    uow = new KnexUnitOfWork(db);
  });

  const newStore = async (): Promise<string> => {
    const id = ids.newId();
    await new KnexStoreRepository(db).create({ id, name: "Catalog contract", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: NOW });
    return id;
  };

  /** Inserts a product with `skus.length` variants (the first is the default); answers its record. */
  const addProduct = async (
    storeId: string,
    skus: readonly string[],
    overrides: Partial<ProductRecord> = {},
    variant: Partial<Variant> = {},
  ): Promise<{ record: ProductRecord; variants: Variant[] }> => {
    const record = productRecord(ids.newId(), overrides);
    const variants = skus.map((sku, position) =>
      variantRecord(ids.newId(), record.id, sku, { position, isDefault: position === 0, ...variant }),
    );
    await products.insert(storeId, record, variants);
    return { record, variants };
  };

  const listIds = async (storeId: string, filter: ProductListFilter): Promise<string[]> =>
    (await walkPages((page) => products.listPage(storeId, filter, page), 200)).flat().map((p) => p.product.id);

  describe("KnexProductRepository", function () {
    it("inserts a product with its variants and reads it back by id, slug and ids, exactly", async function () {
      const storeId = await newStore();
      const cat = category({ name: "Kitchen" });
      const sub = subcategory(cat.id, { name: "Kettles" });
      await categories.insertCategory(storeId, cat);
      await categories.insertSubcategory(storeId, sub);
      const record = productRecord(ids.newId(), {
        name: "Copper Kettle ✓",
        description: "Whistles — loudly",
        categoryId: cat.id,
        subcategoryId: sub.id,
        brand: "Acme",
        thumbnailUrl: "https://img.example/k.png",
        media: [
          { id: ids.newId(), url: "https://img.example/k.png", type: "image", position: 0, alt_text: "kettle", is_primary: true },
          { id: ids.newId(), url: "https://img.example/k.mp4", type: "video", position: 1, alt_text: null, is_primary: false },
        ],
        slug: "copper-kettle-12345678",
        seoTitle: "Kettle",
        seoDescription: "A kettle",
        seoKeywords: "kettle,copper",
        featured: true,
        featuredOrder: 3,
        tags: ["copper", "kitchen"],
        attributes: { material: "copper" },
        shippingInfo: { weight_grams: 1200, length_cm: 20 },
        taxClass: "reduced",
        createdAt: "2030-01-02T03:04:05.678Z",
        updatedAt: "2030-01-03T03:04:05.678Z",
      });
      // Inserted out of position order: reads put them back in order.
      const second = variantRecord(ids.newId(), record.id, "KTL-2", {
        position: 1,
        isDefault: false,
        price: 9_000_000_000_000,
        salePrice: 8_999_999_999_999,
        stock: 0,
        threshold: 3,
        lastRestocked: "2030-01-01",
        variantName: "Large",
        variantAttributes: { size: "L", "colour ✓": "rød" },
        taxClass: "zero",
      });
      const first = variantRecord(ids.newId(), record.id, "KTL-1", { position: 0, isDefault: true, price: 4_500, variantName: "Small" });
      await products.insert(storeId, record, [second, first]);

      const expected: ProductWithVariants = {
        product: { ...record, categoryName: "Kitchen", subcategoryName: "Kettles" },
        variants: [first, second],
      };
      assert.deepEqual(await products.findById(storeId, record.id, { activeOnly: true }), expected);
      assert.deepEqual(await products.findById(storeId, record.id, { activeOnly: false }), expected);
      assert.deepEqual(await products.findBySlug(storeId, record.slug), expected);
      const many = await products.findManyByIds(storeId, [record.id, ids.newId()]);
      assert.deepEqual([...many.keys()], [record.id]);
      assert.deepEqual(many.get(record.id), expected);
      assert.deepEqual(await products.findVariant(storeId, second.id), second);
      assert.deepEqual(
        [...(await products.findVariantsBySku(storeId, ["KTL-2", "KTL-1", "NOPE"]))].sort((a, b) => a.position - b.position),
        [first, second],
      );
      assert.equal(typeof (await products.findVariant(storeId, second.id))?.price, "number", "big prices come back as numbers");
      assert.equal(await products.findBySlug(storeId, "copper-kettle"), undefined, "slugs match whole");
      // The classes settings must rate (docs/taxes.md, "Refused settings"): the product's and its variants', once each.
      assert.deepEqual([...(await products.taxClassesInUse(storeId))].sort(), ["reduced", "zero"]);
    });

    it("hides an inactive product except by id with activeOnly false", async function () {
      const storeId = await newStore();
      const { record } = await addProduct(storeId, ["INACT-1"], { isActive: false });
      assert.equal(await products.findById(storeId, record.id, { activeOnly: true }), undefined);
      assert.equal((await products.findById(storeId, record.id, { activeOnly: false }))?.product.isActive, false);
      assert.equal(await products.findBySlug(storeId, record.slug), undefined);
      assert.deepEqual(await listIds(storeId, {}), []);
      assert.equal((await products.findManyByIds(storeId, [record.id])).get(record.id)?.product.isActive, false, "collections decide themselves");
    });

    it("updates product fields and variants, and keeps exactly one default", async function () {
      const storeId = await newStore();
      const { record, variants } = await addProduct(storeId, ["UP-1", "UP-2", "UP-3"]);
      const changed: ProductRecord = { ...record, name: "Renamed", tags: null, featured: true, featuredOrder: 9, isActive: false, updatedAt: "2031-01-01T00:00:00.000Z" };
      await products.update(storeId, changed);
      const found = await products.findById(storeId, record.id, { activeOnly: false });
      assert.deepEqual(found?.product, { ...changed, categoryName: null, subcategoryName: null });

      const v = variants[1]!;
      const updated: Variant = { ...v, sku: "UP-2B", price: 77, salePrice: 70, stock: 4, threshold: 1, lastRestocked: "2030-02-02", variantName: "B", variantAttributes: { a: "b" } };
      await products.updateVariant(storeId, updated);
      assert.deepEqual(await products.findVariant(storeId, v.id), updated);

      await products.setDefaultVariant(storeId, record.id, variants[2]!.id);
      const after = await products.findById(storeId, record.id, { activeOnly: false });
      assert.deepEqual(after?.variants.map((x) => x.isDefault), [false, false, true]);

      const extra = variantRecord(ids.newId(), record.id, "UP-4", { position: 3, isDefault: false });
      await products.insertVariant(storeId, extra);
      await products.removeVariant(storeId, variants[0]!.id);
      const final = await products.findById(storeId, record.id, { activeOnly: false });
      assert.deepEqual(final?.variants.map((x) => x.sku), ["UP-2B", "UP-3", "UP-4"]);
      assert.equal(await products.findVariant(storeId, variants[0]!.id), undefined);
    });

    it("filters the list by category, subcategory, collection and featured, and lists active products only", async function () {
      const storeId = await newStore();
      const cat = category();
      const otherCat = category();
      const sub = subcategory(cat.id);
      await categories.insertCategory(storeId, cat);
      await categories.insertCategory(storeId, otherCat);
      await categories.insertSubcategory(storeId, sub);
      const inSub = await addProduct(storeId, ["F-1"], { categoryId: cat.id, subcategoryId: sub.id, featured: true, featuredOrder: 2 });
      const inCat = await addProduct(storeId, ["F-2"], { categoryId: cat.id, featured: true, featuredOrder: 1 });
      const inOther = await addProduct(storeId, ["F-3"], { categoryId: otherCat.id });
      const inactive = await addProduct(storeId, ["F-4"], { categoryId: cat.id, isActive: false, featured: true });
      const col = collection();
      await collections.insert(storeId, col);
      await collections.replaceItems(storeId, col.id, [
        { collectionId: col.id, productId: inOther.record.id, sortOrder: 0 },
        { collectionId: col.id, productId: inSub.record.id, sortOrder: 1 },
        { collectionId: col.id, productId: inactive.record.id, sortOrder: 2 },
      ]);
      const sorted = (xs: string[]) => [...xs].sort();
      assert.deepEqual(sorted(await listIds(storeId, { categoryId: cat.id })), sorted([inSub.record.id, inCat.record.id]));
      assert.deepEqual(await listIds(storeId, { subcategoryId: sub.id }), [inSub.record.id]);
      assert.deepEqual(sorted(await listIds(storeId, { collectionId: col.id })), sorted([inOther.record.id, inSub.record.id]));
      assert.deepEqual(await listIds(storeId, { featured: true }), [inCat.record.id, inSub.record.id], "by featured_order");
      assert.deepEqual(await listIds(storeId, { featured: false }), [inOther.record.id]);
      assert.deepEqual(await listIds(storeId, { categoryId: cat.id, featured: true, subcategoryId: sub.id }), [inSub.record.id]);
      assert.deepEqual(await listIds(storeId, { collectionId: ids.newId() }), []);
    });

    it("searches names and SKUs case-insensitively, with %, _, ! and \\ taken literally", async function () {
      const storeId = await newStore();
      let serial = 0;
      // Digits only: a random hex SKU could itself contain "abc" and match the search below.
      const named = async (name: string, sku = `S-${Date.now()}-${++serial}`) => (await addProduct(storeId, [sku], { name })).record.id;
      const percent = await named("100% Wool");
      await named("100 Wool");
      const underscore = await named("snake_case");
      await named("snakeXcase");
      const bang = await named("Wow! Deal");
      await named("Wow Deal");
      const backslash = await named("back\\slash");
      await named("backslash");
      const bySku = await named("Plain", "SKU-AbC-9");
      const bySecondSku = (await addProduct(storeId, ["ZZ-1", "QQ-ABC-7"], { name: "Two variants" })).record.id;
      const search = (term: string) => listIds(storeId, { search: term });
      assert.deepEqual(await search("0% w"), [percent]);
      assert.deepEqual(await search("E_C"), [underscore]);
      assert.deepEqual(await search("w! d"), [bang]);
      assert.deepEqual(await search("k\\s"), [backslash]);
      assert.deepEqual(await search("abc-9"), [bySku]);
      assert.deepEqual(await search("qq-abc"), [bySecondSku], "any variant's SKU");
      assert.deepEqual([...(await search("ABC"))].sort(), [bySku, bySecondSku].sort());
      assert.deepEqual(await search("%"), [percent]);
      assert.deepEqual(await search("_"), [underscore]);
      assert.deepEqual(await search("nothing like it"), []);
      assert.equal((await search("")).length, 10, "an empty term filters nothing");
    });

    it("pages the list so that each product comes once, in order, for any page size (property)", async function () {
      const entries = fc.array(
        fc.record({ at: fc.integer({ min: 0, max: 3 }), featured: fc.boolean(), order: fc.integer({ min: 0, max: 2 }) }),
        { maxLength: 18 },
      );
      await fc.assert(
        fc.asyncProperty(entries, fc.integer({ min: 1, max: 20 }), async (rows, limit) => {
          const storeId = await newStore();
          const stored = rows.map((row, i) => ({
            id: randomUUID(),
            createdAt: `2030-01-0${row.at + 1}T00:00:00.000Z`,
            featured: row.featured,
            featuredOrder: row.order,
            sku: `P-${i}`,
          }));
          await uow.run(async () => {
            for (const s of stored) {
              const record = productRecord(s.id, { createdAt: s.createdAt, featured: s.featured, featuredOrder: s.featuredOrder, slug: `p-${s.id}` });
              await products.insert(storeId, record, [variantRecord(randomUUID(), s.id, s.sku)]);
            }
          });
          const newest = (await walkPages((page) => products.listPage(storeId, {}, page), limit)).flat().map((p) => p.product.id);
          const expectedNewest = [...stored].sort((a, b) => cmp(b.createdAt, a.createdAt) || cmp(b.id, a.id)).map((s) => s.id);
          assert.deepEqual(newest, expectedNewest);
          const featured = (await walkPages((page) => products.listPage(storeId, { featured: true }, page), limit)).flat().map((p) => p.product.id);
          const expectedFeatured = stored
            .filter((s) => s.featured)
            .sort((a, b) => cmp(a.featuredOrder, b.featuredOrder) || cmp(a.id, b.id))
            .map((s) => s.id);
          assert.deepEqual(featured, expectedFeatured);
        }),
        { numRuns: 20 },
      );
    });

    it("keeps SKUs and slugs unique per store, but lets another store reuse them", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const { record, variants } = await addProduct(storeId, ["UNIQ-1"], { slug: "unique-slug" });
      const before = await products.findById(storeId, record.id, { activeOnly: false });

      // A clash in the second variant rolls the whole insert back inside a unit of work.
      const clashing = productRecord(ids.newId(), { slug: "fresh-slug" });
      await assert.rejects(
        uow.run(() =>
          products.insert(storeId, clashing, [variantRecord(ids.newId(), clashing.id, "FREE-1"), variantRecord(ids.newId(), clashing.id, "UNIQ-1", { position: 1, isDefault: false })]),
        ),
        conflict("duplicate_sku"),
      );
      assert.equal(await products.findById(storeId, clashing.id, { activeOnly: false }), undefined);
      assert.deepEqual(await products.findVariantsBySku(storeId, ["FREE-1"]), []);

      const sameSlug = productRecord(ids.newId(), { slug: "unique-slug" });
      await assert.rejects(
        uow.run(() => products.insert(storeId, sameSlug, [variantRecord(ids.newId(), sameSlug.id, "OTHER-1")])),
        conflict("duplicate_slug"),
      );
      assert.equal(await products.slugTaken(storeId, "unique-slug"), true);
      assert.equal(await products.slugTaken(storeId, "unique-slug", record.id), false, "its own slug does not count");
      assert.equal(await products.slugTaken(otherStoreId, "unique-slug"), false);

      const second = await addProduct(storeId, ["UNIQ-2"]);
      await assert.rejects(products.updateVariant(storeId, { ...second.variants[0]!, sku: "UNIQ-1" }), conflict("duplicate_sku"));
      await assert.rejects(products.update(storeId, { ...second.record, slug: "unique-slug" }), conflict("duplicate_slug"));
      await assert.rejects(
        products.insertVariant(storeId, variantRecord(ids.newId(), second.record.id, "UNIQ-1", { position: 1, isDefault: false })),
        conflict("duplicate_sku"),
      );

      const twin = await addProduct(otherStoreId, ["UNIQ-1"], { slug: "unique-slug" });
      assert.equal((await products.findBySlug(otherStoreId, "unique-slug"))?.product.id, twin.record.id);
      assert.deepEqual(await products.findById(storeId, record.id, { activeOnly: false }), before, "the first store's product is untouched");
      assert.deepEqual(await products.findVariantsBySku(storeId, ["UNIQ-1"]), variants);
      assert.deepEqual(await products.findVariantsBySku(otherStoreId, ["UNIQ-1"]), twin.variants);
    });

    describe("remove", function () {
      const refs = "catalog_contract_refs";

      afterEach(async function () {
        await db.knex.schema.dropTableIfExists(refs);
      });

      /** A table whose rows point at products, as order lines will: deleting a pointed-at product is refused. */
      const createRefs = async (action: "RESTRICT" | "NO ACTION"): Promise<void> => {
        await db.knex.schema.dropTableIfExists(refs);
        await db.knex.schema.createTable(refs, (t) => {
          t.string("id", 36).primary();
          t.string("product_id", 36).notNullable().references("id").inTable("products").onDelete(action);
        });
      };

      it("erases a product nothing points at, with its variants and collection items", async function () {
        await createRefs("RESTRICT");
        const storeId = await newStore();
        const { record, variants } = await addProduct(storeId, ["RM-1", "RM-2"]);
        const col = collection();
        await collections.insert(storeId, col);
        await collections.replaceItems(storeId, col.id, [{ collectionId: col.id, productId: record.id, sortOrder: 0 }]);
        assert.equal(await products.remove(storeId, record.id, NOW), "deleted");
        assert.equal(await products.findById(storeId, record.id, { activeOnly: false }), undefined);
        assert.equal(await products.findVariant(storeId, variants[0]!.id), undefined);
        assert.deepEqual(await collections.items(storeId, col.id), []);
        assert.equal(await products.slugTaken(storeId, record.slug), false);
      });

      for (const action of ["RESTRICT", "NO ACTION"] as const) {
        it(`deactivates a product a row points at (ON DELETE ${action}), outside and inside a unit of work`, async function () {
          await createRefs(action);
          const storeId = await newStore();
          for (const inUnit of [false, true]) {
            const { record, variants } = await addProduct(storeId, [`REF-${inUnit}`]);
            await db.knex(refs).insert({ id: ids.newId(), product_id: record.id });
            const removed = inUnit
              ? await uow.run(async () => {
                  const result = await products.remove(storeId, record.id, "2031-02-03T04:05:06.789Z");
                  // The refused delete must leave the transaction usable.
                  assert.equal((await products.findById(storeId, record.id, { activeOnly: false }))?.product.isActive, false);
                  return result;
                })
              : await products.remove(storeId, record.id, "2031-02-03T04:05:06.789Z");
            assert.equal(removed, "deactivated");
            const found = await products.findById(storeId, record.id, { activeOnly: false });
            assert.equal(found?.product.isActive, false);
            assert.equal(found?.product.updatedAt, "2031-02-03T04:05:06.789Z");
            assert.deepEqual(found?.variants, variants, "variants stay");
            assert.equal(await products.findById(storeId, record.id, { activeOnly: true }), undefined);
          }
        });
      }
    });

    it("shows another store nothing and lets it change nothing", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const cat = category();
      await categories.insertCategory(storeId, cat);
      const { record, variants } = await addProduct(storeId, ["TEN-1", "TEN-2"], { name: "Tenant thing", categoryId: cat.id, featured: true });
      const col = collection();
      await collections.insert(storeId, col);
      await collections.replaceItems(storeId, col.id, [{ collectionId: col.id, productId: record.id, sortOrder: 0 }]);
      const before = await products.findById(storeId, record.id, { activeOnly: false });
      assert.ok(before !== undefined, "the product exists");

      assert.equal(await products.findById(otherStoreId, record.id, { activeOnly: false }), undefined);
      assert.equal(await products.findBySlug(otherStoreId, record.slug), undefined);
      assert.equal((await products.findManyByIds(otherStoreId, [record.id])).size, 0);
      assert.equal(await products.findVariant(otherStoreId, variants[0]!.id), undefined);
      assert.deepEqual(await products.findVariantsBySku(otherStoreId, ["TEN-1"]), []);
      for (const filter of [{}, { search: "tenant" }, { categoryId: cat.id }, { collectionId: col.id }, { featured: true }]) {
        assert.deepEqual(await listIds(otherStoreId, filter), [], JSON.stringify(filter));
      }

      await products.update(otherStoreId, { ...record, name: "Hijacked" });
      await products.updateVariant(otherStoreId, { ...variants[0]!, stock: 999 });
      await products.setDefaultVariant(otherStoreId, record.id, variants[1]!.id);
      await products.removeVariant(otherStoreId, variants[1]!.id);
      await products.remove(otherStoreId, record.id, NOW);
      assert.deepEqual(await products.findById(storeId, record.id, { activeOnly: false }), before);
    });
  });

  describe("KnexCategoryRepository", function () {
    it("lists active or inactive categories by name, searches names literally, and pages each once", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const names = ["delta", "alpha", "charlie 50%", "bravo", "echo_x", "foxtrot"];
      const made: Category[] = [];
      for (const name of names) {
        const c = category({ name });
        made.push(c);
        await categories.insertCategory(storeId, c);
      }
      const hidden = category({ name: "alpha hidden", active: false });
      await categories.insertCategory(storeId, hidden);
      await categories.insertCategory(otherStoreId, category({ name: "alpha elsewhere" }));

      for (const limit of [1, 2, 3, 7]) {
        const pages = await walkPages((page) => categories.listCategories(storeId, { active: true }, page), limit);
        assert.deepEqual(pages.flat().map((c) => c.name), [...names].sort(), `page size ${limit}`);
      }
      assert.deepEqual((await categories.listCategories(storeId, { active: false }, { limit: 50 })).items, [hidden]);
      const search = async (term: string) => (await categories.listCategories(storeId, { active: true, search: term }, { limit: 50 })).items.map((c) => c.name);
      assert.deepEqual(await search("ALPH"), ["alpha"]);
      assert.deepEqual(await search("0%"), ["charlie 50%"]);
      assert.deepEqual(await search("o_"), ["echo_x"]);
      assert.deepEqual(await categories.findCategory(storeId, made[0]!.id), made[0]);
      assert.equal(await categories.findCategory(otherStoreId, made[0]!.id), undefined);
      assert.deepEqual(await categories.findCategoryByName(storeId, "DELTA"), made[0]);
      assert.equal(await categories.findCategoryByName(otherStoreId, "delta"), undefined);
      assert.deepEqual((await categories.listCategories(otherStoreId, { active: true, search: "alpha" }, { limit: 50 })).items.map((c) => c.name), ["alpha elsewhere"]);
    });

    it("lists subcategories of a category; removing a category removes its subcategories and unfiles products", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const one = category();
      const two = category();
      await categories.insertCategory(storeId, one);
      await categories.insertCategory(storeId, two);
      const a = subcategory(one.id, { name: "a" });
      const b = subcategory(one.id, { name: "b", active: false });
      const c = subcategory(two.id, { name: "c" });
      for (const s of [a, b, c]) await categories.insertSubcategory(storeId, s);
      const list = async (storeOf: string, filter: { active: boolean; categoryId?: string }) =>
        (await categories.listSubcategories(storeOf, filter, { limit: 50 })).items;
      assert.deepEqual(await list(storeId, { active: true, categoryId: one.id }), [a]);
      assert.deepEqual(await list(storeId, { active: false, categoryId: one.id }), [b]);
      assert.deepEqual(await list(storeId, { active: true }), [a, c]);
      assert.deepEqual(await list(otherStoreId, { active: true, categoryId: one.id }), []);
      assert.deepEqual(await categories.findSubcategory(storeId, a.id), a);
      assert.deepEqual(await categories.findSubcategoryByName(storeId, one.id, "A"), a);
      assert.equal(await categories.findSubcategory(otherStoreId, a.id), undefined);

      const updated: Subcategory = { ...a, name: "a2", categoryId: two.id, updatedAt: "2031-01-01T00:00:00.000Z" };
      await categories.updateSubcategory(storeId, updated);
      assert.deepEqual(await categories.findSubcategory(storeId, a.id), updated);
      await categories.updateCategory(otherStoreId, { ...one, name: "Hijacked" });
      assert.deepEqual(await categories.findCategory(storeId, one.id), one, "another store changes nothing");

      const { record } = await addProduct(storeId, ["FILED-1"], { categoryId: one.id, subcategoryId: b.id });
      await categories.removeCategory(otherStoreId, one.id);
      assert.deepEqual(await categories.findCategory(storeId, one.id), one);
      await categories.removeCategory(storeId, one.id);
      assert.equal(await categories.findCategory(storeId, one.id), undefined);
      assert.equal(await categories.findSubcategory(storeId, b.id), undefined, "its subcategories go with it");
      const product = await products.findById(storeId, record.id, { activeOnly: false });
      assert.equal(product?.product.categoryId, null);
      assert.equal(product?.product.subcategoryId, null);
    });
  });

  describe("KnexCollectionRepository", function () {
    it("lists active collections by display priority, filters type and homepage, and pages each once", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const made = [
        collection({ displayPriority: 5, type: "seasonal" }),
        collection({ displayPriority: 50, showOnHomepage: true }),
        collection({ displayPriority: 5, type: "seasonal", showOnHomepage: true }),
        collection({ displayPriority: -3 }),
        collection({ displayPriority: 0 }),
      ];
      for (const c of made) await collections.insert(storeId, c);
      await collections.insert(storeId, collection({ displayPriority: 99, isActive: false }));
      await collections.insert(otherStoreId, collection({ displayPriority: 1000 }));
      const expected = [...made].sort((a, b) => cmp(b.displayPriority, a.displayPriority) || cmp(b.id, a.id));
      for (const limit of [1, 2, 5]) {
        assert.deepEqual((await walkPages((page) => collections.listPage(storeId, {}, page), limit)).flat(), expected, `page size ${limit}`);
      }
      const list = async (filter: { type?: string; showOnHomepage?: boolean }) => (await collections.listPage(storeId, filter, { limit: 50 })).items.map((c) => c.id);
      assert.deepEqual(await list({ type: "seasonal" }), expected.filter((c) => c.type === "seasonal").map((c) => c.id));
      assert.deepEqual(await list({ showOnHomepage: true }), [made[1]!.id, made[2]!.id]);
      assert.deepEqual(await list({ showOnHomepage: false, type: "manual" }), [made[4]!.id, made[3]!.id]);
      assert.deepEqual(await collections.find(storeId, made[0]!.id), made[0]);
      assert.equal(await collections.find(otherStoreId, made[0]!.id), undefined);
    });

    it("keeps slugs unique per store", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const first = collection({ slug: "summer" });
      await collections.insert(storeId, first);
      await assert.rejects(collections.insert(storeId, collection({ slug: "summer" })), conflict("duplicate_slug"));
      const second = collection({ slug: "winter" });
      await collections.insert(storeId, second);
      await assert.rejects(collections.update(storeId, { ...second, slug: "summer" }), conflict("duplicate_slug"));
      assert.equal(await collections.slugTaken(storeId, "summer"), true);
      assert.equal(await collections.slugTaken(storeId, "summer", first.id), false);
      assert.equal(await collections.slugTaken(otherStoreId, "summer"), false);
      await collections.insert(otherStoreId, collection({ slug: "summer" }));
      const changed = { ...second, name: "Winter!", displayPriority: 4, updatedAt: "2031-01-01T00:00:00.000Z" };
      await collections.update(storeId, changed);
      assert.deepEqual(await collections.find(storeId, second.id), changed);
      await collections.remove(otherStoreId, second.id);
      assert.deepEqual(await collections.find(storeId, second.id), changed, "another store removes nothing");
      await collections.remove(storeId, second.id);
      assert.equal(await collections.find(storeId, second.id), undefined);
    });

    it("replaces items and reads them in sort order, for its own store only", async function () {
      const storeId = await newStore();
      const otherStoreId = await newStore();
      const made = [];
      for (let i = 0; i < 4; i++) made.push((await addProduct(storeId, [`ITEM-${i}`])).record.id);
      const [p0, p1, p2, p3] = made as [string, string, string, string];
      const col = collection();
      await collections.insert(storeId, col);
      const item = (productId: string, sortOrder: number) => ({ collectionId: col.id, productId, sortOrder });
      await collections.replaceItems(storeId, col.id, [item(p2, 2), item(p0, 0), item(p3, 1), item(p1, 1)]);
      const ties = [p3, p1].sort();
      assert.deepEqual(await collections.items(storeId, col.id), [item(p0, 0), item(ties[0]!, 1), item(ties[1]!, 1), item(p2, 2)]);
      assert.deepEqual(await collections.items(otherStoreId, col.id), []);

      await collections.replaceItems(storeId, col.id, [item(p1, 0)]);
      assert.deepEqual(await collections.items(storeId, col.id), [item(p1, 0)], "a replace drops what it does not name");
      await collections.replaceItems(otherStoreId, col.id, []);
      assert.deepEqual(await collections.items(storeId, col.id), [item(p1, 0)], "another store's replace touches nothing");
      await collections.replaceItems(storeId, col.id, []);
      assert.deepEqual(await collections.items(storeId, col.id), []);

      await collections.replaceItems(storeId, col.id, [item(p0, 0)]);
      await collections.remove(storeId, col.id);
      assert.deepEqual(await collections.items(storeId, col.id), [], "items go with their collection");
      assert.ok((await products.findById(storeId, p0, { activeOnly: false })) !== undefined, "products stay");
    });
  });
}
