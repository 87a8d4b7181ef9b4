// The bench scenarios, one entry each: what is requested, with which key, and what must exist
// first (checkout's carts, the admin writes' paid orders). bench/run.ts runs every one of them on each dialect.
import type autocannon from "autocannon";
import { seedCheckoutCarts } from "./bench-carts.js";
import type { SeedSummary } from "./bench-seed.js";
import { preparePaidOrders } from "./paid-orders.js";

/** What a scenario's preparation may use: the running server, the seeded store and its database. */
export interface PrepareContext {
  readonly baseUrl: string;
  readonly seed: SeedSummary;
  readonly databaseUrl: string;
  /** At most how many requests the warm-up and the measured run together may send (plus the probes). */
  readonly requestBudget: number;
}

export interface Scenario {
  readonly name: string;
  /** What the table and the JSON call it, e.g. "GET /v1/products/{id}". */
  readonly label: string;
  /** The key the requests carry. */
  readonly key: "publishable" | "secret";
  /**
   * The requests a connection cycles through, each connection starting at its own offset.
   * Entries are autocannon requests: method, path, headers, body, and for stateful flows
   * (create a cart, then add to it) setupRequest/onResponse with the connection's context.
   */
  requests(seed: SeedSummary): autocannon.Request[];
  /** Headers of one connection (e.g. its own cart session), given the connection's index. */
  connectionHeaders?(index: number): Record<string, string>;
  /** Runs once before the scenario's probes (e.g. seeds the carts checkouts consume). */
  prepare?(context: PrepareContext): Promise<void>;
}

/** A checkout body for a session cart, delivered 2 km from the store (see the checkout scenario). */
const checkoutBody = (session: string): string =>
  JSON.stringify({
    session_id: session,
    email: "bench@example.com",
    name: "Bench Shopper",
    shipping_address: { name: "Bench Shopper", line1: "Waiyaki Way 12", city: "Nairobi", country: "KE", latitude: -1.2683, longitude: 36.8111 },
    payment_method: "mobile_stk",
  });

const checkoutSession = (n: number): string => `bench-${runId}-order-${String(n).padStart(6, "0")}`;
let checkoutsSent = 0;

