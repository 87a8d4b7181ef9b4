// Orders on knex: one query for the order rows, one for all their lines. Order numbers come
// from a per-store counter row updated inside the checkout's transaction, so two checkouts
// never share a number.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { OrderListFilter, OrderRepository } from "../../../application/ports/order-repository.js";
import type { FulfilmentStatus } from "../../../domain/orders/fulfilment.js";
import type { LineTaxFigures, Order, OrderLine, OrderTaxDetails, PaymentMethod } from "../../../domain/orders/order.js";
import type { OrderStatus, PaymentStatus } from "../../../domain/orders/order-status.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";
import { orderNumberBlocksOf } from "../order-number-blocks.js";

export interface OrderRow {
  id: string;
  store_id: string;
  order_number: string;
  customer_id: string | null;
  customer_email: string;
  customer_phone: string | null;
  customer_name: string;
  order_status: string;
  payment_status: string;
  fulfilment_status: string;
  payment_method: string;
  payment_reference: string | null;
  currency: string;
  subtotal: number | string;
  discount_amount: number | string;
  shipping_amount: number | string;
  tax_amount: number | string;
  tax_details?: string | null;
  gift_card_amount: number | string;
  total_amount: number | string;
  billing_address: string;
  shipping_address: string;
  notes: string | null;
  tracking_number: string | null;
  estimated_delivery: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  shipping_metadata: string;
  promotions: string;
  gift_card_id: string | null;
  stock_restored: number | boolean;
  gift_card_restored: number | boolean;
  livemode: number | boolean;
  created_at: string;
  updated_at: string;
}

export interface LineRow {
  id: string;
  order_id: string;
  product_id: string;
  variant_id: string | null;
  product_name: string;
  variant_name: string;
  sku: string;
  quantity: number;
  unit_price: number | string;
  line_total: number | string;
  position: number;
  // Null on lines of orders placed before per-line tax (migration 0038).
  tax_class?: string | null;
  tax_rate?: number | string | null;
  tax_exempt?: number | boolean | null;
  discount_share?: number | string | null;
  net_amount?: number | string | null;
  tax_amount?: number | string | null;
  gross_amount?: number | string | null;
}

const lineTaxOf = (l: LineRow): LineTaxFigures | null =>
  l.tax_class === null || l.tax_class === undefined
    ? null
    : {
        taxClass: l.tax_class,
        rate: Number(l.tax_rate ?? 0),
        exempt: readBoolean(l.tax_exempt),
        discount: Number(l.discount_share ?? 0),
        net: Number(l.net_amount ?? 0),
        tax: Number(l.tax_amount ?? 0),
        gross: Number(l.gross_amount ?? 0),
      };

/** The line's tax columns, null for a line without figures. */
const lineTaxColumns = (tax: LineTaxFigures | null | undefined) => ({
  tax_class: tax?.taxClass ?? null,
  tax_rate: tax?.rate ?? null,
  tax_exempt: tax === null || tax === undefined ? null : tax.exempt,
  discount_share: tax?.discount ?? null,
  net_amount: tax?.net ?? null,
  tax_amount: tax?.tax ?? null,
  gross_amount: tax?.gross ?? null,
});

