// Specifies content over real HTTP (the real Koa app on an in-memory SQLite, and the view counter
// on MariaDB too): posts and lookbooks (docs/api/content-search-messaging.md, "Posts and
// lookbooks"): answer shapes, `fields`, published-only reads, list bounds and paging, filters,
// writes and their validation, access, tenancy, view counting under concurrency and a fixed number
// of queries per read.
import assert from "node:assert/strict";
import { Schema } from "effect";
import { Lookbook, LookbookSummary, Post, PostSummary } from "../../../adapters/http/schemas/content-schemas.js";
import { Pagination } from "../../../adapters/http/schemas/pagination-schema.js";
import { simpleProductBody, type Body } from "../../support/catalog-fixtures.js";
import type { TestResponse } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";
import { isBackgroundPoll } from "../../support/query-counting.js";

const decodeExact =
  <A, I>(schema: Schema.Schema<A, I, never>) =>
  (value: unknown): A =>
    Schema.decodeUnknownSync(schema, { onExcessProperty: "error" })(value);

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FUTURE = "2099-01-01T00:00:00.000Z";

const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  const error = response.body?.error;
  assert.ok(error !== undefined, `no error body: ${response.text}`);
  assert.equal(error.code, code, response.text);
  if (param !== undefined) assert.equal(error.param, param, response.text);
  assert.equal(typeof error.message, "string");
};

