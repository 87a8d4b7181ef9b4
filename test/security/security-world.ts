// Test support for the security pack (test/security): one record of every kind in a store, a
// concrete path and a valid body for every route of the application, and a sender that signs
// and adds an Idempotency-Key where a route asks, so each OWASP item is checked over all routes.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { AnyRoute } from "../../adapters/http/route-definition.js";
import type { CreatedStore } from "../../application/stores/create-store.js";
import { newSession } from "../support/cart-fixtures.js";
import { registerCustomer, type SignedInCustomer } from "../support/customer-fixtures.js";
import type { RequestOptions, TestClient, TestResponse } from "../support/http-client.js";
import { address, checkoutBody, createProduct, fillCustomerCart, fillSessionCart, setUpDelivery } from "../support/order-fixtures.js";
import { signedHeaders } from "../support/signed-request.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../support/test-application.js";
import { securityDatabase } from "../support/security-database.js";

/** Fast password hashing and no key cache, so a revoked key stops at once. */
export const SECURITY_ENV: Readonly<Record<string, string>> = {
  STOREFRONT_SCRYPT_COST: "1024",
  STOREFRONT_API_KEY_CACHE_MS: "0",
};

/** A security application on the database this run names (test/support/security-database.ts). */
export const startSecurityApplication = async (options: TestApplicationOptions = {}): Promise<TestApplication> => {
  const database = await securityDatabase();
  const t = await startTestApplication({
    ...options,
    ...(database.url !== undefined ? { databaseUrl: database.url } : {}),
    env: { ...SECURITY_ENV, ...options.env },
  });
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.drop();
    },
  };
};

const unique = (label: string): string => `${label} ${randomUUID().slice(0, 8)}`;

const ZONE_POLYGON = [
  [-1.275, 36.808],
  [-1.275, 36.83],
  [-1.296, 36.83],
  [-1.296, 36.808],
];

/** One record of every kind a path can address, in one store, with two customers X and Y. */
export interface StoreWorld {
  readonly store: CreatedStore;
  readonly secret: string;
  readonly publishable: string;
  readonly hmacSecret: string;
  readonly productId: string;
  readonly variantId: string;
  /** A second variant of the product, so deleting one is allowed. */
  readonly extraVariantId: string;
  readonly productSlug: string;
  readonly categoryId: string;
  readonly subcategoryId: string;
  readonly collectionId: string;
  readonly priceRuleId: string;
  /** An exchange rate only this store has. */
  readonly currency: string;
  readonly promotionId: string;
  readonly giftCardId: string;
  readonly giftCardCode: string;
  readonly tierId: string;
  readonly zoneId: string;
  readonly postId: string;
  readonly postSlug: string;
  readonly lookbookId: string;
  readonly lookbookSlug: string;
  readonly webhookEndpointId: string;
  readonly webhookEventId: string;
  readonly customerX: SignedInCustomer;
  readonly customerY: SignedInCustomer;
  readonly wishlistItemIdX: string;
  readonly threadIdX: string;
  /** A line of customer X's cart. */
  readonly cartItemIdX: string;
  /** An anonymous cart and one of its lines. */
  readonly session: string;
  readonly sessionCartItemId: string;
  /** An order of customer X, and an anonymous one. */
  readonly orderIdX: string;
  /** A line of customer X's order. */
  readonly orderLineIdX: string;
  readonly orderId: string;
}

const ok = (response: TestResponse, status: number, what: string): any => {
  assert.equal(response.status, status, `${what}: ${response.text}`);
  return response.body;
};

