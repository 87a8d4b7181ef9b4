// Test support for checkout and orders over HTTP: a store that delivers around Nairobi, products,
// carts filled by session or customer, a checkout body and the rows a test reads back.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { newSession } from "./cart-fixtures.js";
import type { TestClient, TestResponse } from "./http-client.js";

/** Nairobi CBD, the store's origin in these tests. */
export const NAIROBI_CBD = { latitude: -1.2864, longitude: 36.8172 } as const;
/** Westlands, about 2.2 km from the CBD: inside a 0-10 km tier. */
export const WESTLANDS = { latitude: -1.2683, longitude: 36.8111 } as const;
/** Mombasa, about 440 km away: outside a 0-10 km tier. */
export const MOMBASA = { latitude: -4.0435, longitude: 39.6682 } as const;

export const address = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Amina Odhiambo",
  line1: "Waiyaki Way 12",
  city: "Nairobi",
  country: "KE",
  phone: "+254700000001",
  ...WESTLANDS,
  ...overrides,
});

export interface DeliverySetup {
  readonly taxRatePercent?: number;
  /** KES major units. */
  readonly deliveryFee?: number;
  /** KES major units; null for none. */
  readonly freeDeliveryThreshold?: number | null;
}

/** Places the store at Nairobi CBD with a tax rate, and adds one distance tier of 0-10 km. */
export const setUpDelivery = async (client: TestClient, secret: string, setup: DeliverySetup = {}): Promise<string> => {
  const store = await client.patch("/v1/store", { ...NAIROBI_CBD, tax_rate_percent: setup.taxRatePercent ?? 16 }, { key: secret });
  assert.equal(store.status, 200, store.text);
  const tier = await client.post(
    "/v1/shipping/tiers",
    {
      tier_name: "Nairobi 0-10 km",
      min_distance_meters: 0,
      max_distance_meters: 10_000,
      delivery_fee: setup.deliveryFee ?? 300,
      free_delivery_threshold: setup.freeDeliveryThreshold === undefined ? 5_000 : setup.freeDeliveryThreshold,
    },
    { key: secret },
  );
  assert.equal(tier.status, 201, tier.text);
  return tier.body.id;
};

export interface Variant {
  readonly productId: string;
  readonly variantId: string;
  readonly sku: string;
}

/** A simple product; `price` in KES minor units. */
export const createProduct = async (
  client: TestClient,
  secret: string,
  name: string,
  variant: { readonly price: number; readonly stock: number; readonly threshold?: number },
): Promise<Variant> => {
  const sku = `SKU-${randomUUID().slice(0, 12)}`;
  const created = await client.post("/v1/products", { name, variants: [{ sku, ...variant }] }, { key: secret });
  assert.equal(created.status, 201, created.text);
  return { productId: created.body.product_id, variantId: created.body.variant_id, sku };
};

/** Adds lines to an anonymous cart (publishable key) and returns the session id. */
export const fillSessionCart = async (
  client: TestClient,
  publishable: string,
  lines: readonly { readonly variantId: string; readonly quantity: number }[],
  session = newSession(),
): Promise<string> => {
  for (const line of lines) {
    const added = await client.post("/v1/cart/items", { variant_id: line.variantId, quantity: line.quantity }, { key: publishable, headers: { "x-session-id": session } });
    assert.equal(added.status, 200, added.text);
  }
  return session;
};

/** Adds lines to a customer's cart with their token. */
export const fillCustomerCart = async (
  client: TestClient,
  publishable: string,
  customer: { readonly id: string; readonly accessToken: string },
  lines: readonly { readonly variantId: string; readonly quantity: number }[],
): Promise<void> => {
  for (const line of lines) {
    const added = await client.post(
      "/v1/cart/items",
      { customer_id: customer.id, variant_id: line.variantId, quantity: line.quantity },
      { key: publishable, headers: { "x-auth-token": customer.accessToken } },
    );
    assert.equal(added.status, 200, added.text);
  }
};

/** A checkout body for a session or a customer; overrides replace or add fields. */
export const checkoutBody = (owner: { readonly session_id: string } | { readonly customer_id: string }, overrides: Record<string, unknown> = {}) => ({
  ...owner,
  email: "amina@example.com",
  name: "Amina Odhiambo",
  phone: "+254700000001",
  shipping_address: address(),
  payment_method: "mobile_stk",
  ...overrides,
});

/** Checks out a session cart and returns the 201 order. */
export const checkoutSession = async (client: TestClient, secret: string, session: string, overrides: Record<string, unknown> = {}): Promise<any> => {
  const placed = await client.post("/v1/orders", checkoutBody({ session_id: session }, overrides), { key: secret });
  assert.equal(placed.status, 201, placed.text);
  return placed.body;
};

/** One product in a session cart, checked out: the quickest way to an order. */
export const placeSimpleOrder = async (
  client: TestClient,
  keys: { readonly secret: string; readonly publishable: string },
  options: { readonly price?: number; readonly stock?: number; readonly quantity?: number; readonly overrides?: Record<string, unknown> } = {},
): Promise<{ readonly order: any; readonly variant: Variant }> => {
  const variant = await createProduct(client, keys.secret, `Product ${randomUUID().slice(0, 8)}`, { price: options.price ?? 100_000, stock: options.stock ?? 10 });
  const session = await fillSessionCart(client, keys.publishable, [{ variantId: variant.variantId, quantity: options.quantity ?? 1 }]);
  return { order: await checkoutSession(client, keys.secret, session, options.overrides), variant };
};

export const variantStock = async (knex: Knex, variantId: string): Promise<number> => {
  const row: { stock: number | string } | undefined = await knex("variants").where({ id: variantId }).first("stock");
  assert.ok(row !== undefined, `variant ${variantId} exists`);
  return Number(row.stock);
};

export const eventsOf = async (knex: Knex, storeId: string, type?: string): Promise<{ type: string; data: any }[]> => {
  const query = knex("events").where({ store_id: storeId }).orderBy([{ column: "created_at" }, { column: "id" }]);
  if (type !== undefined) void query.where({ type });
  const rows: { type: string; data: string }[] = await query;
  return rows.map((row) => ({ type: row.type, data: typeof row.data === "string" ? JSON.parse(row.data) : row.data }));
};

/** The types of the events whose payload names the order, oldest first. */
export const orderEvents = async (knex: Knex, storeId: string, orderId: string): Promise<string[]> =>
  (await eventsOf(knex, storeId))
    .filter((e) => e.data?.order?.id === orderId || e.data?.order_id === orderId)
    .map((e) => e.type);

export const assertErrorType = (response: TestResponse, status: number, type: string, code: string): void => {
  assert.equal(response.status, status, `expected ${status} ${code}, got ${response.status} ${response.text}`);
  assert.equal(response.body?.error?.type, type, response.text);
  assert.equal(response.body?.error?.code, code, response.text);
};
