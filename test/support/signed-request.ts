// Test support for signed requests (docs/api/keys-and-auth.md, "Signed requests"): the base64
// HMAC-SHA256 of `<timestamp>.<raw body>` under a store's HMAC secret, and a PATCH that carries it.
import { createHmac, randomUUID } from "node:crypto";
import type { TestClient, TestResponse } from "./http-client.js";

/** The X-Signature of `rawBody` sent at `timestamp` (Unix seconds), keyed with `secret`. */
export const signBody = (secret: string, timestamp: number | string, rawBody: string): string =>
  createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("base64");

/** Unix seconds of a date (now by default). */
export const unixSeconds = (at: Date = new Date()): number => Math.floor(at.getTime() / 1000);

export interface SignedRequestOptions {
  readonly key: string;
  /** The HMAC secret the body is signed with. */
  readonly secret: string;
  /** X-Timestamp; the current Unix time by default. */
  readonly timestamp?: number | string;
  /** Idempotency-Key; a fresh one by default, none when null. */
  readonly idempotencyKey?: string | null;
  /** Replaces the computed X-Signature (null leaves the header out). */
  readonly signature?: string | null;
  /** Leaves X-Timestamp out. */
  readonly omitTimestamp?: boolean;
  /** Signs this text instead of the body that is sent. */
  readonly signedText?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The headers of a signed request whose raw body is `rawBody`. */
export const signedHeaders = (rawBody: string, options: SignedRequestOptions): Record<string, string> => {
  const timestamp = options.timestamp ?? unixSeconds();
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.omitTimestamp !== true) headers["X-Timestamp"] = String(timestamp);
  const signature = options.signature === undefined ? signBody(options.secret, timestamp, options.signedText ?? rawBody) : options.signature;
  if (signature !== null) headers["X-Signature"] = signature;
  const key = options.idempotencyKey === undefined ? `idem_${randomUUID()}` : options.idempotencyKey;
  if (key !== null) headers["Idempotency-Key"] = key;
  return headers;
};

/** Sends a signed request; an object body is serialised once, and exactly those bytes are signed. */
export const signedRequest = (
  client: TestClient,
  method: string,
  path: string,
  body: unknown,
  options: SignedRequestOptions,
): Promise<TestResponse> => {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  return client.request(method, path, { key: options.key, body: rawBody, headers: signedHeaders(rawBody, options) });
};

/** A signed `PATCH /v1/orders/{id}`. */
export const signedOrderPatch = (client: TestClient, orderId: string, body: unknown, options: SignedRequestOptions): Promise<TestResponse> =>
  signedRequest(client, "PATCH", `/v1/orders/${orderId}`, body, options);
