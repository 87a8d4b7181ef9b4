// The media use cases (UploadMedia, DeleteMedia, ...) with fakes around the real sharp decoder (docs/staff.md, "Media"): an upload whose
// row cannot be written, or whose storage fails half way, removes the files it wrote; a deletion
// removes the row first and the files after, and another store's id is a 404. And the upload
// operation's OpenAPI description (bytes, not JSON) passes the linter.
import "reflect-metadata";
import assert from "node:assert/strict";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import sharp from "sharp";
import type { Principal } from "../../../application/access/principal.js";
import { DeleteMedia } from "../../../application/media/delete-media.js";
import { GetMedia } from "../../../application/media/get-media.js";
import { ListMedia } from "../../../application/media/list-media.js";
import { UploadMedia } from "../../../application/media/upload-media.js";
import type { AuditEntry, AuditLog } from "../../../application/ports/audit-log.js";
import type { MediaRepository } from "../../../application/ports/media-repository.js";
import type { MediaStorage, StoredFile } from "../../../application/ports/media-storage.js";
import { AuditTrail } from "../../../application/staff/audit-trail.js";
import { MediaRoutes } from "../../../adapters/http/admin/media-routes.js";
import { buildOpenApiDocument } from "../../../adapters/http/openapi-document.js";
import { SharpImageProcessor } from "../../../adapters/media/sharp-image-processor.js";
import type { Media } from "../../../domain/media/media.js";

const STORE = "019ab0f1-0c2d-7e3f-8a4b-5c6d7e8f9a0b";
const principal: Principal = { storeId: STORE, keyId: "019ab0f1-7a6b-7c5d-8e4f-3a2b1c0d9e8f", keyType: "secret", mode: "test", keyName: "Back office" };

class MemoryStorage implements MediaStorage {
  readonly files = new Map<string, StoredFile>();
  failPutAfter = Infinity;
  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (this.files.size >= this.failPutAfter) throw new Error("disk full");
    this.files.set(key, { bytes, contentType });
  }
  async get(key: string): Promise<StoredFile | undefined> {
    return this.files.get(key);
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

class MemoryMedia implements MediaRepository {
  readonly rows = new Map<string, Media>();
  failInsert = false;
  async insert(media: Media): Promise<void> {
    if (this.failInsert) throw new Error("database away");
    this.rows.set(media.id, media);
  }
  async find(storeId: string, id: string): Promise<Media | undefined> {
    const found = this.rows.get(id);
    return found?.storeId === storeId ? found : undefined;
  }
  async delete(storeId: string, id: string): Promise<boolean> {
    return (await this.find(storeId, id)) !== undefined && this.rows.delete(id);
  }
  async listPage(): Promise<never> {
    throw new Error("not used");
  }
}

/** CRC-32 of PNG chunks. */
const crc32 = (bytes: Uint8Array): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
};