/** Builds the world of one store through the API (webhooks: a public-looking https URL). */
export const buildWorld = async (client: TestClient, store: CreatedStore, knexEvents: () => Promise<string>): Promise<StoreWorld> => {
  const secret = store.keys.secretTest;
  const publishable = store.keys.publishableTest;
  const post = (path: string, body: unknown, what: string): Promise<any> => client.post(path, body, { key: secret }).then((r) => ok(r, 201, what));
  const tierId = await setUpDelivery(client, secret);
  const zone = await post("/v1/shipping/zones", { zone_name: unique("Zone"), delivery_fee: 150, color: "#2E7D32", polygon: ZONE_POLYGON }, "zone");
  const category = await post("/v1/categories", { name: unique("Category") }, "category");
  const subcategory = await post("/v1/subcategories", { name: unique("Sub"), category_id: category.id }, "subcategory");
  const product = await createProduct(client, secret, unique("Lamp"), { price: 100_000, stock: 50 });
  const extra = await post(`/v1/products/${product.productId}/variants`, { sku: `SKU-${randomUUID().slice(0, 10)}`, price: 120_000, stock: 50 }, "variant");
  const productRead = ok(await client.get(`/v1/products/${product.productId}`, { key: secret }), 200, "product read");
  const collection = await post("/v1/product-collections", { name: unique("Collection") }, "collection");
  ok(await client.request("PUT", `/v1/product-collections/${collection.id}/items`, { key: secret, body: { items: [{ product_id: product.productId }] } }), 200, "collection items");
  const rule = await post("/v1/price-rules", { name: unique("Rule"), kind: "segment", segment: "returning", discount_type: "percentage", value: 5 }, "price rule");
  const currency = store.store.baseCurrency === "KES" ? "EUR" : "GBP";
  await post("/v1/exchange-rates", { currency, rate: store.store.baseCurrency === "KES" ? 0.0071 : 0.79 }, "exchange rate");
  const now = Date.now();
  const promotion = await post(
    "/v1/promotions",
    {
      name: unique("Promo"),
      type: "discount",
      discount_type: "percentage",
      discount_value: 5,
      start_date: new Date(now - 86_400_000).toISOString(),
      end_date: new Date(now + 10 * 86_400_000).toISOString(),
    },
    "promotion",
  );
  const giftCard = await post("/v1/gift-cards", { initial_balance: 1_000 }, "gift card");
  const postRecord = await post("/v1/posts", { title: unique("Post"), status: "published" }, "post");
  const lookbook = await post("/v1/lookbooks", { title: unique("Lookbook"), published_at: new Date(now - 60_000).toISOString() }, "lookbook");
  const endpoint = (await client.post("/v1/webhook_endpoints", { url: "https://hooks.example.com/storefront", events: ["order.created"] }, { key: secret }).then((r) =>
    ok(r, 201, "webhook endpoint"),
  )).webhook_endpoint;

  const customerX = await registerCustomer(client, secret, { name: "Customer X" });
  const customerY = await registerCustomer(client, secret, { name: "Customer Y" });
  const tokenX = { key: secret, headers: { "x-auth-token": customerX.accessToken } };
  const wishlist = ok(await client.post("/v1/wishlist", { variant_id: product.variantId, customer_id: customerX.id }, tokenX), 200, "wishlist");
  const thread = ok(await client.post("/v1/messaging/threads", { subject: "Where is it?", thread_type: "general", message: "Hello" }, tokenX), 201, "thread");

  // Customer X: an order, then a cart line left in the cart.
  await fillCustomerCart(client, publishable, { id: customerX.id, accessToken: customerX.accessToken }, [{ variantId: product.variantId, quantity: 1 }]);
  const orderX = ok(await client.post("/v1/orders", checkoutBody({ customer_id: customerX.id }), tokenX), 201, "customer order");
  await fillCustomerCart(client, publishable, { id: customerX.id, accessToken: customerX.accessToken }, [{ variantId: product.variantId, quantity: 1 }]);
  const cartX = ok(await client.get(`/v1/cart?customer_id=${customerX.id}`, { key: publishable, headers: { "x-auth-token": customerX.accessToken } }), 200, "cart");
  // An anonymous order, then an anonymous cart with a line.
  const orderSession = await fillSessionCart(client, publishable, [{ variantId: product.variantId, quantity: 1 }]);
  const order = ok(await client.post("/v1/orders", checkoutBody({ session_id: orderSession }), { key: secret }), 201, "order");
  const session = await fillSessionCart(client, publishable, [{ variantId: product.variantId, quantity: 1 }]);
  const sessionCart = ok(await client.get("/v1/cart", { key: publishable, headers: { "x-session-id": session } }), 200, "session cart");

  return {
    store,
    secret,
    publishable,
    hmacSecret: store.store.hmacSecret,
    productId: product.productId,
    variantId: product.variantId,
    extraVariantId: extra.variant_id ?? extra.id,
    productSlug: productRead.slug,
    categoryId: category.id,
    subcategoryId: subcategory.id,
    collectionId: collection.id,
    priceRuleId: rule.id,
    currency,
    promotionId: promotion.id,
    giftCardId: giftCard.id,
    giftCardCode: giftCard.code,
    tierId,
    zoneId: zone.id,
    postId: postRecord.id,
    postSlug: postRecord.slug,
    lookbookId: lookbook.id,
    lookbookSlug: lookbook.slug,
    webhookEndpointId: endpoint.id,
    webhookEventId: await knexEvents(),
    customerX,
    customerY,
    wishlistItemIdX: wishlist.items?.[0]?.id ?? wishlist.wishlist?.items?.[0]?.id,
    threadIdX: thread.id ?? thread.thread?.id,
    cartItemIdX: cartX.cart.items[0].id,
    session,
    sessionCartItemId: sessionCart.cart.items[0].id,
    orderIdX: orderX.id,
    orderLineIdX: orderX.items[0].id,
    orderId: order.id,
  };
};

