// The bench scenarios, one entry each: what is requested, with which key. Later operations
// (prices, cart add, checkout, search) are added here and run by bench/run.ts unchanged.
import type autocannon from "autocannon";
import type { SeedSummary } from "./bench-seed.js";

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
}

const runId = Date.now().toString(36);

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
];
