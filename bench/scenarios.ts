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
  /** Runs once after the scenario's runs (e.g. ends a promotion later scenarios should not see). */
  finish?(context: PrepareContext): Promise<void>;
  /**
   * The bare server that does this scenario's database work and nothing else (write-floor-server.ts),
   * measured after the ceiling in the same run: the least any server sending these statements spends.
   */
  readonly floor?: "cart-add";
}

/** A checkout body for a session cart, delivered 2 km from the store (see the checkout scenario). */
const checkoutBody = (session: string, giftCardCode?: string): string =>
  JSON.stringify({
    session_id: session,
    email: "bench@example.com",
    name: "Bench Shopper",
    shipping_address: { name: "Bench Shopper", line1: "Waiyaki Way 12", city: "Nairobi", country: "KE", latitude: -1.2683, longitude: 36.8111 },
    payment_method: "mobile_stk",
    ...(giftCardCode === undefined ? {} : { gift_card_code: giftCardCode }),
  });

const checkoutSession = (n: number): string => `bench-${runId}-order-${String(n).padStart(6, "0")}`;
let checkoutsSent = 0;

/** Sends a JSON request with the secret key and fails loudly unless it succeeds; answers the body (null for none). */
const setUp = async (context: PrepareContext, method: string, path: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(`${context.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${context.seed.secret_key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === "" ? null : (JSON.parse(text) as unknown);
};

// The realistic checkout (issue 36, item 1): 3-5 lines, a percentage promotion, a gift card on
// one checkout in ten, shipping by distance and the store's tax.
const realisticSession = (n: number): string => `bench-${runId}-real-${String(n).padStart(6, "0")}`;
/** Lines of cart n: 3, 4, 5, 3, 4, 5... (4 on average). */
const realisticLines = (n: number): number => 3 + (n % 3);
/** Units of a line: the first line of every other cart 2, others 1. */
const realisticQuantity = (n: number, position: number): number => (position === 0 && n % 2 === 1 ? 2 : 1);
/** Checkout n carries a gift card when n % 10 is 9: one in ten. */
const GIFT_CARD_EVERY = 10;
/** Each card pays part of one order (carts total about 150-500 KES): KES 50, one card per use. */
const GIFT_CARD_BALANCE = 50;
let realisticSent = 0;
let giftCardCodes: readonly string[] = [];
let realisticPromotion: string | undefined;

/** Runs `work(i)` for i in [0, count), 8 at a time. */
const eightAtATime = async <T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> => {
  const out = new Array<T>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      out[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, count) }, worker));
  return out;
};

const runId = Date.now().toString(36);

/** The adds a cart-add session cart gets (the cart-add scenario). */
const CART_ADDS_PER_CART = 5;

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
    label: "POST /v1/cart/items (at most 5 adds a cart)",
    key: "publishable",
    floor: "cart-add",
    // A shopper's cart holds a handful of lines (3-5 in a store): the adds go round 1,000 session
    // carts (20 a connection), and every 5,000 adds the next 1,000 fresh carts take over, so a cart
    // gets at most CART_ADDS_PER_CART adds, a thousand requests apart (never two at once), and one
    // add in five creates its cart. Until 2026-11-27 the same 1,000 carts took every add of the run,
    // ours and the floor's, and grew with its length: 9-10 lines a cart by the end of a 10,000-product
    // SQLite run, each add then reading every line's variant (docs/benchmarks.md, "The write floor").
    requests: (seed) => {
      let sent = 0;
      const session = (n: number): string => `bench-${runId}-cart-${Math.floor(n / (1000 * CART_ADDS_PER_CART))}-${String(n % 1000).padStart(4, "0")}`;
      return seed.sample.variant_ids.map((variantId) => ({
        method: "POST",
        path: "/v1/cart/items",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ variant_id: variantId, quantity: 1 }),
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, "x-session-id": session(sent++) },
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
    name: "checkout-realistic",
    label: "POST /v1/orders (3-5 lines, 10% promotion, gift card 1 in 10)",
    key: "secret",
    // Issue 36, item 1: a cart as shops see them. Each checkout takes the next seeded session cart
    // of 3-5 lines (distinct variants; the first line of every other cart 2 units), one percentage
    // promotion (10 % off everything, no limit) is active, one checkout in ten pays part with its
    // own gift card (KES 50, issued through the API), delivery by distance (the 0-10 km tier, 2 km
    // away) and the store's 16 % tax. The promotion is deleted after the scenario, so later ones
    // do not see it.
    prepare: async (context) => {
      await setUpDelivery(context);
      const far = new Date(Date.now() + 365 * 24 * 3_600_000).toISOString();
      const promotion = (await setUp(context, "POST", "/v1/promotions", {
        name: "Bench: 10% off everything",
        type: "discount",
        discount_value: 10,
        discount_type: "percentage",
        min_purchase: 0,
        max_discount: null,
        end_date: far,
        status: "active",
        usage_limit: null,
        usage_per_customer: null,
      })) as { id: string };
      realisticPromotion = promotion.id;
      const cards = Math.ceil(context.requestBudget / GIFT_CARD_EVERY);
      const started = performance.now();
      giftCardCodes = await eightAtATime(cards, async () => ((await setUp(context, "POST", "/v1/gift-cards", { initial_balance: GIFT_CARD_BALANCE })) as { code: string }).code);
      process.stderr.write(`  checkout-realistic: ${cards} gift cards issued in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      const sessions = Array.from({ length: context.requestBudget }, (_, i) => realisticSession(realisticSent + i));
      const first = realisticSent;
      await seedCheckoutCarts(
        context.databaseUrl,
        context.seed.store_id,
        context.seed.sample.variant_ids,
        sessions,
        (i) => realisticLines(first + i),
        (i, position) => realisticQuantity(first + i, position),
      );
    },
    finish: async (context) => {
      if (realisticPromotion !== undefined) await setUp(context, "DELETE", `/v1/promotions/${realisticPromotion}`);
      realisticPromotion = undefined;
    },
    requests: () => [
      {
        method: "POST",
        path: "/v1/orders",
        headers: { "content-type": "application/json" },
        setupRequest: (request: autocannon.Request) => {
          const n = realisticSent++;
          const card = n % GIFT_CARD_EVERY === GIFT_CARD_EVERY - 1 ? giftCardCodes[Math.floor(n / GIFT_CARD_EVERY) % Math.max(1, giftCardCodes.length)] : undefined;
          return { ...request, body: checkoutBody(realisticSession(n), card) };
        },
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