/** Sends a JSON request with the secret key and fails loudly unless it succeeds. */
const setUp = async (context: PrepareContext, method: string, path: string, body: unknown): Promise<void> => {
  const response = await fetch(`${context.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${context.seed.secret_key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
};

const runId = Date.now().toString(36);

/** The store delivers around Nairobi (16% tax, one 0-10 km tier): set up once per bench database. */
const deliveryReady = new Map<string, Promise<void>>();
const setUpDelivery = (context: PrepareContext): Promise<void> => {
  let ready = deliveryReady.get(context.databaseUrl);
  if (ready === undefined) {
    ready = (async () => {
      await setUp(context, "PATCH", "/v1/store", { latitude: -1.2864, longitude: 36.8172, tax_rate_percent: 16 });
      await setUp(context, "POST", "/v1/shipping/tiers", {
        tier_name: "Nairobi 0-10 km",
        min_distance_meters: 0,
        max_distance_meters: 10_000,
        delivery_fee: 300,
        free_delivery_threshold: null,
      });
    })();
    deliveryReady.set(context.databaseUrl, ready);
  }
  return ready;
};

/** Refunds the admin-refund scenario makes of each of its orders at most (100 minor units each). */
const REFUNDS_PER_ORDER = 4;
/** Lines of each order the admin scenarios prepare. */
const ADMIN_ORDER_LINES = 2;
let fulfilOrders: readonly string[] = [];
let fulfilsSent = 0;
let refundOrders: readonly string[] = [];
let refundsSent = 0;
let adminBatch = 0;

export const SCENARIOS: readonly Scenario[] = [
  {
    name: "product-by-slug",
    label: "GET /v1/products/by-slug/{slug}",
    key: "publishable",
    requests: (seed) => seed.sample.slugs.map((slug) => ({ method: "GET", path: `/v1/products/by-slug/${slug}` })),
  },
  {
    name: "product-by-id",
    label: "GET /v1/products/{id}",
    key: "publishable",
    requests: (seed) => seed.sample.product_ids.map((id) => ({ method: "GET", path: `/v1/products/${id}` })),
  },
  {
    name: "product-list",
    label: "GET /v1/products?limit=50",
    key: "publishable",
    requests: () => [{ method: "GET", path: "/v1/products?limit=50" }],
  },
  {
    name: "categories",
    label: "GET /v1/categories",
    key: "publishable",
    requests: () => [{ method: "GET", path: "/v1/categories" }],
  },
  {
    name: "prices-50",
    label: "GET /v1/prices?limit=50",
    key: "publishable",
    requests: () => [{ method: "GET", path: "/v1/prices?limit=50" }],
  },
  {
    name: "prices-200",
    label: "GET /v1/prices?limit=200",
    key: "publishable",
    requests: () => [{ method: "GET", path: "/v1/prices?limit=200" }],
  },
  {
    name: "prices-50-place",
    label: "GET /v1/prices?limit=50&place_name=Kampala",
    key: "publishable",
    requests: () => [{ method: "GET", path: "/v1/prices?limit=50&place_name=Kampala" }],
  },
  {
    name: "prices-200-place",
    label: "GET /v1/prices?limit=200&place_name=Kampala",
    key: "publishable",
    requests: () => [{ method: "GET", path: "/v1/prices?limit=200&place_name=Kampala" }],
  },
  {
    name: "cart-add",
    label: "POST /v1/cart/items (20 carts per connection)",
    key: "publishable",
    // A shopper's cart holds a handful of lines: each connection spreads its adds over 20 session
    // carts, so carts stay small as in a store, and the first adds also create carts.
    requests: (seed) => {
      let sent = 0;
      return seed.sample.variant_ids.map((variantId) => ({
        method: "POST",
        path: "/v1/cart/items",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ variant_id: variantId, quantity: 1 }),
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, "x-session-id": `bench-${runId}-cart-${String(sent++ % 1000).padStart(4, "0")}` },
        }),
      }));
    },
  },
  {
    name: "checkout",
    label: "POST /v1/orders (a seeded 1-line cart each)",
    key: "secret",
    // The store delivers around Nairobi (16% tax, one 0-10 km tier); every checkout takes the next
    // seeded session cart, so each request is a full checkout: price, stock, shipping, tax, order, events.
    prepare: async (context) => {
      await setUpDelivery(context);
      const sessions = Array.from({ length: context.requestBudget }, (_, i) => checkoutSession(checkoutsSent + i));
      await seedCheckoutCarts(context.databaseUrl, context.seed.store_id, context.seed.sample.variant_ids, sessions);
    },
    requests: () => [
      {
        method: "POST",
        path: "/v1/orders",
        headers: { "content-type": "application/json" },
        setupRequest: (request: autocannon.Request) => ({ ...request, body: checkoutBody(checkoutSession(checkoutsSent++)) }),
      },
    ],
  },
  {
    name: "admin-fulfil",
    label: "POST /admin/v1/orders/{id}/fulfilments (a paid 2-line order each)",
    key: "secret",
    // Issue 33, item 5: each request ships the whole of its own paid, unfulfilled order (prepared
    // through checkout and the signed payment update, one per request the run may send): the order
    // locked, the parcel, pending -> processing -> shipped, fulfilment.created, order.fulfilled, audit.
    prepare: async (context) => {
      await setUpDelivery(context);
      fulfilOrders = await preparePaidOrders(context, { count: context.requestBudget, linesPerOrder: ADMIN_ORDER_LINES, label: `${runId}-fulfil-${adminBatch++}` });
      fulfilsSent = 0;
    },
    requests: () => [
      {
        method: "POST",
        path: "/admin/v1/orders/{id}/fulfilments",
        headers: { "content-type": "application/json" },
        setupRequest: (request: autocannon.Request) => {
          const n = fulfilsSent++;
          // Past the prepared orders (only the yardstick's run goes there) an order repeats: a 422.
          const orderId = fulfilOrders[n % Math.max(1, fulfilOrders.length)];
          return {
            ...request,
            path: `/admin/v1/orders/${orderId}/fulfilments`,
            body: JSON.stringify({ carrier: "G4S Courier", tracking_number: `G4S-KE-${String(n).padStart(7, "0")}` }),
          };
        },
      },
    ],
  },
  {
    name: "admin-refund",
    label: "POST /admin/v1/orders/{id}/refunds (100 minor units, manual)",
    key: "secret",
    // Issue 33, item 5: a partial refund by amount with its own Idempotency-Key, of orders paid
    // off-line (no provider payment: destination `manual`, so our own cost is measured, no
    // provider's). Request n refunds order n mod (budget / 4): each order up to 4 times, a lap apart.
    prepare: async (context) => {
      await setUpDelivery(context);
      const count = Math.ceil(context.requestBudget / REFUNDS_PER_ORDER);
      refundOrders = await preparePaidOrders(context, { count, linesPerOrder: ADMIN_ORDER_LINES, label: `${runId}-refund-${adminBatch++}` });
      refundsSent = 0;
    },
    requests: () => [
      {
        method: "POST",
        path: "/admin/v1/orders/{id}/refunds",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: 100, reason: "Bench: goodwill" }),
        setupRequest: (request: autocannon.Request) => {
          const n = refundsSent++;
          const orderId = refundOrders[n % Math.max(1, refundOrders.length)];
          return {
            ...request,
            path: `/admin/v1/orders/${orderId}/refunds`,
            headers: { ...request.headers, "idempotency-key": `bench-${runId}-refund-${adminBatch}-${n}` },
          };
        },
      },
    ],
  },
  {
    // Every request a query not asked before in the run (two words of a sampled product's handle,
    // in a different pair each time): no answer cache hit, the search itself measured.
    name: "search-uncached",
    label: "GET /v1/search?q=... (distinct queries)",
    key: "publishable",
    requests: (seed) => {
      const words = seed.sample.slugs.map((slug) => slug.split("-").filter((w) => /^[a-z]{3,}$/.test(w)));
      const queries = new Set<string>();
      for (let i = 0; queries.size < 20_000 && i < 200_000; i++) {
        const a = words[i % words.length]!;
        const b = words[(i * 7 + 3) % words.length]!;
        if (a.length === 0 || b.length === 0) continue;
        queries.add(`${a[i % a.length]} ${b[(i >> 3) % b.length]}`);
      }
      return [...queries].map((q) => ({ method: "GET", path: `/v1/search?q=${encodeURIComponent(q)}` }));
    },
  },
  {
    name: "search",
    label: "GET /v1/search?q=... (8 queries)",
    key: "publishable",
    requests: () =>
      ["denim jacket", "linen trousers", "maxi dress", "graphic tee", "chinos", "rain jaket", "puffer", "wrap dress"].map((q) => ({
        method: "GET",
        path: `/v1/search?q=${encodeURIComponent(q)}`,
      })),
  },
];
