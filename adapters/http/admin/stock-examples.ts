// The examples of the admin API's stock operations (stock-routes.ts; docs/staff.md, "Stock
// ledger"), keyed by operationId: the demo lamp's stock adjusted, then its ledger read.
import { DEMO } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const exampleEntry = {
  id: "019ac0a1-5c3e-7d2a-9b4f-1e2d3c4b5a69",
  variant_id: DEMO.simpleVariant,
  product_id: DEMO.simpleProduct,
  sku: "LMP-SOAP-01",
  delta: 12,
  stock_before: 3,
  stock_after: 15,
  reason: "received",
  note: "Delivery note 4471",
  actor: { type: "api_key", id: "019ab0c2-9d1e-7f3a-8b2c-4d5e6f7a8b9c", label: "secret key" },
  order_id: null,
  request_id: "req_3f9a1c7e5b2d4068",
  created_at: "2026-11-27T09:14:05.120Z",
};

export const adminStockExamples = {
  adminAdjustStock: {
    params: { id: DEMO.simpleVariant },
    body: { delta: 12, reason: "received", note: "Delivery note 4471" },
    key: "secret",
    response: { status: 201, body: exampleEntry },
  },
  adminListStockLedger: {
    params: { id: DEMO.simpleVariant },
    query: { limit: "1" },
    key: "secret",
    // True once adminAdjustStock's example ran: the demo lamp's one entry.
    response: { status: 200, body: { entries: [exampleEntry], pagination: { limit: 1, next_cursor: null, has_more: false } } },
  },
} satisfies Record<string, RouteExample>;
