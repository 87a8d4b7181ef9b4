// Media upload over the admin API (docs/staff.md, "Media"), with the store's secret key, on
// SQLite and MariaDB: a real PNG and JPEG made here by sharp are taken with variants of the right
// widths; what is not an image (whatever its name or declared type), or is larger than 10 MiB, or
// is cut short, is refused and leaves no file and no row; files are served publicly with year-long
// caching, ETag and 304; another store's media is a 404; uploads and deletions are audited; a
// product's media takes the URL; and the 10 MiB limit is the upload's alone.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { AuthenticateApiKey } from "../../../application/access/authenticate-api-key.js";
import { FindMediaVariant } from "../../../application/media/find-media-variant.js";
import { ReadMediaFile } from "../../../application/media/read-media-file.js";
import { mediaFiles } from "../../../adapters/http/media-serving.js";
import { createHttpApp } from "../../../adapters/http/app.js";
import { AdminRouteModule } from "../../../adapters/http/route-module.js";
import { MEDIA_MAX_BYTES } from "../../../domain/media/media.js";
import { OPENAPI_INFO } from "../../../composition/container.js";
import { serve, type TestClient, type TestResponse } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

/** Every file under `dir` (relative paths). */
const filesUnder = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (at: string, prefix: string): void => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else out.push(`${prefix}${name}`);
    }
  };
  walk(dir, "");
  return out.sort();
};

const png = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();

/** A PNG of noise: it does not compress, so its size is about 3 bytes a pixel. */
const noisePng = async (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 120 } } }).png({ compressionLevel: 0 }).toBuffer();

