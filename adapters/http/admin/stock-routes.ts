// Stock adjustments and the stock ledger on the admin API (docs/staff.md, "Stock ledger").
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AdjustStock, StockAdjustmentInput } from "../../../application/catalog/adjust-stock.js";
import { ADJUSTMENT_REASONS, SYSTEM_STOCK_REASONS } from "../../../domain/catalog/stock-ledger.js";
import { DEMO } from "../examples/example-ids.js";
import { cursorParam, integerParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";

const TAG = "Stock";

const ByVariant = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The variant's id." }) });

export const StockLedgerEntry = Schema.Struct({
  id: Schema.String,
  variant_id: Schema.String,
  product_id: Schema.String,
  sku: Schema.String.annotations({ description: "The variant's SKU when the entry was written." }),
  delta: Schema.Number.annotations({ description: "Units added (negative: taken)." }),
  stock_before: Schema.Number,
  stock_after: Schema.Number,
  reason: Schema.Literal(...ADJUSTMENT_REASONS, ...SYSTEM_STOCK_REASONS).annotations({
    description:
      "An adjustment's reason, or the system's: `order_cancelled`, `order_refunded` (units given back), `returned` (a return received into stock), `variant_edited` (a variant update set the stock).",
  }),
  note: Schema.NullOr(Schema.String),
  actor: Schema.Struct({
    type: Schema.String.annotations({ description: "`staff`, `api_key` or `system`." }),
    id: Schema.NullOr(Schema.String),
    label: Schema.String.annotations({ description: "The member's email or the key's name." }),
  }),
  order_id: Schema.NullOr(Schema.String).annotations({ description: "The order whose cancellation, refund or return moved the stock." }),
  request_id: Schema.NullOr(Schema.String),
  created_at: Schema.String,
}).annotations({ identifier: "StockLedgerEntry" });

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

@injectable()
export class StockRoutes implements RouteModule {
  constructor(@inject(AdjustStock) private readonly stock: AdjustStock) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminAdjustStock",
        method: "POST",
        path: "/admin/v1/variants/{id}/stock-adjustments",
        summary: "Adjust a variant's stock with a reason (an entry in its stock ledger)",
        description:
          "Changes the variant's stock by `delta` units (negative to take away) or sets it to `set_to` (after a count), with a `reason` and an optional `note`, and appends a stock ledger entry: who, why, the stock before and after, when. Concurrent adjustments of one variant queue on its row and none is lost. Stock never goes below 0 by an adjustment: such a request is a 422 `stock_below_zero` and changes nothing. Sending both or neither of `delta` and `set_to`, or `delta` 0, is a 400. A fall to or below the variant's threshold records `product.stock_low`. Recorded in the audit log as `variant.stock_adjust`.",
        tag: TAG,
        access: "secret",
        permission: "stock.adjust",
        params: ByVariant,
        body: StockAdjustmentInput,
        errors: [404, 422],
        example: {
          params: { id: DEMO.simpleVariant },
          body: { delta: 12, reason: "received", note: "Delivery note 4471" },
          key: "secret",
          response: { status: 201, body: exampleEntry },
        },
        success: { status: 201, description: "The ledger entry the adjustment wrote.", schema: StockLedgerEntry },
        handle: ({ principal, params, body }) => this.stock.execute(principal, params.id, body),
      }),
      defineRoute({
        operationId: "adminListStockLedger",
        method: "GET",
        path: "/admin/v1/variants/{id}/stock-ledger",
        summary: "A variant's stock ledger, newest first",
        description:
          "Every change of the variant's stock: adjustments by staff or the secret key, and the system's own moves (an order cancelled or refunded, a return received, a variant update that set the stock; not the units checkout takes), each with who, why, the stock before and after, and when. Newest first, cursor pagination. Another store's variant is a 404.",
        tag: TAG,
        access: "secret",
        permission: "catalog.read",
        params: ByVariant,
        query: Schema.Struct({
          limit: Schema.optionalWith(integerParam(1, 200), { default: () => 50 }).annotations({ description: "Most entries in one page." }),
          cursor: Schema.optional(cursorParam).annotations({ description: "Where to continue: a previous page's pagination.next_cursor." }),
        }),
        errors: [404],
        example: {
          params: { id: DEMO.simpleVariant },
          query: { limit: "1" },
          key: "secret",
          // True once adminAdjustStock's example ran: the demo lamp's one entry.
          response: { status: 200, body: { entries: [exampleEntry], pagination: { limit: 1, next_cursor: null, has_more: false } } },
        },
        success: { status: 200, description: "A page of ledger entries.", schema: Schema.Struct({ entries: Schema.Array(StockLedgerEntry), pagination: Pagination }) },
        handle: async ({ principal, params, query }) => {
          const page = await this.stock.ledgerPage(principal, params.id, { limit: query.limit, cursor: query.cursor });
          return { entries: page.items, pagination: pagination(page, query.limit) };
        },
      }),
    ];
  }
}