/** A security application with the world of its first store built. */
export const startWorld = async (options: TestApplicationOptions = {}): Promise<{ t: TestApplication; world: StoreWorld }> => {
  const t = await startSecurityApplication(options);
  const knex = t.application.database.knex;
  const world = await buildWorld(t.client, t.store, async () => {
    const row: { id: string } | undefined = await knex("events").where({ store_id: t.store.store.id }).first("id");
    assert.ok(row !== undefined, "the world has an event");
    return row.id;
  });
  return { t, world };
};

/** The concrete path of a route addressing the world's records (`overrides` by parameter name). */
export const pathOf = (route: AnyRoute, world: StoreWorld, overrides: Readonly<Record<string, string>> = {}): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (overrides[name] !== undefined) return encodeURIComponent(overrides[name]);
    return encodeURIComponent(paramValue(route, name, world));
  });

const paramValue = (route: AnyRoute, name: string, w: StoreWorld): string => {
  const p = route.path;
  if (name === "variant_id") return w.extraVariantId;
  if (name === "slug") return w.productSlug;
  if (name === "currency") return w.currency;
  if (name === "provider") return "card_redirect";
  // A credit note's number, well formed (docs/invoices.md, "Numbers"): the route checks the token before looking it up.
  if (name === "number") return "CN-TEST-000001";
  if (name === "post") return route.method === "GET" ? w.postSlug : w.postId;
  if (name === "lookbook") return route.method === "GET" ? w.lookbookSlug : w.lookbookId;
  const byPrefix: ReadonlyArray<readonly [string, string]> = [
    ["/v1/products/", w.productId],
    ["/v1/prices/products/", w.productId],
    ["/v1/categories/", w.categoryId],
    ["/v1/subcategories/", w.subcategoryId],
    ["/v1/product-collections/", w.collectionId],
    ["/v1/price-rules/", w.priceRuleId],
    ["/v1/customers/", w.customerX.id],
    ["/v1/wishlist/items/", w.wishlistItemIdX],
    ["/v1/messaging/threads/", w.threadIdX],
    ["/v1/cart/items/", w.cartItemIdX],
    ["/v1/orders/", w.orderIdX],
    ["/v1/promotions/", w.promotionId],
    ["/v1/gift-cards/", w.giftCardId],
    ["/v1/shipping/tiers/", w.tierId],
    ["/v1/shipping/zones/", w.zoneId],
    ["/v1/webhook_endpoints/", w.webhookEndpointId],
    ["/v1/webhook_events/", w.webhookEventId],
  ];
  const found = byPrefix.find(([prefix]) => p.startsWith(prefix));
  if (found === undefined) throw new Error(`no world value for {${name}} of ${route.method} ${p}`);
  return found[1];
};

