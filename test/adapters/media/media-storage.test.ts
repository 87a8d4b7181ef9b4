// The MediaStorage adapters (docs/staff.md, "Media"): the local folder, and the S3-compatible
// bucket against a fake S3 written here (node:http: PUT, GET and DELETE of objects, path-style,
// each request refused unless it carries an AWS Signature V4 Authorization header for the
// configured key, region and service, with X-Amz-Date and the SHA-256 of its body).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalDiskMediaStorage } from "../../../adapters/media/local-disk-media-storage.js";
import { S3MediaStorage } from "../../../adapters/media/s3-media-storage.js";
import type { MediaStorage } from "../../../application/ports/media-storage.js";
import { ConfigError, loadConfig } from "../../../composition/config.js";

const STORE = "019ab0f1-0c2d-7e3f-8a4b-5c6d7e8f9a0b";
const MEDIA = "019ac0a2-5c1e-7d4b-9f3a-6e8b2d4c7a15";

interface FakeObject {
  readonly bytes: Buffer;
  readonly contentType: string;
}

/** A fake S3: objects in a Map by bucket and key, behind a check of each request's SigV4 headers. */
class FakeS3 {
  readonly objects = new Map<string, FakeObject>();
  readonly requests: { method: string; path: string; authorization: string }[] = [];
  /** Answers the next N requests with 503 (the client retries). */
  failNext = 0;
  private server!: Server;

