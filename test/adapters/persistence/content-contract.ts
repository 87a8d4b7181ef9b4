// The persistence contract every dialect must keep for content: posts with their links, the
// sharded view counter under concurrency, public reads by state and time, keyset pages, unique
// slugs per store, cascades, and lookbooks with images and hotspots. SQLite and MySQL run it.
import "reflect-metadata";
import assert from "node:assert/strict";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { Lookbook, LookbookImage } from "../../../domain/content/lookbook.js";
import type { Post } from "../../../domain/content/post.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexCategoryRepository } from "../../../adapters/persistence/repositories/knex-category-repository.js";
import { KnexLookbookRepository } from "../../../adapters/persistence/repositories/knex-lookbook-repository.js";
import { KnexPostRepository } from "../../../adapters/persistence/repositories/knex-post-repository.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";

const ids = new UuidV7IdGenerator();
const NOW = "2030-06-15T12:00:00.000Z";
const EARLIER = "2030-06-01T00:00:00.000Z";
const LATER = "2030-07-01T00:00:00.000Z";

const post = (overrides: Partial<Post> = {}): Post => {
  const id = ids.newId();
  return {
    id,
    title: "A post ✓",
    slug: `post-${id.slice(-12)}`,
    excerpt: "Short — sweet",
    content: "<p>Body</p>".repeat(10_000),
    featuredImage: "https://img.example/p.jpg",
    categoryId: null,
    authorName: "Achieng",
    authorAvatar: null,
    status: "published",
    publishedAt: EARLIER,
    seoTitle: null,
    seoDescription: null,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    ...overrides,
  };
};

const lookbook = (overrides: Partial<Lookbook> = {}): Lookbook => {
  const id = ids.newId();
  return {
    id,
    title: "A lookbook",
    slug: `look-${id.slice(-12)}`,
    description: null,
    featuredImage: null,
    collectionId: null,
    publishedAt: EARLIER,
    createdAt: EARLIER,
    updatedAt: EARLIER,
    ...overrides,
  };
};

const walkPages = async <T>(read: (page: PageRequest) => Promise<Page<T>>, limit: number): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let n = 0; ; n++) {
    assert.ok(n < 1000);
    const page = await read({ limit, cursor });
    assert.ok(page.items.length <= limit);
    items.push(...page.items);
    if (!page.hasMore) return items;
    cursor = page.nextCursor ?? undefined;
  }
};

const conflict = (error: unknown): boolean => {
  assert.ok(error instanceof ResourceConflict, `expected a ResourceConflict, got ${String(error)}`);
  assert.equal(error.code, "duplicate_slug");
  return true;
};

