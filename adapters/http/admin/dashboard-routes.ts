// The dashboard on the admin API (docs/staff.md, "Dashboard").
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ReadDashboard } from "../../../application/dashboard/read-dashboard.js";
import { integerParam, textParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { adminDashboardExamples } from "./dashboard-examples.js";

const TAG = "Dashboard";

const Period = Schema.Struct({
  from: Schema.String.annotations({ description: "First day of the period, YYYY-MM-DD in the time zone." }),
  to: Schema.String.annotations({ description: "Last day (today)." }),
  orders: Schema.Number.annotations({ description: "Orders placed." }),
  paid_orders: Schema.Number.annotations({ description: "Of those, the ones paid (at any time since)." }),
  revenue: Schema.Number.annotations({ description: "The paid orders' totals, integer minor units of the store currency." }),
  average_order_value: Schema.Number.annotations({ description: "revenue / paid_orders, rounded, minor units; 0 without paid orders." }),
  refunds: Schema.Struct({
    count: Schema.Number.annotations({ description: "Refunds that succeeded in the period." }),
    amount: Schema.Number.annotations({ description: "What they returned, minor units." }),
  }),
}).annotations({ identifier: "DashboardPeriod" });

const ProductSales = Schema.Struct({
  product_id: Schema.String,
  name: Schema.String,
  units: Schema.Number.annotations({ description: "Units in paid orders placed in the 30 days." }),
  revenue: Schema.Number.annotations({ description: "Their line totals (before order discounts), minor units." }),
});

const LowStock = Schema.Struct({
  variant_id: Schema.String,
  product_id: Schema.String,
  product_name: Schema.String,
  sku: Schema.String,
  variant_name: Schema.String,
  stock: Schema.Number,
  threshold: Schema.NullOr(Schema.Number),
});

export const Dashboard = Schema.Struct({
  currency: Schema.String.annotations({ description: "The store currency every amount is in (minor units)." }),
  timezone: Schema.String.annotations({ description: "The time zone whose days are counted." }),
  generated_at: Schema.String,
  today: Period,
  last_7_days: Period,
  last_30_days: Period,
  by_day: Schema.Array(
    Schema.Struct({ date: Schema.String, orders: Schema.Number, paid_orders: Schema.Number, revenue: Schema.Number }),
  ).annotations({ description: "The 30 days, oldest first: orders placed and the paid ones' revenue (a chart)." }),
  top_products: Schema.Struct({
    by_units: Schema.Array(ProductSales),
    by_revenue: Schema.Array(ProductSales),
  }),
  low_stock: Schema.Struct({
    at_or_below: Schema.Number,
    variants: Schema.Array(LowStock).annotations({ description: "Variants of active products with at most `at_or_below` units, fewest first." }),
    has_more: Schema.Boolean,
  }),
}).annotations({ identifier: "Dashboard" });

@injectable()
export class DashboardRoutes implements RouteModule {
  constructor(@inject(ReadDashboard) private readonly dashboard: ReadDashboard) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminGetDashboard",
        method: "GET",
        path: "/admin/v1/dashboard",
        summary: "Sales at a glance: orders, revenue, refunds, top products, low stock",
        description:
          "For today, the last 7 and the last 30 days (today included) of the time zone: orders placed, the paid ones and their revenue (their totals, in integer minor units of the store currency, counted on the day the order was placed), the average order value, and refunds that succeeded (count and amount). Also orders and revenue for each of the 30 days (for a chart), the products selling most units and most revenue in paid orders of the 30 days, and the variants of active products with at most `low_stock_below` units (default 5), fewest first. Days are those of `timezone` (an IANA name), or of the store's own `time_zone` setting when it is absent. Figures count orders of live and test keys together, as the order list shows them.",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        query: Schema.Struct({
          timezone: Schema.optional(textParam(64)).annotations({ description: "IANA time zone whose days are counted, e.g. Africa/Nairobi; the store's `time_zone` when absent." }),
          low_stock_below: Schema.optionalWith(integerParam(0, 1_000_000_000), { default: () => 5 }).annotations({
            description: "Low stock: variants with this many units or fewer.",
          }),
          low_stock_limit: Schema.optionalWith(integerParam(1, 100), { default: () => 20 }).annotations({ description: "Most low-stock variants listed." }),
          top_limit: Schema.optionalWith(integerParam(1, 50), { default: () => 10 }).annotations({ description: "Most products in each top list." }),
        }),
        errors: [400],
        example: adminDashboardExamples.adminGetDashboard,
        success: { status: 200, description: "The dashboard's figures.", schema: Dashboard },
        handle: ({ principal, query }) =>
          this.dashboard.execute(principal, {
            timezone: query.timezone,
            lowStockAtOrBelow: query.low_stock_below,
            lowStockLimit: query.low_stock_limit,
            topLimit: query.top_limit,
          }),
      }),
    ];
  }
}
