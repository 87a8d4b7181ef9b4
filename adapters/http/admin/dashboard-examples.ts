// The example of the admin API's dashboard (dashboard-routes.ts; docs/staff.md, "Dashboard"), keyed
// by operationId.
import { DEMO } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const day = (i: number): string => new Date(Date.UTC(2026, 9, 29) + i * 86_400_000).toISOString().slice(0, 10);
const examplePeriod = (from: string, orders: number, paid: number, revenue: number) => ({
  from,
  to: "2026-11-27",
  orders,
  paid_orders: paid,
  revenue,
  average_order_value: paid === 0 ? 0 : Math.round(revenue / paid),
  refunds: { count: 0, amount: 0 },
});
const exampleProduct = { product_id: DEMO.product, name: "Mudcloth Cushion Cover", units: 2, revenue: 900_000 };
const exampleDashboard = {
  currency: "KES",
  timezone: "Africa/Nairobi",
  generated_at: "2026-11-27T09:30:00.000Z",
  today: examplePeriod("2026-11-27", 3, 3, 4_872_000),
  last_7_days: examplePeriod("2026-11-21", 3, 3, 4_872_000),
  last_30_days: examplePeriod("2026-10-29", 3, 3, 4_872_000),
  by_day: Array.from({ length: 30 }, (_, i) => ({ date: day(i), orders: i === 29 ? 3 : 0, paid_orders: i === 29 ? 3 : 0, revenue: i === 29 ? 4_872_000 : 0 })),
  top_products: { by_units: [exampleProduct], by_revenue: [exampleProduct] },
  low_stock: {
    at_or_below: 5,
    variants: [
      { variant_id: DEMO.simpleVariant, product_id: DEMO.simpleProduct, product_name: "Soapstone Table Lamp", sku: "LMP-SOAP-01", variant_name: "Default", stock: 0, threshold: 3 },
    ],
    has_more: true,
  },
};

export const adminDashboardExamples = {
  adminGetDashboard: {
    query: { timezone: "Africa/Nairobi", top_limit: "1", low_stock_limit: "1" },
    key: "secret",
    response: { status: 200, body: exampleDashboard },
  },
} satisfies Record<string, RouteExample>;