/** Declares the contract's `it`s; `openDb` gives a migrated database (the caller closes it). */
export function contentContract(openDb: () => Promise<Database>): void {
  let db: Database;
  let posts: KnexPostRepository;
  let lookbooks: KnexLookbookRepository;
  let products: KnexProductRepository;

  before(async function () {
    db = await openDb();
    posts = new KnexPostRepository(db);
    lookbooks = new KnexLookbookRepository(db);
    products = new KnexProductRepository(db);
  });

  const newStore = async (): Promise<string> => {
    const id = ids.newId();
    await new KnexStoreRepository(db).create({ id, name: "Content contract", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: NOW });
    return id;
  };

  const addProduct = async (storeId: string, isActive = true): Promise<string> => {
    const record = productRecord(ids.newId(), { isActive, name: `Product ${ids.newId().slice(-6)}` });
    await products.insert(storeId, record, [variantRecord(ids.newId(), record.id, `SKU-${record.id.slice(-12)}`, { isDefault: true })]);
    return record.id;
  };

  describe("KnexPostRepository", function () {
    it("stores a post with its links and reads it back exactly, with category, views and active product count", async function () {
      const storeId = await newStore();
      const categoryId = ids.newId();
      await new KnexCategoryRepository(db).insertCategory(storeId, {
        id: categoryId, name: "Jikoni", description: null, image: "https://img.example/c.svg", active: true, createdAt: NOW, updatedAt: NOW,
      });
      const [a, b, inactive] = [await addProduct(storeId), await addProduct(storeId), await addProduct(storeId, false)];
      const look = lookbook();
      await lookbooks.insert(storeId, look, []);
      const written = post({ categoryId });
      await posts.insert(storeId, written, { productIds: [b!, inactive!, a!], lookbookIds: [look.id] });
      const expected = { ...written, categoryName: "Jikoni", categoryImage: "https://img.example/c.svg", viewCount: 0, productCount: 2 };
      assert.deepEqual(await posts.find(storeId, written.id), expected);
      assert.deepEqual(await posts.findPublicBySlug(storeId, written.slug, NOW), expected);
      assert.deepEqual(await posts.links(storeId, written.id), { productIds: [b, inactive, a], lookbookIds: [look.id] });
      const other = await newStore();
      assert.equal(await posts.find(other, written.id), undefined, "another store's post is unknown");
      assert.equal(await posts.findPublicBySlug(other, written.slug, NOW), undefined);
      assert.deepEqual(await posts.links(other, written.id), { productIds: [], lookbookIds: [] });
    });

    it("shows only published posts whose time has come", async function () {
      const storeId = await newStore();
      const shown = post();
      const hidden = [post({ status: "draft" }), post({ status: "archived" }), post({ publishedAt: LATER }), post({ status: "draft", publishedAt: null })];
      for (const p of [shown, ...hidden]) await posts.insert(storeId, p, { productIds: [], lookbookIds: [] });
      for (const p of hidden) assert.equal(await posts.findPublicBySlug(storeId, p.slug, NOW), undefined, p.slug);
      assert.deepEqual((await walkPages((page) => posts.listPublic(storeId, NOW, {}, page), 10)).map((p) => p.id), [shown.id]);
      assert.equal((await posts.find(storeId, hidden[0]!.id))?.status, "draft", "writes still find any post");
    });

    it("pages the public list newest first without gaps or repeats, ties broken by id, and filters", async function () {
      const storeId = await newStore();
      const productId = await addProduct(storeId);
      const made: Post[] = [];
      for (let i = 0; i < 23; i++) {
        // Several posts share a publication time: the id decides.
        const p = post({ publishedAt: `2030-06-0${(i % 5) + 1}T00:00:00.000Z` });
        made.push(p);
        await posts.insert(storeId, p, { productIds: i % 3 === 0 ? [productId] : [], lookbookIds: [] });
      }
      const expected = [...made].sort((x, y) => (y.publishedAt! < x.publishedAt! ? -1 : y.publishedAt! > x.publishedAt! ? 1 : y.id < x.id ? -1 : 1));
      for (const limit of [1, 4, 23, 50]) {
        assert.deepEqual((await walkPages((page) => posts.listPublic(storeId, NOW, {}, page), limit)).map((p) => p.id), expected.map((p) => p.id));
      }
      const linked = await walkPages((page) => posts.listPublic(storeId, NOW, { productId }, page), 3);
      assert.deepEqual(linked.map((p) => p.id), expected.filter((p) => made.indexOf(p) % 3 === 0).map((p) => p.id));
      assert.ok(linked.every((p) => p.productCount === 1));
      assert.deepEqual((await posts.listPublic(storeId, NOW, { categoryId: ids.newId() }, { limit: 5 })).items, []);
    });

    it("counts 200 concurrent views exactly, also for a post stored without its shard rows", async function () {
      const storeId = await newStore();
      const p = post();
      await posts.insert(storeId, p, { productIds: [], lookbookIds: [] });
      await Promise.all(Array.from({ length: 200 }, () => posts.recordView(storeId, p.id)));
      assert.equal((await posts.find(storeId, p.id))?.viewCount, 200);
      const listed = (await posts.listPublic(storeId, NOW, {}, { limit: 5 })).items[0];
      assert.equal(listed?.viewCount, 200);
      assert.equal(typeof listed?.viewCount, "number");

      const bare = post();
      await posts.insert(storeId, bare, { productIds: [], lookbookIds: [] });
      await db.knex("post_view_counts").where("post_id", bare.id).delete();
      await Promise.all(Array.from({ length: 100 }, () => posts.recordView(storeId, bare.id)));
      assert.equal((await posts.find(storeId, bare.id))?.viewCount, 100);
      await posts.recordView(storeId, ids.newId()); // an unknown post: nothing to count, no error
    });

    it("keeps slugs unique per store, replaces only the links given, and cascades deletes", async function () {
      const storeId = await newStore();
      const other = await newStore();
      const p = post();
      await posts.insert(storeId, p, { productIds: [], lookbookIds: [] });
      await assert.rejects(posts.insert(storeId, post({ slug: p.slug }), { productIds: [], lookbookIds: [] }), conflict);
      await posts.insert(other, post({ slug: p.slug }), { productIds: [], lookbookIds: [] });
      const q = post();
      await posts.insert(storeId, q, { productIds: [], lookbookIds: [] });
      await assert.rejects(posts.update(storeId, { ...q, slug: p.slug }, {}), conflict);
      assert.equal(await posts.slugTaken(storeId, p.slug), true);
      assert.equal(await posts.slugTaken(storeId, p.slug, p.id), false);

      const [a, b] = [await addProduct(storeId), await addProduct(storeId)];
      const look = lookbook();
      await lookbooks.insert(storeId, look, []);
      await posts.update(storeId, { ...p, title: "Renamed" }, { productIds: [a!, b!], lookbookIds: [look.id] });
      await posts.update(storeId, { ...p, title: "Renamed again" }, { productIds: [b!] });
      assert.deepEqual(await posts.links(storeId, p.id), { productIds: [b], lookbookIds: [look.id] });
      assert.equal((await posts.find(storeId, p.id))?.title, "Renamed again");

      await products.remove(storeId, b!, NOW);
      await lookbooks.remove(storeId, look.id);
      assert.deepEqual(await posts.links(storeId, p.id), { productIds: [], lookbookIds: [] }, "a deleted product or lookbook leaves the post");
      await posts.remove(storeId, p.id);
      assert.equal(await posts.find(storeId, p.id), undefined);
      assert.equal((await db.knex("post_view_counts").where("post_id", p.id)).length, 0);
    });
  });

  describe("KnexLookbookRepository", function () {
    it("stores images in order with hotspots; reads leave out hotspots on inactive products", async function () {
      const storeId = await newStore();
      const [active, inactive] = [await addProduct(storeId), await addProduct(storeId, false)];
      const l = lookbook({ description: "Rains ☔", featuredImage: "https://img.example/l.jpg" });
      const images: LookbookImage[] = [
        { id: ids.newId(), url: "https://img.example/2.jpg", altText: null, caption: null, position: 1, hotspots: [] },
        {
          id: ids.newId(), url: "https://img.example/1.jpg", altText: "Alt", caption: "Caption", position: 0,
          hotspots: [{ productId: inactive!, x: 1, y: 2 }, { productId: active!, x: 100, y: 0 }],
        },
      ];
      await lookbooks.insert(storeId, l, images);
      assert.deepEqual(await lookbooks.find(storeId, l.id), l);
      assert.deepEqual(await lookbooks.findPublicBySlug(storeId, l.slug, NOW), l);
      const read = await lookbooks.images(storeId, l.id);
      assert.deepEqual(read.map((i) => i.url), ["https://img.example/1.jpg", "https://img.example/2.jpg"]);
      assert.deepEqual(read[0]!.hotspots.map((h) => [h.productId, h.x, h.y]), [[active, 100, 0]]);
      assert.equal(typeof read[0]!.hotspots[0]!.productName, "string");
      assert.deepEqual(read[1]!.hotspots, []);

      await lookbooks.update(storeId, { ...l, title: "Kept images" }, undefined);
      assert.equal((await lookbooks.images(storeId, l.id)).length, 2);
      await lookbooks.update(storeId, { ...l, title: "New images" }, [{ ...images[0]!, id: ids.newId(), position: 0 }]);
      assert.deepEqual((await lookbooks.images(storeId, l.id)).map((i) => i.url), ["https://img.example/2.jpg"]);
      assert.equal((await db.knex("lookbook_hotspots").where("lookbook_id", l.id)).length, 0, "replaced images take their hotspots");
    });

    it("shows lookbooks whose time has come, pages them, scopes them to the store and keeps slugs unique", async function () {
      const storeId = await newStore();
      const shown = [lookbook(), lookbook({ publishedAt: NOW }), lookbook()];
      const hidden = [lookbook({ publishedAt: null }), lookbook({ publishedAt: LATER })];
      for (const l of [...shown, ...hidden]) await lookbooks.insert(storeId, l, []);
      for (const l of hidden) assert.equal(await lookbooks.findPublicBySlug(storeId, l.slug, NOW), undefined);
      const listed = await walkPages((page) => lookbooks.listPublic(storeId, NOW, {}, page), 2);
      assert.deepEqual(new Set(listed.map((l) => l.id)), new Set(shown.map((l) => l.id)));
      assert.equal(listed[0]!.id, shown[1]!.id, "newest publication first");
      const other = await newStore();
      assert.deepEqual([...(await lookbooks.findManyByIds(other, shown.map((l) => l.id))).keys()], []);
      assert.equal((await lookbooks.findManyByIds(storeId, [...shown, ...hidden].map((l) => l.id))).size, 5);
      await assert.rejects(lookbooks.insert(storeId, lookbook({ slug: shown[0]!.slug }), []), conflict);
      await lookbooks.insert(other, lookbook({ slug: shown[0]!.slug }), []);
    });
  });
}
