// MediaStorage in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
// DigitalOcean Spaces...), through `aws4fetch`: AWS Signature Version 4 over the runtime's fetch,
// one small file with no dependencies (docs/decisions/back-office.md, "back-office-19"). Objects are
// addressed path-style, `{endpoint}/{bucket}/{key}`, which every such store accepts; each
// request carries the SHA-256 of its body (`x-amz-content-sha256`), so the store checks it.
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { MediaStorage, StoredFile } from "../../application/ports/media-storage.js";

export interface S3Settings {
  /** The store's base URL, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The longest one request may take; default 15 s. */
  readonly timeoutMs?: number;
}

const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");

export class S3MediaStorage implements MediaStorage {
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly settings: S3Settings) {
    // Two more tries on a 5xx or 429, each signed anew.
    this.client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: "s3", retries: 2 });
    this.base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}`;
    this.timeoutMs = settings.timeoutMs ?? 15_000;
  }

  private urlOf(key: string): string {
    return `${this.base}/${key.split("/").map(encodeURIComponent).join("/")}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), {
      method: "PUT",
      body: bytes,
      headers: { "Content-Type": contentType, "X-Amz-Content-Sha256": createHash("sha256").update(bytes).digest("hex") },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await this.expect(response, [200, 201, 204], `PUT ${key}`);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const response = await this.client.fetch(this.urlOf(key), {
      method: "GET",
      headers: { "X-Amz-Content-Sha256": EMPTY_SHA256 },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    await this.expect(response, [200], `GET ${key}`, true);
    return { bytes: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("Content-Type") ?? "application/octet-stream" };
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), {
      method: "DELETE",
      headers: { "X-Amz-Content-Sha256": EMPTY_SHA256 },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await this.expect(response, [200, 204, 404], `DELETE ${key}`);
  }

  /** Throws, with the store's own words (its XML error code), unless the answer is one of `statuses`. */
  private async expect(response: Response, statuses: readonly number[], what: string, keepBody = false): Promise<void> {
    if (statuses.includes(response.status)) {
      if (!keepBody) await response.body?.cancel();
      return;
    }
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${what} in bucket ${this.settings.bucket} answered ${response.status}${code !== undefined ? ` ${code}` : ""}`);
  }
}