/** A body each write route accepts (given the world), so a test reaches the check it aims at. */
export const validBody = (route: AnyRoute, w: StoreWorld): Record<string, unknown> | undefined => {
  const now = Date.now();
  const bodies: Record<string, Record<string, unknown>> = {
    createProduct: { name: unique("Chair"), variants: [{ sku: `SKU-${randomUUID().slice(0, 10)}`, price: 5_000, stock: 3 }] },
    updateProduct: { description: "Changed" },
    addVariant: { sku: `SKU-${randomUUID().slice(0, 10)}`, price: 5_000, stock: 3 },
    updateVariant: { stock: 7 },
    createCategory: { name: unique("Category") },
    updateCategory: { description: "Changed" },
    createSubcategory: { name: unique("Sub"), category_id: w.categoryId },
    updateSubcategory: { description: "Changed" },
    createProductCollection: { name: unique("Collection") },
    updateProductCollection: { description: "Changed" },
    replaceProductCollectionItems: { items: [{ product_id: w.productId }] },
    createPriceRule: { name: unique("Rule"), kind: "volume", min_quantity: 10, discount_type: "percentage", value: 3 },
    updatePriceRule: { name: unique("Rule") },
    createExchangeRate: { currency: "ZAR", rate: 0.13 },
    updateExchangeRate: { rate: 0.0072 },
    registerCustomer: { email: `${randomUUID()}@example.com`, password: "correct horse battery", name: "New Customer" },
    logIn: { email: w.customerY.email, password: w.customerY.password },
    // The right current password would change customer Y's password for every later request: a wrong one is a 401.
    changeCustomerPassword: { current_password: "not the password", new_password: "Kilifi-Mango-Season-9" },
    requestOneTimeCode: { email: w.customerY.email },
    verifyOneTimeCode: { email: w.customerY.email, code: "000000" },
    refreshSession: { refresh_token: "rt_not_a_real_token_0000000000000000" },
    addWishlistItem: { variant_id: w.variantId, customer_id: w.customerX.id },
    openThread: { subject: "Question", thread_type: "general", message: "Hello" },
    sendMessage: { message_content: "Hello again" },
    addCartItem: { variant_id: w.variantId, quantity: 1 },
    updateCartItem: { quantity: 2 },
    updateStore: { tax_rate_percent: 16 },
    // The store's one zone at 16 %, prices without tax: what the world's store had (docs/taxes.md, "The store's settings over HTTP").
    replaceTaxSettings: {
      prices_include_tax: false,
      zones: [{ id: "ke", name: "Kenya", country: "KE", rates: { standard: "16" } }],
      default_zone_id: "ke",
      shipping_tax_class: "standard",
    },
    createOrder: checkoutBody({ session_id: w.session }),
    updateOrder: { notes: "Called the customer" },
    requestReturn: { lines: [{ line_id: w.orderLineIdX, quantity: 1 }], reason: "The seam is torn." },
    createPromotion: {
      name: unique("Promo"),
      type: "discount",
      discount_type: "fixed",
      discount_value: 100,
      end_date: new Date(now + 86_400_000).toISOString(),
    },
    updatePromotion: { description: "Changed" },
    issueGiftCard: { initial_balance: 500 },
    updateGiftCard: { maximum_usage_percentage: 50 },
    quoteShipping: { latitude: -1.2683, longitude: 36.8111 },
    createPricingTier: { tier_name: unique("Tier"), min_distance_meters: 10_000, max_distance_meters: 20_000, delivery_fee: 500 },
    updatePricingTier: { priority: 2 },
    createDeliveryZone: { zone_name: unique("Zone"), delivery_fee: 100, color: "#000000", polygon: ZONE_POLYGON },
    updateDeliveryZone: { priority: 3 },
    createPost: { title: unique("Post") },
    updatePost: { excerpt: "Changed" },
    createLookbook: { title: unique("Lookbook") },
    updateLookbook: { description: "Changed" },
    semanticSearchProducts: { query: "lamp" },
    recommendProducts: { limit: 3 },
    createWebhookEndpoint: { url: "https://hooks.example.com/other", events: ["order.paid"] },
    updateWebhookEndpoint: { metadata: { team: "ops" } },
    testWebhookEndpoint: { event_type: "order.created" },
    initializePayment: { provider: "card_redirect", amount: 10, currency: "KES", email: "a@example.com", success_url: "https://shop.example/ok", cancel_url: "https://shop.example/no" },
    verifyPayment: { reference: "pay_ref_unknown" },
    updateEmailPreferences: { turned_off: ["order_delivered"] },
  };
  if (route.body === undefined) return undefined;
  const body = bodies[route.operationId];
  if (body === undefined) throw new Error(`no valid body for ${route.operationId}`);
  return body;
};