const multipart = (parts: ReadonlyArray<{ name: string; fileName?: string; type?: string; bytes: Buffer }>): { body: Buffer; contentType: string } => {
  const boundary = "----storefront-test-7f3a9c";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type !== undefined ? `Content-Type: ${part.type}\r\n` : ""}\r\n`));
    chunks.push(part.bytes, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

const mediaSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let t: TestApplication;
    let client: TestClient;
    let ownClient: TestClient | undefined;
    let dir: string;
    let secret: string;
    let storeId: string;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), "storefront-media-"));
      const given = options();
      t = await startTestApplication({ ...given, env: { ...given.env, STOREFRONT_MEDIA_DIR: dir } });
      secret = t.store.keys.secretTest;
      storeId = t.store.store.id;
      client = t.client;
      // Until the admin API is mounted by the application itself, its routes are mounted here
      // beside /v1 with the same middleware (the secret key holds every permission).
      const probe = await client.get("/admin/v1/media", { key: secret });
      if (probe.status === 404 && probe.body?.error?.code === "route_not_found") {
        const container = t.application.container;
        const admin = container.getAll(AdminRouteModule).flatMap((m) => m.routes());
        ownClient = await serve(
          createHttpApp({
            routes: [...t.application.routes, ...admin],
            authenticate: container.get(AuthenticateApiKey),
            guards: t.application.guards,
            logger: t.application.logger,
            info: OPENAPI_INFO,
            media: mediaFiles(container.get(FindMediaVariant), container.get(ReadMediaFile)),
          }),
        );
        client = ownClient;
      }
    });
    after(async () => {
      await ownClient?.close();
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const upload = (bytes: Buffer, contentType: string, key = secret, query = ""): Promise<TestResponse> =>
      client.request("POST", `/admin/v1/media${query}`, { key, body: bytes, headers: { "content-type": contentType } });
    const uploaded = async (bytes: Buffer, contentType: string, query = ""): Promise<any> => {
      const response = await upload(bytes, contentType, secret, query);
      assert.equal(response.status, 201, response.text);
      return response.body;
    };
    const listAll = async (): Promise<any[]> => {
      const response = await client.get("/admin/v1/media?limit=200", { key: secret });
      assert.equal(response.status, 200, response.text);
      return response.body.media;
    };
    /** Asserts the refusal, and that it left no file and no row behind. */
    const refused = async (response: TestResponse, status: number, code: string): Promise<void> => {
      assert.equal(response.status, status, response.text);
      assert.equal(response.body.error.code, code, response.text);
      assert.deepEqual(filesUnder(dir), [], "no file is kept");
      assert.deepEqual(await listAll(), [], "no row is kept");
    };
    const clean = async (): Promise<void> => {
      for (const item of await listAll()) assert.equal((await client.delete(`/admin/v1/media/${item.id}`, { key: secret })).status, 204);
      assert.deepEqual(filesUnder(dir), []);
    };

    it("a PNG made by sharp is taken: the original and WebP variants 200, 600 and 1200 px wide, in proportion, on disk", async () => {
      const media = await uploaded(await png(1600, 1000), "image/png", "?file_name=sofa.png");
      assert.equal(media.content_type, "image/png");
      assert.deepEqual([media.width, media.height], [1600, 1000]);
      assert.equal(media.file_name, "sofa.png");
      assert.deepEqual(
        media.variants.map((v: any) => [v.name, v.width, v.height, v.content_type]),
        [["200", 200, 125, "image/webp"], ["600", 600, 375, "image/webp"], ["1200", 1200, 750, "image/webp"]],
      );
      assert.equal(media.url, `${client.url}/media/${storeId}/${media.id}/original`);
      assert.deepEqual(filesUnder(dir), [`${storeId}/${media.id}/1200.webp`, `${storeId}/${media.id}/200.webp`, `${storeId}/${media.id}/600.webp`, `${storeId}/${media.id}/original.png`]);
      for (const variant of media.variants) {
        const served = await fetch(variant.url);
        assert.equal(served.status, 200);
        const info = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        assert.deepEqual([info.format, info.width, info.height], ["webp", variant.width, variant.height]);
        assert.equal(Number(served.headers.get("content-length")), variant.bytes);
      }
      assert.equal(media.created_by.type, "api_key");
      await clean();
    });

    it("a JPEG sent as a multipart form's file is kept upright and without its EXIF; a narrow image is never enlarged", async () => {
      // 300×200 stored sideways: EXIF orientation 6 shows it 200×300.
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c84" } })
        .jpeg()
        .withExif({ IFD0: { Make: "PhoneCo", Model: "Secret Location" } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      assert.equal((await sharp(jpeg).metadata()).orientation, 6);
      const form = multipart([
        { name: "alt", bytes: Buffer.from("a cushion") },
        { name: "file", fileName: "cushion.jpg", type: "image/jpeg", bytes: jpeg },
      ]);
      const media = await uploaded(form.body, form.contentType);
      assert.equal(media.content_type, "image/jpeg");
      assert.equal(media.file_name, "cushion.jpg");
      assert.deepEqual([media.width, media.height], [200, 300], "upright");
      assert.deepEqual(media.variants.map((v: any) => [v.width, v.height]), [[200, 300], [200, 300], [200, 300]], "never wider than the original");
      const original = Buffer.from(await (await fetch(media.url)).arrayBuffer());
      const kept = await sharp(original).metadata();
      assert.equal(kept.format, "jpeg");
      assert.equal(kept.exif, undefined, "the EXIF is gone");
      assert.ok(!original.includes("Secret Location"));
      await clean();
    });

    it("a text file with Content-Type image/png is a 415 media_not_image, and nothing is kept", async () => {
      await refused(await upload(Buffer.from("just some words, not a picture\n".repeat(100)), "image/png"), 415, "media_not_image");
    });

    it("a text file named .png in a multipart form, or sent as octet-stream, is a 415 media_not_image", async () => {
      const form = multipart([{ name: "file", fileName: "photo.png", type: "image/png", bytes: Buffer.from("hello, I am a text file") }]);
      await refused(await upload(form.body, form.contentType), 415, "media_not_image");
      await refused(await upload(Buffer.from("%PDF-1.4 not really"), "application/octet-stream"), 415, "media_not_image");
    });

    it("a PNG cut short is refused as media_not_image; an SVG (which can carry script) as media_format_unsupported", async () => {
      const whole = await noisePng(200, 200);
      await refused(await upload(whole.subarray(0, Math.floor(whole.length / 2)), "image/png"), 415, "media_not_image");
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      await refused(await upload(svg, "image/png"), 415, "media_format_unsupported");
    });

    it("a JSON or text body is a 415 unsupported_media_type; an empty one a 415 media_not_image", async () => {
      await refused(await client.post("/admin/v1/media", { file: "x" }, { key: secret }), 415, "unsupported_media_type");
      await refused(await upload(Buffer.from("words"), "text/plain"), 415, "unsupported_media_type");
      await refused(await client.request("POST", "/admin/v1/media", { key: secret, headers: { "content-type": "image/png", "content-length": "0" } }), 415, "media_not_image");
    });

    it("an image of 10 MiB less a little is taken; 10 MiB + 1 byte is a 413 media_too_large, as bytes or in a form, and nothing is kept", async () => {
      // Noise does not compress: 1,860 × 1,860 × 3 bytes is about 10.4 million bytes, a little under 10 MiB.
      const big = await noisePng(1_860, 1_860);
      assert.ok(big.length <= MEDIA_MAX_BYTES && big.length > MEDIA_MAX_BYTES - 200_000, `the test image is ${big.length} bytes`);
      const started = performance.now();
      const media = await uploaded(big, "image/png");
      console.log(`      (a ${big.length}-byte, 1860×1860 PNG uploaded and resized in ${Math.round(performance.now() - started)} ms)`);
      assert.deepEqual(media.variants.map((v: any) => v.width), [200, 600, 1200]);
      await clean();

      const over = Buffer.concat([big, Buffer.alloc(MEDIA_MAX_BYTES + 1 - big.length, 7)]);
      assert.equal(over.length, MEDIA_MAX_BYTES + 1);
      await refused(await upload(over, "image/png"), 413, "media_too_large");
      const form = multipart([{ name: "file", fileName: "big.png", bytes: over }]);
      await refused(await upload(form.body, form.contentType), 413, "media_too_large");
      // Far over the limit: refused on its Content-Length, before it is read.
      await refused(await upload(Buffer.alloc(MEDIA_MAX_BYTES * 2, 1), "image/png"), 413, "media_too_large");
    });

    it("an upload whose connection closes before its body is complete keeps nothing", async () => {
      const whole = await noisePng(400, 400);
      const url = new URL(`${client.url}/admin/v1/media`);
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { authorization: `Bearer ${secret}`, "content-type": "image/png", "content-length": String(whole.length) },
        });
        req.on("error", () => resolve());
        req.on("response", (response) => {
          response.resume();
          resolve();
        });
        req.write(whole.subarray(0, Math.floor(whole.length / 2)), () => setTimeout(() => req.destroy(), 200));
        req.on("close", () => resolve());
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(filesUnder(dir), []);
      assert.deepEqual(await listAll(), []);
    });

    it("files are served without a key, cached for a year (immutable) with an ETag, 304 on If-None-Match; unknown ones are 404", async () => {
      const media = await uploaded(await png(800, 400), "image/png");
      const variant = media.variants[1];
      const served = await fetch(variant.url);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get("content-type"), "image/webp");
      assert.equal(served.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(served.headers.get("x-content-type-options"), "nosniff");
      const etag = served.headers.get("etag")!;
      assert.match(etag, /^"[0-9a-f]{32}"$/);
      assert.equal((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width, 600);
      const again = await fetch(variant.url, { headers: { "if-none-match": etag } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get("etag"), etag);
      assert.equal(again.headers.get("cache-control"), "public, max-age=31536000, immutable");
      const original = await fetch(media.url);
      assert.equal(original.headers.get("content-type"), "image/png");
      assert.notEqual(original.headers.get("etag"), etag);
      const head = await fetch(media.url, { method: "HEAD" });
      assert.equal(head.status, 200);

      for (const path of [
        `/media/${storeId}/${media.id}/300`,
        `/media/${t.otherStore.store.id}/${media.id}/600`,
        `/media/${storeId}/not-an-id/600`,
        `/media/${storeId}/019ac0a2-5c1e-7d4b-9f3a-6e8b2d4c7a15/600`,
      ]) {
        const missing = await fetch(`${client.url}${path}`);
        assert.equal(missing.status, 404, path);
        assert.equal(((await missing.json()) as any).error.code, "resource_missing");
        assert.equal(missing.headers.get("cache-control"), "no-store");
      }
      await clean();
    });

    it("another store's media is a 404 to read and to delete, and stays served; its own store deletes it, files and all", async () => {
      const media = await uploaded(await png(300, 300), "image/png");
      const other = t.otherStore.keys.secretTest;
      assert.equal((await client.delete(`/admin/v1/media/${media.id}`, { key: other })).status, 404);
      assert.equal((await client.get(`/admin/v1/media/${media.id}`, { key: other })).status, 404);
      assert.deepEqual((await client.get("/admin/v1/media", { key: other })).body.media, []);
      assert.equal((await fetch(media.url)).status, 200);
      assert.equal(filesUnder(dir).length, 4);

      const read = await client.get(`/admin/v1/media/${media.id}`, { key: secret });
      assert.equal(read.status, 200);
      assert.deepEqual(read.body, media);
      assert.equal((await client.delete(`/admin/v1/media/${media.id}`, { key: secret })).status, 204);
      assert.equal((await fetch(media.url)).status, 404);
      assert.deepEqual(filesUnder(dir), []);
      assert.equal((await client.delete(`/admin/v1/media/${media.id}`, { key: secret })).status, 404);
    });

    it("an upload and a deletion are each recorded in the audit log", async () => {
      const media = await uploaded(await png(120, 90), "image/png", "?file_name=logo.png");
      assert.equal((await client.delete(`/admin/v1/media/${media.id}`, { key: secret })).status, 204);
      const entries: any[] = await t.application.database.knex("audit_log").where({ store_id: storeId, resource_id: media.id }).orderBy("operation");
      assert.deepEqual(entries.map((e) => e.operation), ["media.delete", "media.upload"]);
      const [down, up] = entries.map((e) => ({ ...e, changes: JSON.parse(e.changes) }));
      assert.equal(up.resource_type, "media");
      assert.equal(up.actor_type, "api_key");
      assert.deepEqual(up.changes.width, [null, 120]);
      assert.deepEqual(up.changes.file_name, [null, "logo.png"]);
      assert.deepEqual(down.changes.content_type, ["image/png", null]);
      assert.deepEqual(down.changes.width, [120, null]);
    });

    it("the list pages newest first by cursor", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await uploaded(await png(50 + i, 50), "image/png")).id);
      const first = await client.get("/admin/v1/media?limit=2", { key: secret });
      assert.equal(first.status, 200, first.text);
      assert.deepEqual(first.body.media.map((m: any) => m.id), [ids[2], ids[1]]);
      assert.equal(first.body.pagination.has_more, true);
      const second = await client.get(`/admin/v1/media?limit=2&cursor=${first.body.pagination.next_cursor}`, { key: secret });
      assert.deepEqual(second.body.media.map((m: any) => m.id), [ids[0]]);
      assert.equal(second.body.pagination.has_more, false);
      await clean();
    });

    it("a product's media and thumbnail take the uploaded URLs", async () => {
      const media = await uploaded(await png(1400, 1400), "image/png");
      const created = await t.client.post(
        "/v1/products",
        {
          name: "Kiondo basket",
          thumbnail_url: media.variants[0].url,
          media: [{ url: media.url, type: "image", alt_text: "A woven basket", is_primary: true }],
          variants: [{ sku: "KIONDO-1", price: 250000, stock: 3 }],
        },
        { key: secret },
      );
      assert.equal(created.status, 201, created.text);
      const product = (await t.client.get(`/v1/products/${created.body.product_id}`, { key: secret })).body;
      assert.equal(product.thumbnail_url, media.variants[0].url);
      assert.equal(product.media[0].url, media.url);
      assert.equal((await fetch(product.media[0].url)).status, 200);
      assert.equal((await t.client.delete(`/v1/products/${created.body.product_id}`, { key: secret })).status, 204);
      await clean();
    });

    it("other routes keep their JSON body limit of 1 MiB", async () => {
      const big = { name: "x".repeat(1024 * 1024 + 10), variants: [] };
      const response = await t.client.post("/v1/products", big, { key: secret });
      assert.equal(response.status, 413, response.text);
      assert.equal(response.body.error.code, "payload_too_large");
      const image = await client.request("POST", "/v1/products", { key: secret, body: await png(10, 10), headers: { "content-type": "image/png" } });
      assert.equal(image.status, 415);
      assert.equal(image.body.error.code, "unsupported_media_type");
    });
  });

mediaSuite("admin media upload (SQLite)", () => ({}));
describeMysql("admin media upload (MariaDB)", (db) => mediaSuite("on MariaDB", () => ({ databaseUrl: db().url })));
