// Stock adjustments and the stock ledger on the admin API (docs/staff.md, "Stock ledger").
import { AdjustStock } from "../../../application/catalog/adjust-stock.js";
import { ListStockLedger } from "../../../application/catalog/list-stock-ledger.js";
import { StockAdjustmentInput } from "../../../application/catalog/stock-ledger-records.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ADJUSTMENT_REASONS, SYSTEM_STOCK_REASONS } from "../../../domain/catalog/stock-ledger.js";
import { cursorParam, integerParam } from "../query-params.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Pagination, pagination } from "../schemas/pagination-schema.js";
import { adminStockExamples } from "./stock-examples.js";

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

@injectable()
export class StockRoutes implements RouteModule {
  constructor(@inject(AdjustStock) private readonly adjustStock: AdjustStock,
    @inject(ListStockLedger) private readonly listStockLedger: ListStockLedger) {}

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
        example: adminStockExamples.adminAdjustStock,
        success: { status: 201, description: "The ledger entry the adjustment wrote.", schema: StockLedgerEntry },
        handle: ({ principal, params, body }) => this.adjustStock.execute(principal, params.id, body),
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
        example: adminStockExamples.adminListStockLedger,
        success: { status: 200, description: "A page of ledger entries.", schema: Schema.Struct({ entries: Schema.Array(StockLedgerEntry), pagination: Pagination }) },
        handle: async ({ principal, params, query }) => {
          const page = await this.listStockLedger.execute(principal, params.id, { limit: query.limit, cursor: query.cursor });
          return { entries: page.items, pagination: pagination(page, query.limit) };
        },
      }),
    ];
  }
}