/** Customer X's token and the anonymous session, for routes that look at them. */
export const customerHeaders = (w: StoreWorld, customer: SignedInCustomer = w.customerX): Record<string, string> => ({
  "x-auth-token": customer.accessToken,
  "x-session-id": w.session,
});

/** Sends `body` to a route as a client would: signed with `hmacSecret` and a fresh Idempotency-Key where the route asks. */
export const sendToRoute = (
  client: TestClient,
  route: AnyRoute,
  path: string,
  options: { readonly key?: string; readonly hmacSecret?: string; readonly body?: unknown; readonly headers?: Record<string, string> },
): Promise<TestResponse> => {
  const raw = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  let headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (route.signed === true && options.hmacSecret !== undefined) {
    headers = signedHeaders(raw ?? "", { key: options.key ?? "", secret: options.hmacSecret, headers });
  } else if (route.idempotency !== undefined) {
    headers["Idempotency-Key"] = `idem_${randomUUID()}`;
  }
  const request: RequestOptions = {
    ...(options.key !== undefined ? { key: options.key } : {}),
    headers,
    ...(raw !== undefined ? { body: raw } : {}),
  };
  return client.request(route.method, path, request);
};

/** Text that betrays a stack trace or an internal message. */
export const STACK_MARKERS: readonly RegExp[] = [/\bat [\w$.<>]+ \(/, /\.ts:\d+/, /\.js:\d+:\d+/, /node_modules/, /\bError: /, /SQLITE_[A-Z]|\bER_[A-Z_]+\b/, /knex|better-sqlite3|mysql2|sqlite_master|information_schema/i];

export const assertNoStackText = (response: TestResponse, what: string): void => {
  for (const marker of STACK_MARKERS) assert.doesNotMatch(response.text, marker, `${what}: the body leaks ${marker}: ${response.text.slice(0, 400)}`);
};

const ERROR_TYPES = new Set([
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "not_found_error",
  "conflict_error",
  "idempotency_error",
  "rate_limit_error",
  "api_error",
]);

/**
 * The error body (docs/api/errors.md, "The error body"), with `Request-Id` equal to its
 * `request_id`.
 */
export const assertErrorShape = (response: TestResponse, what: string): void => {
  const error = response.body?.error;
  assert.ok(typeof error === "object" && error !== null, `${what}: an error body: ${response.text.slice(0, 300)}`);
  assert.ok(ERROR_TYPES.has(error.type), `${what}: type ${error.type}`);
  assert.match(error.code, /^[a-z_]+$/, `${what}: code`);
  assert.equal(typeof error.message, "string", `${what}: message`);
  assert.match(error.request_id, /^req_/, `${what}: request_id`);
  assert.equal(response.headers.get("request-id"), error.request_id, `${what}: Request-Id header`);
  for (const name of Object.keys(error)) assert.ok(["type", "code", "message", "param", "request_id"].includes(name), `${what}: unexpected error field ${name}`);
};

/** Routes that take a key (every route except the providers' notifications). */
export const keyedRoutes = (routes: readonly AnyRoute[]): AnyRoute[] => routes.filter((r) => r.access !== "public");

export { address, newSession, unique };