describe("UploadMedia and DeleteMedia", function () {
  this.timeout(20_000);
  let storage: MemoryStorage;
  let rows: MemoryMedia;
  let audit: AuditEntry[];
  let upload: UploadMedia;
  let remove: DeleteMedia;
  let mediaRoutes: MediaRoutes;
  let n = 0;

  beforeEach(() => {
    storage = new MemoryStorage();
    rows = new MemoryMedia();
    audit = [];
    const log: AuditLog = { record: async (entry) => void audit.push(entry), list: async () => audit };
    const ids = { newId: () => `019ac0a2-5c1e-7d4b-9f3a-${(++n).toString(16).padStart(12, "0")}` };
    const clock = { now: () => new Date("2026-11-27T09:30:00.000Z") };
    const trail = new AuditTrail(log, ids, clock, { currentRequestId: () => undefined });
    const uow = { run: <T>(work: () => Promise<T>): Promise<T> => work() };
    upload = new UploadMedia(rows, storage, new SharpImageProcessor(), trail, uow, ids, clock);
    remove = new DeleteMedia(rows, storage, trail, uow);
    mediaRoutes = new MediaRoutes(upload, new ListMedia(rows), new GetMedia(rows), remove, { publicUrl: undefined });
  });

  const png = (): Promise<Buffer> => sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a6" } }).png().toBuffer();

  it("an upload keeps four files, one row and one audit entry", async () => {
    const kept = await upload.execute(principal, { bytes: await png(), fileName: "C:\\photos\\chair.png" });
    assert.equal(storage.files.size, 4);
    assert.equal(rows.rows.size, 1);
    assert.equal(kept.fileName, "chair.png", "no folders in the name kept");
    assert.deepEqual(kept.createdBy, { type: "api_key", id: principal.keyId, label: "Back office" });
    assert.deepEqual(audit.map((e) => e.operation), ["media.upload"]);
  });

  it("when the row cannot be written, the files written go again", async () => {
    rows.failInsert = true;
    await assert.rejects(upload.execute(principal, { bytes: await png() }), /database away/);
    assert.equal(storage.files.size, 0);
    assert.equal(audit.length, 0);
  });

  it("when the storage fails half way, the files written before go again and no row is written", async () => {
    storage.failPutAfter = 2;
    await assert.rejects(upload.execute(principal, { bytes: await png() }), /disk full/);
    assert.equal(storage.files.size, 0);
    assert.equal(rows.rows.size, 0);
  });

  it("a deletion removes the row and the files; another store's id is a 404 that removes nothing", async () => {
    const kept = await upload.execute(principal, { bytes: await png() });
    await assert.rejects(remove.execute({ ...principal, storeId: "019ab0f1-0000-7000-8000-000000000000" }, kept.id), { _tag: "ResourceMissing" });
    assert.equal(storage.files.size, 4);
    await remove.execute(principal, kept.id);
    assert.equal(storage.files.size, 0);
    assert.equal(rows.rows.size, 0);
    assert.deepEqual(audit.map((e) => e.operation), ["media.upload", "media.delete"]);
    await assert.rejects(remove.execute(principal, kept.id), { _tag: "ResourceMissing" });
  });

  it("too many pixels is a 422 media_dimensions_too_large, decided before decoding", async () => {
    // A small PNG whose header says 10,000 × 6,000 (60 million pixels): only the header is read.
    const wide = Buffer.from(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).png().toBuffer());
    wide.writeUInt32BE(10_000, 16);
    wide.writeUInt32BE(6_000, 20);
    wide.writeUInt32BE(crc32(wide.subarray(12, 29)), 29);
    await assert.rejects(upload.execute(principal, { bytes: wide }), { _tag: "BusinessRuleViolation", code: "media_dimensions_too_large" });
    assert.equal(storage.files.size, 0);
  });

  it("the upload operation's description (bytes, not JSON) passes the OpenAPI linter", async () => {
    const routes = mediaRoutes.routes();
    const document = buildOpenApiDocument(routes, { title: "Admin", version: "1.0.0", description: "Media only." });
    const upload = (document as any).paths["/admin/v1/media"].post;
    assert.deepEqual(Object.keys(upload.requestBody.content), ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "multipart/form-data", "application/octet-stream"]);
    assert.ok(Buffer.from(upload.requestBody.content["image/png"].examples.example.value, "base64").subarray(1, 4).equals(Buffer.from("PNG")));
    const config = await createConfig({ extends: ["spec"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
    assert.deepEqual(problems.filter((p) => p.severity === "error").map((p) => p.message), []);
  });
});

describe("SharpImageProcessor", function () {
  this.timeout(20_000);
  it("an animated GIF keeps its frames: the original a GIF, the variants animated WebP of one frame's size", async () => {
    const frame = (colour: string) => sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).png().toBuffer();
    const gif = await sharp([await frame("#f00"), await frame("#0f0"), await frame("#00f")], { join: { animated: true } }).gif().toBuffer();
    const result = await new SharpImageProcessor().process(gif, [200, 600]);
    assert.ok("original" in result);
    assert.deepEqual([result.format, result.original.contentType, result.original.width, result.original.height], ["gif", "image/gif", 400, 300]);
    assert.deepEqual(result.variants.map((v) => [v.width, v.height]), [[200, 150], [400, 300]]);
    const variant = await sharp(result.variants[0]!.bytes).metadata();
    assert.deepEqual([variant.format, variant.pages], ["webp", 3]);
  });

  it("processes at most `concurrency` images at once, and every one in turn", async () => {
    const processor = new SharpImageProcessor({ concurrency: 1 });
    let inside = 0;
    let most = 0;
    const original = (processor as any).processNow.bind(processor);
    (processor as any).processNow = async (...args: unknown[]) => {
      inside++;
      most = Math.max(most, inside);
      try {
        return await original(...args);
      } finally {
        inside--;
      }
    };
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123" } }).png().toBuffer();
    const results = await Promise.all(Array.from({ length: 4 }, () => processor.process(image, [200])));
    assert.equal(most, 1);
    assert.ok(results.every((r) => "original" in r && r.original.width === 300));
  });
});