let serial = 0;
const unique = (prefix: string): string => `${prefix}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;

/** Walks every page of a list; answers the items in order. */
const walk = async (t: TestApplication, path: string, name: string, key: string): Promise<any[]> => {
  const items: any[] = [];
  let cursor: string | null = null;
  for (let pages = 0; ; pages++) {
    assert.ok(pages < 200, "the walk ends");
    const sep = path.includes("?") ? "&" : "?";
    const response = await t.client.get(cursor === null ? path : `${path}${sep}cursor=${cursor}`, { key });
    assert.equal(response.status, 200, response.text);
    items.push(...response.body[name]);
    if (!response.body.pagination.has_more) {
      assert.equal(response.body.pagination.next_cursor, null);
      return items;
    }
    cursor = response.body.pagination.next_cursor;
  }
};

describe("content routes (posts and lookbooks)", function () {
  let t: TestApplication;
  let secret: string;
  let publishable: string;
  let otherSecret: string;
  let otherPublishable: string;
  let categoryId: string;
  let productIds: string[];
  let inactiveProductId: string;
  let collectionId: string;
  let otherProductId: string;
  let otherCategoryId: string;
  let otherCollectionId: string;

  const get = (path: string, key = publishable) => t.client.get(path, { key });
  const ok = (response: TestResponse, status = 200): any => {
    assert.equal(response.status, status, response.text);
    return response.body;
  };
  const createPost = async (body: Body, key = secret): Promise<any> => ok(await t.client.post("/v1/posts", body, { key }), 201);
  const createLookbook = async (body: Body, key = secret): Promise<any> => ok(await t.client.post("/v1/lookbooks", body, { key }), 201);

  before(async function () {
    t = await startTestApplication();
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    otherSecret = t.otherStore.keys.secretTest;
    otherPublishable = t.otherStore.keys.publishableTest;
    categoryId = ok(await t.client.post("/v1/categories", { name: "Living Room", image: "https://img.example/living.svg" }, { key: secret }), 201).id;
    productIds = [];
    for (const name of ["Kilimani Sofa", "Sisal Rug", "Brass Lamp"]) {
      productIds.push(ok(await t.client.post("/v1/products", simpleProductBody(name, unique("SKU"), { category_id: categoryId }), { key: secret }), 201).product_id);
    }
    inactiveProductId = ok(await t.client.post("/v1/products", simpleProductBody("Retired Stool", unique("SKU"), { is_active: false }), { key: secret }), 201).product_id;
    collectionId = ok(await t.client.post("/v1/product-collections", { name: "Living edit" }, { key: secret }), 201).id;
    otherProductId = ok(await t.client.post("/v1/products", simpleProductBody("Other sofa", unique("SKU")), { key: otherSecret }), 201).product_id;
    otherCategoryId = ok(await t.client.post("/v1/categories", { name: "Other" }, { key: otherSecret }), 201).id;
    otherCollectionId = ok(await t.client.post("/v1/product-collections", { name: "Other edit" }, { key: otherSecret }), 201).id;
  });

  after(async function () {
    await t?.close();
  });

  describe("posts", function () {
    it("creates a published post with its products, lookbooks and category, in the documented shape (201)", async function () {
      const lookbook = await createLookbook({ title: unique("Shop the living room") });
      const post = await createPost({
        title: "Styling a Nairobi living room",
        excerpt: "Three pieces, one calm room.",
        content: "<p>Start with the sofa.</p>",
        featured_image: "https://img.example/post.jpg",
        category_id: categoryId,
        author_name: "Wanjiru Kamau",
        author_avatar: "https://img.example/wanjiru.jpg",
        status: "published",
        seo_title: "Living room styling",
        seo_description: "How to style a living room",
        product_ids: [productIds[2], inactiveProductId, productIds[0]],
        lookbook_ids: [lookbook.id],
      });
      decodeExact(Post)(post);
      assert.equal(post.status, "published");
      assert.match(post.published_at, ISO_UTC, "publishing without published_at stamps it");
      assert.equal(post.slug, "styling-a-nairobi-living-room");
      assert.equal(post.category_id, categoryId);
      assert.equal(post.category_name, "Living Room");
      assert.equal(post.category_slug, "living-room");
      assert.equal(post.category_icon, "https://img.example/living.svg");
      assert.deepEqual(
        post.products.map((p: any) => p.product_id),
        [productIds[2], productIds[0]],
        "active products only, in the post's order",
      );
      assert.equal(post.product_count, 2);
      assert.equal(post.products[0].name, "Brass Lamp");
      assert.equal(typeof post.products[0].selling_price, "number");
      assert.deepEqual(post.lookbooks, [
        {
          id: lookbook.id,
          title: lookbook.title,
          slug: lookbook.slug,
          description: null,
          featured_image: null,
          collection_id: null,
          published_at: lookbook.published_at,
          created_at: lookbook.created_at,
        },
      ]);
      assert.equal(post.view_count, 0);

      const read = ok(await get(`/v1/posts/${post.slug}`));
      decodeExact(Post)(read);
      assert.deepEqual({ ...read, view_count: 0 }, post, "the read answers what the write did (plus the view)");
      assert.equal(read.view_count, 1);
    });

    it("makes a draft by default with a slug from the title, numbered when taken; a given taken slug is a 409", async function () {
      const title = unique("Kikoy Season");
      const first = await createPost({ title });
      assert.equal(first.status, "draft");
      assert.equal(first.published_at, null);
      assert.equal(first.content, "");
      assert.deepEqual([first.products, first.lookbooks, first.product_count], [[], [], 0]);
      assert.equal(first.slug, title.toLowerCase().replace(/ /g, "-"));
      const second = await createPost({ title });
      assert.equal(second.slug, `${first.slug}-2`);
      assertError(await t.client.post("/v1/posts", { title: "x", slug: first.slug }, { key: secret }), 409, "duplicate_slug", "slug");
      const nonLatin = await createPost({ title: "ケニアのコーヒー" });
      assert.match(nonLatin.slug, /^post(-\d+)?$/);
    });

    it("hides drafts, archived and scheduled posts from slug reads and lists, for every key", async function () {
      const marker = unique("hidden");
      const draft = await createPost({ title: `${marker} draft`, category_id: categoryId });
      const archived = await createPost({ title: `${marker} archived`, status: "archived", published_at: "2026-01-01T00:00:00Z" });
      const scheduled = await createPost({ title: `${marker} scheduled`, status: "published", published_at: FUTURE });
      assert.equal(scheduled.published_at, FUTURE);
      for (const post of [draft, archived, scheduled]) {
        for (const key of [publishable, secret]) assertError(await get(`/v1/posts/${post.slug}`, key), 404, "resource_missing");
      }
      const listed = new Set((await walk(t, "/v1/posts?limit=200", "posts", secret)).map((p) => p.id));
      for (const post of [draft, archived, scheduled]) assert.ok(!listed.has(post.id), post.slug);

      // Publishing the draft shows it; archiving it hides it again and keeps its published_at.
      const published = ok(await t.client.patch(`/v1/posts/${draft.id}`, { status: "published" }, { key: secret }));
      assert.match(published.published_at, ISO_UTC);
      assert.equal(ok(await get(`/v1/posts/${draft.slug}`)).id, draft.id);
      const again = ok(await t.client.patch(`/v1/posts/${draft.id}`, { status: "archived" }, { key: secret }));
      assert.equal(again.published_at, published.published_at);
      assertError(await get(`/v1/posts/${draft.slug}`), 404, "resource_missing");
    });

    it("answers 404 for an unknown slug, and for one outside the product slug pattern (post slugs have none)", async function () {
      assertError(await get("/v1/posts/no-such-post"), 404, "resource_missing");
      assertError(await get("/v1/posts/Not_A_Slug"), 404, "resource_missing");
      assertError(await get(`/v1/posts/${"a".repeat(201)}`), 404, "resource_missing");
    });

    it("lists published posts newest first as summaries, pages without gaps, and filters", async function () {
      const marker = unique("listed");
      const category = ok(await t.client.post("/v1/categories", { name: marker }, { key: secret }), 201).id;
      const made: any[] = [];
      for (let i = 0; i < 5; i++) {
        made.push(
          await createPost({
            title: `${marker} ${i}`,
            status: "published",
            published_at: `2021-01-0${i + 1}T00:00:00Z`,
            category_id: category,
            product_ids: i % 2 === 0 ? [productIds[1]!] : [],
          }),
        );
      }
      const body = ok(await get(`/v1/posts?category_id=${category}&limit=2`));
      decodeExact(Schema.Struct({ posts: Schema.Array(PostSummary), pagination: Pagination }))(body);
      assert.deepEqual(body.pagination.limit, 2);
      assert.equal(body.pagination.has_more, true);
      const all = await walk(t, `/v1/posts?category_id=${category}&limit=2`, "posts", publishable);
      assert.deepEqual(
        all.map((p) => p.id),
        [...made].reverse().map((p) => p.id),
        "newest publication first, every post once",
      );
      assert.ok(!("content" in all[0]) && !("products" in all[0]) && !("lookbooks" in all[0]), "lists carry summaries");
      assert.deepEqual(
        all.filter((p) => p.product_count === 1).map((p) => p.title),
        [`${marker} 4`, `${marker} 2`, `${marker} 0`],
      );
      const withSofa = await walk(t, `/v1/posts?product_id=${productIds[1]}&category_id=${category}`, "posts", publishable);
      assert.deepEqual(
        withSofa.map((p) => p.title),
        [`${marker} 4`, `${marker} 2`, `${marker} 0`],
      );
      const projected = ok(await get(`/v1/posts?category_id=${category}&fields=title,view_count`));
      assert.deepEqual(projected.posts[0], { title: `${marker} 4`, view_count: 0 });
    });

    it("bounds the list parameters (limit 1-200, cursor, unknown names)", async function () {
      for (const limit of ["0", "201", "-1", "abc", "1.5"]) assertError(await get(`/v1/posts?limit=${limit}`), 400, "parameter_invalid", "limit");
      for (const limit of ["1", "200"]) assert.equal((await get(`/v1/posts?limit=${limit}`)).status, 200);
      assert.equal(ok(await get("/v1/posts")).pagination.limit, 50, "default 50");
      assertError(await get("/v1/posts?cursor=not-a-cursor!"), 400, "invalid_cursor", "cursor");
      assertError(await get("/v1/posts?cursor=bm9wZQ"), 400, "invalid_cursor", "cursor");
      assertError(await get("/v1/posts?category_id=nope"), 400, "parameter_invalid", "category_id");
      assertError(await get("/v1/posts?status=draft"), 400, "parameter_unknown", "status");
      assertError(await get("/v1/posts?limit=1&limit=2"), 400, "parameter_invalid", "limit");
    });

    it("projects `fields` on a post (its allowed names, nested products and lookbooks) and refuses unknown names", async function () {
      const lookbook = await createLookbook({ title: unique("Projected look") });
      const post = await createPost({ title: unique("Projected"), status: "published", product_ids: [productIds[0]!], lookbook_ids: [lookbook.id] });
      const projected = ok(await get(`/v1/posts/${post.slug}?fields=title,products.name,lookbooks.slug,view_count`));
      assert.deepEqual(Object.keys(projected).sort(), ["lookbooks", "products", "title", "view_count"]);
      assert.deepEqual(projected.products, [{ name: "Kilimani Sofa" }]);
      assert.deepEqual(projected.lookbooks, [{ slug: lookbook.slug }]);
      const every = "id,title,slug,excerpt,content,featured_image,category_id,category_name,category_slug,category_icon,author_name,author_avatar,status,published_at,view_count,product_count,seo_title,seo_description,created_at,updated_at,products,lookbooks";
      assert.deepEqual(Object.keys(ok(await get(`/v1/posts/${post.slug}?fields=${every}`))).sort(), every.split(",").sort());
      for (const name of ["nope", "products.nope", "title.x", "lookbooks.images", "products.variants"]) {
        assertError(await get(`/v1/posts/${post.slug}?fields=${name}`), 400, "unknown_field", "fields");
      }
      assertError(await get("/v1/posts?fields=content"), 400, "unknown_field", "fields");
    });

    it("changes a post: links given replace the old ones, links left out stay; slug conflicts are 409", async function () {
      const other = await createPost({ title: unique("Taken slug") });
      const post = await createPost({ title: unique("Changing"), product_ids: [productIds[0]!, productIds[1]!] });
      const moved = ok(await t.client.patch(`/v1/posts/${post.id}`, { excerpt: "Now with an excerpt" }, { key: secret }));
      assert.equal(moved.excerpt, "Now with an excerpt");
      assert.deepEqual(moved.products.map((p: any) => p.product_id), [productIds[0], productIds[1]]);
      assert.ok(moved.updated_at >= post.updated_at);
      assert.equal(moved.created_at, post.created_at);
      const relinked = ok(await t.client.patch(`/v1/posts/${post.id}`, { product_ids: [productIds[2]], excerpt: null }, { key: secret }));
      assert.deepEqual(relinked.products.map((p: any) => p.product_id), [productIds[2]]);
      assert.equal(relinked.excerpt, null);
      assertError(await t.client.patch(`/v1/posts/${post.id}`, { slug: other.slug }, { key: secret }), 409, "duplicate_slug", "slug");
      assert.equal(ok(await t.client.patch(`/v1/posts/${post.id}`, { slug: post.slug }, { key: secret })).slug, post.slug, "its own slug is no conflict");
      assertError(await t.client.patch("/v1/posts/00000000-0000-7000-8000-000000000000", { title: "x" }, { key: secret }), 404, "resource_missing");
      assertError(await t.client.patch("/v1/posts/not-a-uuid", { title: "x" }, { key: secret }), 404, "resource_missing");
    });

    it("deletes a post (204), after which it is unknown", async function () {
      const post = await createPost({ title: unique("Short lived"), status: "published", product_ids: [productIds[0]!] });
      const response = await t.client.delete(`/v1/posts/${post.id}`, { key: secret });
      assert.equal(response.status, 204);
      assert.equal(response.text, "");
      assertError(await get(`/v1/posts/${post.slug}`), 404, "resource_missing");
      assertError(await t.client.delete(`/v1/posts/${post.id}`, { key: secret }), 404, "resource_missing");
      assertError(await t.client.patch(`/v1/posts/${post.id}`, { title: "x" }, { key: secret }), 404, "resource_missing");
      assert.equal(ok(await get(`/v1/products/${productIds[0]}`)).product_id, productIds[0], "its products stay");
    });

    it("refuses invalid writes with a 400 naming the parameter, and changes nothing", async function () {
      const lookbookOfOther = await createLookbook({ title: unique("Other look") }, otherSecret);
      const cases: [Body, string, string][] = [
        [{}, "parameter_missing", "title"],
        [{ title: "   " }, "parameter_invalid", "title"],
        [{ title: "x", status: "live" }, "parameter_invalid", "status"],
        [{ title: "x", slug: "Bad Slug" }, "parameter_invalid", "slug"],
        [{ title: "x", featured_image: "ftp://x" }, "parameter_invalid", "featured_image"],
        [{ title: "x", published_at: "yesterday" }, "parameter_invalid", "published_at"],
        [{ title: "x", category_id: "nope" }, "parameter_invalid", "category_id"],
        [{ title: "x", category_id: otherCategoryId }, "parameter_invalid", "category_id"],
        [{ title: "x", product_ids: [productIds[0], otherProductId] }, "parameter_invalid", "product_ids[1]"],
        [{ title: "x", product_ids: [productIds[0], productIds[0]] }, "parameter_invalid", "product_ids[1]"],
        [{ title: "x", lookbook_ids: [lookbookOfOther.id] }, "parameter_invalid", "lookbook_ids[0]"],
        [{ title: "x", view_count: 5 }, "parameter_unknown", "view_count"],
        [{ title: "x", product_ids: Array.from({ length: 101 }, () => productIds[0]) }, "parameter_invalid", "product_ids"],
      ];
      const before = (await walk(t, "/v1/posts?limit=200", "posts", secret)).length;
      for (const [body, code, param] of cases) assertError(await t.client.post("/v1/posts", { status: "published", ...body }, { key: secret }), 400, code, param);
      const post = await createPost({ title: unique("Valid") });
      assertError(await t.client.patch(`/v1/posts/${post.id}`, { product_ids: [otherProductId] }, { key: secret }), 400, "parameter_invalid", "product_ids[0]");
      assertError(await t.client.patch(`/v1/posts/${post.id}`, { title: null }, { key: secret }), 400, "parameter_invalid", "title");
      assert.equal((await walk(t, "/v1/posts?limit=200", "posts", secret)).length, before, "no refused write created a post");
      assert.equal(ok(await t.client.patch(`/v1/posts/${post.id}`, {}, { key: secret })).title, post.title);
    });

    it("keeps stores apart: another store's post is a 404 to read, change or delete", async function () {
      const theirs = await createPost({ title: unique("Their post"), status: "published" }, otherSecret);
      assert.equal(ok(await get(`/v1/posts/${theirs.slug}`, otherPublishable)).id, theirs.id);
      assertError(await get(`/v1/posts/${theirs.slug}`), 404, "resource_missing");
      assert.ok(!(await walk(t, "/v1/posts?limit=200", "posts", publishable)).some((p) => p.id === theirs.id));
      assertError(await t.client.patch(`/v1/posts/${theirs.id}`, { title: "mine" }, { key: secret }), 404, "resource_missing");
      assertError(await t.client.delete(`/v1/posts/${theirs.id}`, { key: secret }), 404, "resource_missing");
      // The same slug may exist in both stores.
      const mine = await createPost({ title: "x", slug: theirs.slug, status: "published" });
      assert.equal(ok(await get(`/v1/posts/${theirs.slug}`)).id, mine.id);
    });

    it("counts every view, 200 concurrent ones included", async function () {
      const post = await createPost({ title: unique("Popular"), status: "published" });
      assert.equal(ok(await get(`/v1/posts/${post.slug}`)).view_count, 1);
      assert.equal(ok(await get(`/v1/posts/${post.slug}`, secret)).view_count, 2);
      const answers = await Promise.all(Array.from({ length: 200 }, () => get(`/v1/posts/${post.slug}`)));
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
      assert.equal(ok(await get(`/v1/posts/${post.slug}`)).view_count, 203);
      const listed = (await walk(t, "/v1/posts?limit=200", "posts", publishable)).find((p) => p.id === post.id);
      assert.equal(listed.view_count, 203, "lists show the count; they do not add to it");
      assert.equal(ok(await t.client.patch(`/v1/posts/${post.id}`, { title: "Still popular" }, { key: secret })).view_count, 203);
    });
  });

  describe("lookbooks", function () {
    it("creates a lookbook with images and hotspots, published at once, in the documented shape (201)", async function () {
      const lookbook = await createLookbook({
        title: "Rainy season at home",
        description: "Warm textures for the long rains.",
        featured_image: "https://img.example/rain.jpg",
        collection_id: collectionId,
        images: [
          { url: "https://img.example/rain-1.jpg", alt_text: "Sofa with throw", caption: "The sofa, dressed", hotspots: [{ product_id: productIds[0], x: 40, y: 60 }, { product_id: inactiveProductId, x: 5, y: 5 }] },
          { url: "https://img.example/rain-2.jpg" },
        ],
      });
      decodeExact(Lookbook)(lookbook);
      assert.equal(lookbook.slug, "rainy-season-at-home");
      assert.equal(lookbook.collection_id, collectionId);
      assert.match(lookbook.published_at, ISO_UTC);
      assert.deepEqual(
        lookbook.images.map((i: any) => [i.url, i.position, i.alt_text, i.caption]),
        [
          ["https://img.example/rain-1.jpg", 0, "Sofa with throw", "The sofa, dressed"],
          ["https://img.example/rain-2.jpg", 1, null, null],
        ],
      );
      assert.deepEqual(lookbook.images[0].hotspots, [
        { product_id: productIds[0], product_name: "Kilimani Sofa", product_slug: lookbook.images[0].hotspots[0].product_slug, x: 40, y: 60 },
      ], "hotspots on inactive products are left out");
      assert.deepEqual(lookbook.images[1].hotspots, []);
      const read = ok(await get(`/v1/lookbooks/${lookbook.slug}`));
      assert.deepEqual(read, lookbook);
      const projected = ok(await get(`/v1/lookbooks/${lookbook.slug}?fields=title,images.url,images.hotspots.x`));
      assert.deepEqual(projected, { title: lookbook.title, images: [{ url: "https://img.example/rain-1.jpg", hotspots: [{ x: 40 }] }, { url: "https://img.example/rain-2.jpg", hotspots: [] }] });
      const every = "id,title,slug,description,featured_image,collection_id,published_at,created_at,images";
      assert.deepEqual(Object.keys(ok(await get(`/v1/lookbooks/${lookbook.slug}?fields=${every}`))).sort(), every.split(",").sort());
      for (const name of ["nope", "images.nope", "updated_at"]) assertError(await get(`/v1/lookbooks/${lookbook.slug}?fields=${name}`), 400, "unknown_field", "fields");
    });

    it("hides unpublished and scheduled lookbooks, from reads, lists and the posts that show them", async function () {
      const marker = unique("look");
      const unpublished = await createLookbook({ title: `${marker} draft`, published_at: null });
      const scheduled = await createLookbook({ title: `${marker} later`, published_at: FUTURE });
      const shown = await createLookbook({ title: `${marker} now` });
      assert.equal(unpublished.published_at, null);
      for (const l of [unpublished, scheduled]) assertError(await get(`/v1/lookbooks/${l.slug}`), 404, "resource_missing");
      const listed = new Set((await walk(t, "/v1/lookbooks?limit=200", "lookbooks", publishable)).map((l) => l.id));
      assert.ok(listed.has(shown.id) && !listed.has(unpublished.id) && !listed.has(scheduled.id));
      const post = await createPost({ title: unique("With looks"), status: "published", lookbook_ids: [unpublished.id, shown.id, scheduled.id] });
      assert.deepEqual(post.lookbooks.map((l: any) => l.id), [shown.id]);
      ok(await t.client.patch(`/v1/lookbooks/${unpublished.id}`, { published_at: "2026-01-01T00:00:00+03:00" }, { key: secret }));
      assert.equal(ok(await get(`/v1/lookbooks/${unpublished.slug}`)).published_at, "2025-12-31T21:00:00.000Z", "stored in UTC");
      assert.deepEqual(ok(await get(`/v1/posts/${post.slug}`)).lookbooks.map((l: any) => l.id), [unpublished.id, shown.id]);
      // Deleting a lookbook takes it out of the posts.
      assert.equal((await t.client.delete(`/v1/lookbooks/${shown.id}`, { key: secret })).status, 204);
      assertError(await get(`/v1/lookbooks/${shown.slug}`), 404, "resource_missing");
      assert.deepEqual(ok(await get(`/v1/posts/${post.slug}`)).lookbooks.map((l: any) => l.id), [unpublished.id]);
      assertError(await t.client.delete(`/v1/lookbooks/${shown.id}`, { key: secret }), 404, "resource_missing");
    });

    it("lists lookbooks newest first as summaries, pages, filters by collection and bounds its parameters", async function () {
      const collection = ok(await t.client.post("/v1/product-collections", { name: unique("Lookbook collection") }, { key: secret }), 201).id;
      const made: any[] = [];
      for (let i = 0; i < 3; i++) made.push(await createLookbook({ title: unique("Listed look"), collection_id: collection, published_at: `2031-01-0${i + 1}T00:00:00Z` }));
      // Published in 2031 is still in the future: nothing yet.
      assert.deepEqual(ok(await get(`/v1/lookbooks?collection_id=${collection}`)).lookbooks, []);
      for (const l of made) ok(await t.client.patch(`/v1/lookbooks/${l.id}`, { published_at: l.published_at.replace("2031", "2021") }, { key: secret }));
      const body = ok(await get(`/v1/lookbooks?collection_id=${collection}&limit=2`));
      decodeExact(Schema.Struct({ lookbooks: Schema.Array(LookbookSummary), pagination: Pagination }))(body);
      const all = await walk(t, `/v1/lookbooks?collection_id=${collection}&limit=2`, "lookbooks", publishable);
      assert.deepEqual(all.map((l) => l.id), [...made].reverse().map((l) => l.id));
      assert.deepEqual(ok(await get(`/v1/lookbooks?collection_id=${collection}&fields=title&limit=1`)).lookbooks, [{ title: made[2].title }]);
      for (const limit of ["0", "201", "x"]) assertError(await get(`/v1/lookbooks?limit=${limit}`), 400, "parameter_invalid", "limit");
      assertError(await get("/v1/lookbooks?fields=images"), 400, "unknown_field", "fields");
      assertError(await get("/v1/lookbooks?collection=x"), 400, "parameter_unknown", "collection");
      assertError(await get("/v1/lookbooks?cursor=bm9wZQ"), 400, "invalid_cursor", "cursor");
      assertError(await get("/v1/lookbooks/UPPER"), 404, "resource_missing");
      assertError(await get("/v1/lookbooks/no-such-lookbook"), 404, "resource_missing");
    });

    it("changes a lookbook: images given replace all of them; refuses invalid writes naming the parameter", async function () {
      const lookbook = await createLookbook({ title: unique("Changing look"), images: [{ url: "https://img.example/a.jpg" }, { url: "https://img.example/b.jpg" }] });
      const kept = ok(await t.client.patch(`/v1/lookbooks/${lookbook.id}`, { description: "New words" }, { key: secret }));
      assert.deepEqual(kept.images, lookbook.images, "images left out stay");
      const replaced = ok(await t.client.patch(`/v1/lookbooks/${lookbook.id}`, { images: [{ url: "https://img.example/c.jpg", hotspots: [{ product_id: productIds[1], x: 0, y: 100 }] }] }, { key: secret }));
      assert.deepEqual(replaced.images.map((i: any) => i.url), ["https://img.example/c.jpg"]);
      assert.equal(replaced.images[0].hotspots[0].product_name, "Sisal Rug");
      const cases: [Body, string, string][] = [
        [{}, "parameter_missing", "title"],
        [{ title: "x", collection_id: otherCollectionId }, "parameter_invalid", "collection_id"],
        [{ title: "x", images: [{ url: "nope" }] }, "parameter_invalid", "images[0].url"],
        [{ title: "x", images: [{ url: "https://img.example/x.jpg", hotspots: [{ product_id: productIds[0], x: 101, y: 0 }] }] }, "parameter_invalid", "images[0].hotspots[0].x"],
        [{ title: "x", images: [{ url: "https://img.example/x.jpg" }, { url: "https://img.example/y.jpg", hotspots: [{ product_id: otherProductId, x: 1, y: 1 }] }] }, "parameter_invalid", "images[1].hotspots[0].product_id"],
        [{ title: "x", published_at: "2026-13-01T00:00:00Z" }, "parameter_invalid", "published_at"],
        [{ title: "x", status: "published" }, "parameter_unknown", "status"],
      ];
      for (const [body, code, param] of cases) assertError(await t.client.post("/v1/lookbooks", body, { key: secret }), 400, code, param);
      assertError(await t.client.post("/v1/lookbooks", { title: "x", slug: lookbook.slug }, { key: secret }), 409, "duplicate_slug", "slug");
      assertError(await t.client.patch(`/v1/lookbooks/${lookbook.id}`, { collection_id: otherCollectionId }, { key: secret }), 400, "parameter_invalid", "collection_id");
      assert.deepEqual(ok(await get(`/v1/lookbooks/${lookbook.slug}`)).images, replaced.images, "a refused change changes nothing");
    });

    it("keeps stores apart: another store's lookbook is a 404 to read, change or delete", async function () {
      const theirs = await createLookbook({ title: unique("Their look") }, otherSecret);
      assertError(await get(`/v1/lookbooks/${theirs.slug}`), 404, "resource_missing");
      assert.ok(!(await walk(t, "/v1/lookbooks?limit=200", "lookbooks", publishable)).some((l) => l.id === theirs.id));
      assertError(await t.client.patch(`/v1/lookbooks/${theirs.id}`, { title: "mine" }, { key: secret }), 404, "resource_missing");
      assertError(await t.client.delete(`/v1/lookbooks/${theirs.id}`, { key: secret }), 404, "resource_missing");
      assert.equal(ok(await get(`/v1/lookbooks/${theirs.slug}`, otherPublishable)).id, theirs.id);
    });
  });

  describe("access and cost", function () {
    it("refuses every content write with a publishable key (403 secret_key_required) and changes nothing", async function () {
      const post = await createPost({ title: unique("Guarded"), status: "published" });
      const lookbook = await createLookbook({ title: unique("Guarded look") });
      const attempts: [string, string, Body | undefined][] = [
        ["POST", "/v1/posts", { title: "x" }],
        ["PATCH", `/v1/posts/${post.id}`, { title: "x" }],
        ["DELETE", `/v1/posts/${post.id}`, undefined],
        ["POST", "/v1/lookbooks", { title: "x" }],
        ["PATCH", `/v1/lookbooks/${lookbook.id}`, { title: "x" }],
        ["DELETE", `/v1/lookbooks/${lookbook.id}`, undefined],
      ];
      for (const [method, path, body] of attempts) {
        assertError(await t.client.request(method, path, { key: publishable, ...(body !== undefined ? { body } : {}) }), 403, "secret_key_required");
      }
      assert.equal(ok(await get(`/v1/posts/${post.slug}`)).title, post.title);
      assert.equal(ok(await get(`/v1/lookbooks/${lookbook.slug}`)).title, lookbook.title);
      for (const path of ["/v1/posts", "/v1/lookbooks"]) assertError(await t.client.get(path), 401, "invalid_api_key");
    });

    it("reads a post, a lookbook and the lists in a fixed number of queries, whatever they link", async function () {
      const products: string[] = [];
      for (let i = 0; i < 30; i++) {
        products.push(ok(await t.client.post("/v1/products", simpleProductBody(`Counted ${i}`, unique("CNT")), { key: secret }), 201).product_id);
      }
      const looks = [];
      for (let i = 0; i < 5; i++) {
        looks.push(
          (
            await createLookbook({
              title: unique("Counted look"),
              images: Array.from({ length: 6 }, (_, j) => ({ url: `https://img.example/${i}-${j}.jpg`, hotspots: [{ product_id: products[j]!, x: j, y: j }] })),
            })
          ).id,
        );
      }
      const small = await createPost({ title: unique("Small"), status: "published", product_ids: products.slice(0, 1), lookbook_ids: looks.slice(0, 1) });
      const large = await createPost({ title: unique("Large"), status: "published", product_ids: products, lookbook_ids: looks });
      for (let i = 0; i < 60; i++) await createPost({ title: unique("Filler"), status: "published", product_ids: products.slice(0, 3) });
      assert.equal((await get("/v1/posts?limit=1")).status, 200, "warm-up: the key and store are cached");

      let queries = 0;
      const stop = t.application.database.onQuery((sql) => {
        if (!isBackgroundPoll(sql)) queries++;
      });
      const counted = async (path: string): Promise<number> => {
        queries = 0;
        ok(await get(path));
        return queries;
      };
      try {
        const costSmall = await counted(`/v1/posts/${small.slug}`);
        const costLarge = await counted(`/v1/posts/${large.slug}`);
        assert.equal(costLarge, costSmall, "a post with 30 products and 5 lookbooks costs what one with 1 and 1 does");
        assert.ok(costLarge <= 6, `a post read costs ${costLarge} queries`);
        const lookbookSlug = ok(await get(`/v1/posts/${large.slug}?fields=lookbooks.slug`)).lookbooks[0].slug;
        assert.ok((await counted(`/v1/lookbooks/${lookbookSlug}`)) <= 2);
        assert.equal(await counted("/v1/posts?limit=5"), await counted("/v1/posts?limit=200"));
        assert.ok((await counted("/v1/posts?limit=200")) <= 1);
        assert.ok((await counted("/v1/lookbooks?limit=200")) <= 1);
      } finally {
        stop();
      }
    });
  });
});