export const toOrder = (row: OrderRow, lines: readonly LineRow[]): Order => ({
  id: row.id,
  orderNumber: row.order_number,
  customerId: row.customer_id,
  customerEmail: row.customer_email,
  customerPhone: row.customer_phone,
  customerName: row.customer_name,
  orderStatus: row.order_status as OrderStatus,
  paymentStatus: row.payment_status as PaymentStatus,
  fulfilmentStatus: row.fulfilment_status as FulfilmentStatus,
  paymentMethod: row.payment_method as PaymentMethod,
  paymentReference: row.payment_reference,
  currency: row.currency,
  subtotal: Number(row.subtotal),
  discountAmount: Number(row.discount_amount),
  shippingAmount: Number(row.shipping_amount),
  taxAmount: Number(row.tax_amount),
  taxDetails: readJson<OrderTaxDetails | null>(row.tax_details, null),
  giftCardAmount: Number(row.gift_card_amount),
  totalAmount: Number(row.total_amount),
  billingAddress: readJson(row.billing_address, { name: "", line1: "", city: "", country: "" }),
  shippingAddress: readJson(row.shipping_address, { name: "", line1: "", city: "", country: "" }),
  items: lines.map(
    (l): OrderLine => ({
      id: l.id,
      productId: l.product_id,
      variantId: l.variant_id,
      productName: l.product_name,
      variantName: l.variant_name,
      sku: l.sku,
      quantity: l.quantity,
      unitPrice: Number(l.unit_price),
      lineTotal: Number(l.line_total),
      tax: lineTaxOf(l),
    }),
  ),
  notes: row.notes,
  trackingNumber: row.tracking_number,
  estimatedDelivery: row.estimated_delivery,
  shippedAt: row.shipped_at,
  deliveredAt: row.delivered_at,
  shippingMetadata: readJson(row.shipping_metadata, {}),
  promotions: readJson(row.promotions, []),
  giftCardId: row.gift_card_id,
  stockRestored: readBoolean(row.stock_restored),
  giftCardRestored: readBoolean(row.gift_card_restored),
  livemode: readBoolean(row.livemode),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const columns = (storeId: string, o: Order) => ({
  id: o.id,
  store_id: storeId,
  order_number: o.orderNumber,
  customer_id: o.customerId,
  customer_email: o.customerEmail,
  customer_phone: o.customerPhone,
  customer_name: o.customerName,
  order_status: o.orderStatus,
  payment_status: o.paymentStatus,
  fulfilment_status: o.fulfilmentStatus,
  payment_method: o.paymentMethod,
  payment_reference: o.paymentReference,
  currency: o.currency,
  subtotal: o.subtotal,
  discount_amount: o.discountAmount,
  shipping_amount: o.shippingAmount,
  tax_amount: o.taxAmount,
  tax_details: o.taxDetails === null || o.taxDetails === undefined ? null : writeJson(o.taxDetails),
  gift_card_amount: o.giftCardAmount,
  total_amount: o.totalAmount,
  billing_address: writeJson(o.billingAddress),
  shipping_address: writeJson(o.shippingAddress),
  notes: o.notes,
  tracking_number: o.trackingNumber,
  estimated_delivery: o.estimatedDelivery,
  shipped_at: o.shippedAt,
  delivered_at: o.deliveredAt,
  shipping_metadata: writeJson(o.shippingMetadata),
  promotions: writeJson(o.promotions),
  gift_card_id: o.giftCardId,
  stock_restored: o.stockRestored,
  gift_card_restored: o.giftCardRestored,
  livemode: o.livemode,
  created_at: o.createdAt,
  updated_at: o.updatedAt,
});

const ONE_ORDER = "select * from orders where store_id = ? and id = ?";
const LINES_OF_ONE_ORDER = "select * from order_items where order_id = ? order by position";
// The update's columns are `columns`' own keys (taken once from an empty order), so the two cannot drift apart.
type UpdatedColumn = Exclude<keyof ReturnType<typeof columns>, "id" | "store_id" | "created_at">;
const UPDATED_COLUMNS = (Object.keys(columns("", { promotions: [], items: [] } as unknown as Order)) as Array<keyof ReturnType<typeof columns>>).filter(
  (name): name is UpdatedColumn => name !== "id" && name !== "store_id" && name !== "created_at",
);
const UPDATE_ORDER = `update orders set ${UPDATED_COLUMNS.map((name) => `${name} = ?`).join(", ")} where store_id = ? and id = ?`;

@injectable()
export class KnexOrderRepository implements OrderRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  private async withLines(q: Knex | Knex.Transaction, rows: readonly OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const lines: LineRow[] = await q("order_items").whereIn("order_id", rows.map((r) => r.id)).orderBy([{ column: "order_id" }, { column: "position" }]);
    return rows.map((row) => toOrder(row, lines.filter((l) => l.order_id === row.id)));
  }

  claimSequence(storeId: string): Promise<number | undefined> {
    return orderNumberBlocksOf(this.db).claim(storeId);
  }

  releaseSequence(storeId: string, number: number): void {
    orderNumberBlocksOf(this.db).release(storeId, number);
  }

  async nextSequence(storeId: string): Promise<number> {
    // A number of a block this process reserved and committed (see order-number-blocks.ts); else
    // the counter row, incremented in the caller's transaction.
    const reserved = orderNumberBlocksOf(this.db).take(storeId);
    if (reserved !== undefined) return reserved;
    return this.db.run(async (q) => {
      const updated = await q("order_sequences").where("store_id", storeId).increment("last_number", 1);
      if (updated === 0) {
        try {
          await q.transaction((trx) => trx("order_sequences").insert({ store_id: storeId, last_number: 1 }));
          return 1;
        } catch (error) {
          // Only "another checkout created the counter first" is handled here. Anything else — on
          // MySQL a deadlock between two first orders, which has already rolled back the whole
          // transaction — must reach the unit of work (which runs a deadlock victim again) instead
          // of letting the rest of the checkout run outside any transaction.
          if (!isUniqueViolation(error)) throw error;
          await q("order_sequences").where("store_id", storeId).increment("last_number", 1);
        }
      }
      const row: { last_number: number } | undefined = await q("order_sequences").where("store_id", storeId).first("last_number");
      return Number(row?.last_number ?? 1);
    });
  }

  /**
   * The order and its lines in two prepared statements (Database.insertRows): checkout's hottest
   * writes, which knex's builder made text of each time (docs/decisions/checkout.md, checkout-25).
   */
  async insert(storeId: string, order: Order): Promise<void> {
    await this.db.insertRows("orders", [columns(storeId, order)], 1);
    await this.db.insertRows(
      "order_items",
      order.items.map((l, position) => ({
          id: l.id,
          order_id: order.id,
          store_id: storeId,
          product_id: l.productId,
          variant_id: l.variantId,
          product_name: l.productName,
          variant_name: l.variantName,
          sku: l.sku,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          line_total: l.lineTotal,
        ...lineTaxColumns(l.tax),
        position,
      })),
      // One statement for a checkout's lines (a cart holds at most a few hundred).
      1_000,
    );
  }

  /** One order with its lines: two prepared statements (Database.select), the row locked when asked. */
  private async one(storeId: string, orderId: string, lock: boolean): Promise<Order | undefined> {
    const [row] = await this.db.select<OrderRow>(lock && this.db.dialect === "mysql" ? `${ONE_ORDER} for update` : ONE_ORDER, [storeId, orderId]);
    if (row === undefined) return undefined;
    return toOrder(row, await this.db.select<LineRow>(LINES_OF_ONE_ORDER, [orderId]));
  }

  find(storeId: string, orderId: string): Promise<Order | undefined> {
    return this.one(storeId, orderId, false);
  }

  lock(storeId: string, orderId: string): Promise<Order | undefined> {
    return this.one(storeId, orderId, true);
  }

  /** Every column but the keys and created_at, in one prepared statement. */
  async update(storeId: string, order: Order): Promise<void> {
    const { id, store_id: _s, created_at: _c, ...changes } = columns(storeId, order);
    const values = UPDATED_COLUMNS.map((name) => {
      const value = changes[name];
      return typeof value === "boolean" ? (value ? 1 : 0) : value;
    });
    await this.db.execute(UPDATE_ORDER, [...values, storeId, id]);
  }

  listPage(storeId: string, filter: OrderListFilter, page: PageRequest): Promise<Page<Order>> {
    return this.db.run(async (q) => {
      const query = q("orders").where("store_id", storeId);
      if (filter.customerId !== undefined) void query.where("customer_id", filter.customerId);
      if (filter.orderStatus !== undefined) void query.where("order_status", filter.orderStatus);
      if (filter.paymentStatus !== undefined) void query.where("payment_status", filter.paymentStatus);
      const rows: OrderRow[] = await applyKeyset(query, { column: "created_at", idColumn: "id", direction: "desc" }, page);
      const cut = toPage(rows, page, (r) => [r.created_at, r.id], (r) => r);
      return { items: await this.withLines(q, cut.items), hasMore: cut.hasMore, nextCursor: cut.nextCursor };
    });
  }
}