  constructor(
    private readonly accessKeyId: string,
    private readonly region: string,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const refusal = this.refusal(req, body);
        this.requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: String(req.headers.authorization ?? "") });
        const fail = (status: number, code: string): void => {
          res.writeHead(status, { "content-type": "application/xml" });
          res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
        };
        if (refusal !== undefined) return fail(403, refusal);
        if (this.failNext > 0) {
          this.failNext--;
          return fail(503, "SlowDown");
        }
        const path = decodeURIComponent(new URL(req.url ?? "/", "http://s3").pathname);
        const [, bucket, ...key] = path.split("/");
        if (bucket !== "shop-media" || key.length === 0) return fail(404, "NoSuchBucket");
        const id = key.join("/");
        if (req.method === "PUT") {
          this.objects.set(id, { bytes: body, contentType: String(req.headers["content-type"] ?? "binary/octet-stream") });
          res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
          return res.end();
        }
        if (req.method === "GET") {
          const found = this.objects.get(id);
          if (found === undefined) return fail(404, "NoSuchKey");
          res.writeHead(200, { "content-type": found.contentType, "content-length": found.bytes.length });
          return res.end(found.bytes);
        }
        if (req.method === "DELETE") {
          this.objects.delete(id);
          res.writeHead(204);
          return res.end();
        }
        fail(405, "MethodNotAllowed");
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Why a request is refused, or undefined: SigV4 headers present and naming this key, region and s3; the body's hash right. */
  private refusal(req: IncomingMessage, body: Buffer): string | undefined {
    const authorization = String(req.headers.authorization ?? "");
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
    if (match === null) return "AccessDenied";
    const [, key, day, region, signed] = match;
    if (key !== this.accessKeyId) return "InvalidAccessKeyId";
    if (region !== this.region) return "AuthorizationHeaderMalformed";
    const date = String(req.headers["x-amz-date"] ?? "");
    if (!/^\d{8}T\d{6}Z$/.test(date) || !date.startsWith(day!)) return "AccessDenied";
    const names = signed!.split(";");
    for (const name of ["host", "x-amz-date", "x-amz-content-sha256"]) if (!names.includes(name)) return "AccessDenied";
    const declared = String(req.headers["x-amz-content-sha256"] ?? "");
    if (declared !== "UNSIGNED-PAYLOAD" && declared !== createHash("sha256").update(body).digest("hex")) return "XAmzContentSHA256Mismatch";
    return undefined;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** What every MediaStorage does. */
const storageContract = (name: string, make: () => MediaStorage): void => {
  it(`${name}: put, get (bytes and content type), overwrite, delete, and a missing key is undefined`, async () => {
    const storage = make();
    const key = `${STORE}/${MEDIA}/original.png`;
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    await storage.put(key, bytes, "image/png");
    const read = await storage.get(key);
    assert.ok(read !== undefined);
    assert.deepEqual(Buffer.from(read.bytes), bytes);
    assert.equal(read.contentType, "image/png");
    await storage.put(key, Buffer.from("second"), "image/png");
    assert.equal(Buffer.from((await storage.get(key))!.bytes).toString(), "second");
    await storage.put(`${STORE}/${MEDIA}/200.webp`, Buffer.from("webp"), "image/webp");
    assert.equal((await storage.get(`${STORE}/${MEDIA}/200.webp`))!.contentType, "image/webp");
    await storage.delete(key);
    assert.equal(await storage.get(key), undefined);
    await storage.delete(key); // again: no error
    await storage.delete(`${STORE}/${MEDIA}/200.webp`);
    assert.equal(await storage.get(`${STORE}/${MEDIA}/never`), undefined);
  });
};

describe("media storage", function () {
  this.timeout(30_000);

  describe("on the local disk", () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), "storefront-media-disk-"));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    storageContract("the local disk", () => new LocalDiskMediaStorage(dir));

    it("leaves no empty folders and no partial files behind, and keeps a content type the extension does not give", async () => {
      const storage = new LocalDiskMediaStorage(dir);
      await storage.put(`${STORE}/${MEDIA}/blob`, Buffer.from("x"), "image/x-custom");
      assert.equal((await storage.get(`${STORE}/${MEDIA}/blob`))!.contentType, "image/x-custom");
      await storage.delete(`${STORE}/${MEDIA}/blob`);
      assert.deepEqual(readdirSync(dir), []);
    });

    it("refuses a key that would leave its folder", async () => {
      const storage = new LocalDiskMediaStorage(dir);
      for (const key of ["../escape.png", `${STORE}/../../escape.png`, "/etc/passwd", `${STORE}/.hidden`, ""]) {
        await assert.rejects(storage.put(key, Buffer.from("x"), "image/png"), /not a media storage key/, key);
      }
      assert.equal(existsSync(join(dir, "..", "escape.png")), false);
    });
  });

  describe("in an S3-compatible bucket (a fake S3 server)", () => {
    const fake = new FakeS3("AKIAFAKEMEDIA", "eu-west-1");
    let endpoint: string;
    before(async () => {
      endpoint = await fake.start();
    });
    after(() => fake.close());

    const settings = () => ({ endpoint, bucket: "shop-media", region: "eu-west-1", accessKeyId: "AKIAFAKEMEDIA", secretAccessKey: "fake-secret-key-of-the-test" });

    storageContract("S3", () => new S3MediaStorage(settings()));

    it("signs every request with SigV4 (the fake refuses unsigned ones) and stores objects path-style under the bucket", async () => {
      fake.requests.length = 0;
      const storage = new S3MediaStorage(settings());
      const bytes = Buffer.from("an image's bytes");
      await storage.put(`${STORE}/${MEDIA}/600.webp`, bytes, "image/webp");
      assert.deepEqual(fake.objects.get(`${STORE}/${MEDIA}/600.webp`), { bytes, contentType: "image/webp" });
      assert.equal(fake.requests[0]!.method, "PUT");
      assert.equal(fake.requests[0]!.path, `/shop-media/${STORE}/${MEDIA}/600.webp`);
      assert.match(fake.requests[0]!.authorization, /^AWS4-HMAC-SHA256 Credential=AKIAFAKEMEDIA\/\d{8}\/eu-west-1\/s3\/aws4_request/);
      const unsigned = await fetch(`${endpoint}/shop-media/${STORE}/${MEDIA}/600.webp`);
      assert.equal(unsigned.status, 403);
      await storage.delete(`${STORE}/${MEDIA}/600.webp`);
      assert.equal(fake.objects.size, 0);
    });

    it("a wrong key or region is an error naming the store's code; a 503 is tried again", async () => {
      const wrong = new S3MediaStorage({ ...settings(), accessKeyId: "AKIAOTHER" });
      await assert.rejects(wrong.put(`${STORE}/${MEDIA}/original.png`, Buffer.from("x"), "image/png"), /answered 403 InvalidAccessKeyId/);
      const elsewhere = new S3MediaStorage({ ...settings(), region: "us-east-1" });
      await assert.rejects(elsewhere.get(`${STORE}/${MEDIA}/original.png`), /answered 403 AuthorizationHeaderMalformed/);
      fake.failNext = 2;
      const storage = new S3MediaStorage(settings());
      await storage.put(`${STORE}/${MEDIA}/original.png`, Buffer.from("x"), "image/png");
      assert.equal(fake.failNext, 0);
      assert.ok(fake.objects.has(`${STORE}/${MEDIA}/original.png`));
      await storage.delete(`${STORE}/${MEDIA}/original.png`);
    });
  });

  describe("configuration", () => {
    it("a local folder by default, `media` beside the SQLite file; STOREFRONT_MEDIA_DIR names another", () => {
      assert.deepEqual(loadConfig({}).media, { kind: "disk", directory: join("data", "media") });
      assert.deepEqual(loadConfig({ STOREFRONT_DATABASE_URL: "sqlite:/srv/shop/db.sqlite" }).media, { kind: "disk", directory: "/srv/shop/media" });
      assert.deepEqual(loadConfig({ STOREFRONT_MEDIA_DIR: "/var/media" }).media, { kind: "disk", directory: "/var/media" });
    });

    it("an S3 bucket when all of its variables are set; a half-configured one stops start-up naming what is missing", () => {
      const s3 = {
        STOREFRONT_MEDIA_S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
        STOREFRONT_MEDIA_S3_BUCKET: "shop-media",
        STOREFRONT_MEDIA_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
        STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY: "secret/with+chars",
      };
      assert.deepEqual(loadConfig(s3).media, {
        kind: "s3",
        endpoint: "https://s3.eu-west-1.amazonaws.com",
        bucket: "shop-media",
        region: "us-east-1",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "secret/with+chars",
      });
      const { STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY: _secret, ...half } = s3;
      assert.throws(() => loadConfig(half), (error: unknown) => error instanceof ConfigError && /STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY is required/.test(error.message));
      assert.throws(() => loadConfig({ ...s3, STOREFRONT_MEDIA_S3_BUCKET: "Bad_Bucket" }), /STOREFRONT_MEDIA_S3_BUCKET must be a bucket name/);
      assert.throws(() => loadConfig({ ...s3, STOREFRONT_MEDIA_S3_SECRET_ACCESS_KEY: "has space" }), (error: unknown) => error instanceof ConfigError && !error.message.includes("has space"));
    });
  });
});
