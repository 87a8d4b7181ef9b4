// The demo store's content (docs/api/demo-store.md, "What the demo store holds"), checked over
// HTTP: 2 published posts showing demo products, a draft that readers cannot see, and 2 lookbooks
// with images and hotspots.
import assert from "node:assert/strict";
import type { Application } from "../../composition/container.js";
import type { DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import type { TestClient } from "../support/http-client.js";
import { openDemoStore, type DemoStore } from "../support/demo-store.js";

describe("demo store content", function () {
  this.timeout(120_000);
  let application: Application;
  let client: TestClient;
  let summary: DemoStoreSummary;

  let demo: DemoStore | undefined;

  before(async () => {
    demo = await openDemoStore();
    ({ application, client, summary } = demo);
  });

  after(() => demo?.close());

  it("has 2 published posts with products and a lookbook each; the draft and the archived post stay hidden", async () => {
    const listed = await client.get("/v1/posts", { key: summary.publishable_key });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.posts.length, 2);
    for (const summaryPost of listed.body.posts) {
      assert.equal(summaryPost.status, "published");
      const post = (await client.get(`/v1/posts/${summaryPost.slug}`, { key: summary.publishable_key })).body;
      assert.ok(post.products.length >= 3, post.slug);
      assert.equal(post.product_count, post.products.length);
      assert.equal(post.lookbooks.length, 1);
      assert.ok(post.content.length > 100 && post.author_name !== null && post.category_name !== null);
    }
    const draft = await client.get("/v1/posts/behind-the-weave-a-day-with-the-kiondo-weavers-of-machakos", { key: summary.secret_key });
    assert.equal(draft.status, 404, "the draft exists but readers cannot see it");
    const draftRow = await application.database.knex("posts").where({ store_id: summary.store_id, status: "draft" });
    assert.equal(draftRow.length, 1);
  });

  it("has 2 lookbooks with images and product hotspots", async () => {
    const listed = (await client.get("/v1/lookbooks", { key: summary.publishable_key })).body.lookbooks;
    assert.equal(listed.length, 2);
    for (const l of listed) {
      const lookbook = (await client.get(`/v1/lookbooks/${l.slug}`, { key: summary.publishable_key })).body;
      assert.ok(lookbook.images.length >= 2);
      assert.ok(lookbook.images.some((i: any) => i.hotspots.length > 0));
    }
  });
});
