// GET /admin: the back office served by the app itself from its build (no CDN), public files
// with the app's own CSP; hashed assets cached for a year, index.html revalidated; every
// client-side route under /admin answers the app, while /admin/v1 stays the API.
import assert from "node:assert/strict";
import { ensureBackOfficeBuilt } from "../../support/back-office-browser.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

describe("the back office's serving (/admin)", function () {
  this.timeout(180_000);
  let t: TestApplication;
  before(async () => {
    await ensureBackOfficeBuilt();
    t = await startTestApplication();
  });
  after(() => t?.close());

  it("serves index.html at /admin and at client routes, no-cache, with a CSP allowing this origin only", async () => {
    for (const path of ["/admin", "/admin/", "/admin/orders", "/admin/orders/019ab7c2-5d1e-7a40-9f3b-2e6d8c1a4b57?q=a%40b.c"]) {
      const page = await t.client.get(path);
      assert.equal(page.status, 200, `${path}: ${page.status}`);
      assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
      assert.equal(page.headers.get("cache-control"), "no-cache", path);
      const csp = page.headers.get("content-security-policy") ?? "";
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /style-src 'self'(;|$)/);
      assert.match(csp, /connect-src 'self'(;|$)/);
      assert.match(csp, /img-src 'self' blob:(;|$)/);
      assert.doesNotMatch(csp, /unsafe|https?:|\*/);
      assert.doesNotMatch(page.text, /https?:\/\//, "the page names no other origin (no CDN)");
      assert.doesNotMatch(page.text, /<script>|<style>| style=/, "nothing inline");
    }
  });

  it("serves the hashed assets the page names, cached for a year, and 404s for any other", async () => {
    const page = await t.client.get("/admin");
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(sources.some((s) => s.endsWith(".js")) && sources.some((s) => s.endsWith(".css")), sources.join(" "));
    for (const source of sources) {
      assert.match(source, /^\/admin\/assets\/[A-Za-z0-9_-]+-[A-Za-z0-9_-]{8}\.(js|css)$/, source);
      const asset = await t.client.get(source);
      assert.equal(asset.status, 200, source);
      assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.match(asset.headers.get("content-type") ?? "", /^(text\/javascript|text\/css)/);
      assert.equal(asset.headers.get("x-content-type-options"), "nosniff");
    }
    for (const missing of ["/admin/assets/index-00000000.js", "/admin/assets/..%2F..%2Fpackage.json", "/admin/assets/index.html"]) {
      const answer = await t.client.get(missing);
      assert.equal(answer.status, 404, missing);
      assert.doesNotMatch(answer.text, /<!DOCTYPE/i, missing);
    }
  });

  it("leaves /admin/v1 to the API: unknown API paths are API errors, not the app", async () => {
    const me = await t.client.get("/admin/v1/me");
    assert.equal(me.status, 401, me.text);
    assert.equal(me.body.error.code, "staff_session_required");
    for (const path of ["/admin/v1", "/admin/v1/no-such-thing"]) {
      const answer = await t.client.get(path);
      assert.doesNotMatch(answer.text, /<!DOCTYPE/i, path);
      assert.notEqual(answer.status, 200, path);
    }
    const post = await t.client.post("/admin", {});
    assert.notEqual(post.status, 200, "only GET and HEAD are the app's");
  });
});