describeMysql("content view counting (mysql)", (getDb) => {
  describe("over HTTP on MariaDB", function () {
    let t: TestApplication;

    before(async function () {
      t = await startTestApplication({ databaseUrl: getDb().url });
    });

    after(async function () {
      await t?.close();
    });

    it("counts 200 concurrent views of a post, and keeps drafts hidden", async function () {
      const key = t.store.keys.secretTest;
      const post = await t.client.post("/v1/posts", { title: "Counted on MariaDB", status: "published" }, { key });
      assert.equal(post.status, 201, post.text);
      const draft = await t.client.post("/v1/posts", { title: "Draft on MariaDB" }, { key });
      assert.equal((await t.client.get(`/v1/posts/${draft.body.slug}`, { key })).status, 404);
      const answers = await Promise.all(Array.from({ length: 200 }, () => t.client.get(`/v1/posts/${post.body.slug}`, { key: t.store.keys.publishableTest })));
      for (const answer of answers) assert.equal(answer.status, 200, answer.text);
      const after = await t.client.get(`/v1/posts/${post.body.slug}`, { key });
      assert.equal(after.body.view_count, 201);
      const listed = await t.client.get("/v1/posts", { key });
      assert.equal(listed.body.posts[0].view_count, 201);
      assert.equal(typeof listed.body.posts[0].view_count, "number");
    });
  });
});
