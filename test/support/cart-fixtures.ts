// Test support for carts over HTTP: anonymous session ids, the cart answer checked against its
// Schema, error assertions, and a simple product created through the catalog API.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import { Cart } from "../../adapters/http/schemas/cart-schemas.js";
import type { TestClient, TestResponse } from "./http-client.js";

const decodeCart = Schema.decodeUnknownSync(Cart, { onExcessProperty: "error" });

/** A fresh anonymous session id of the accepted shape (16-128 of [A-Za-z0-9._-]). */
export const newSession = (): string => `sess_${randomUUID()}`;

export const assertError = (response: TestResponse, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.equal(response.body?.error?.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param, response.text);
};

/** Asserts a 200 cart answer that matches the Cart schema exactly, and returns its `cart`. */
export const okCart = (response: TestResponse): any => {
  assert.equal(response.status, 200, response.text);
  decodeCart(response.body);
  return response.body.cart;
};

export interface CreatedVariant {
  readonly productId: string;
  readonly variantId: string;
}

/** Creates a simple product (one variant) with the secret key and returns its ids. */
export const createSimpleProduct = async (
  client: TestClient,
  secretKey: string,
  name: string,
  variant: { readonly price: number; readonly stock: number },
): Promise<CreatedVariant> => {
  const created = await client.post("/v1/products", { name, variants: [{ sku: `SKU-${randomUUID().slice(0, 12)}`, ...variant }] }, { key: secretKey });
  assert.equal(created.status, 201, created.text);
  return { productId: created.body.product_id, variantId: created.body.variant_id };
};
