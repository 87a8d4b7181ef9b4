// Refunds, each order's refund balance row and the restocked units of order lines, on knex.
// `lock` reads FOR UPDATE on MySQL (SQLite has one writer); `writeBalance` writes the order's one
// balance row in every reservation, so two reservations of one order conflict on it on every
// dialect and on Galera (docs/decisions/payments.md, "payments-25").
import { inject, injectable } from "inversify";
import type { OrderRestock, RefundRepository } from "../../../application/ports/refund-repository.js";
import type { Refund, RefundDestination, RefundLine, RefundStatus } from "../../../domain/orders/refund.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { randomUUID } from "node:crypto";

interface RefundRow {
  id: string;
  store_id: string;
  order_id: string;
  return_id: string | null;
  payment_id: string | null;
  status: string;
  amount: number | string;
  provider_share: number | string;
  provider_amount: number | string;
  gift_card_amount: number | string;
  currency: string;
  destination: string | null;
  lines: string;
  tax_amount?: number | string | null;
  restock: number | boolean;
  reason: string | null;
  idempotency_key: string;
  provider_refund_id: string | null;
  failure_reason: string | null;
  checks: number | string;
  next_check_at: string | null;
  livemode: number | boolean;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  orderId: row.order_id,
  returnId: row.return_id,
  paymentId: row.payment_id,
  status: row.status as RefundStatus,
  amount: Number(row.amount),
  providerShare: Number(row.provider_share),
  providerAmount: Number(row.provider_amount),
  giftCardAmount: Number(row.gift_card_amount),
  currency: row.currency,
  destination: row.destination as RefundDestination | null,
  taxAmount: row.tax_amount === null || row.tax_amount === undefined ? null : Number(row.tax_amount),
  lines: readJson<Array<{ line_id: string; quantity: number; amount: number; tax?: number | null }>>(row.lines, []).map(
    (line): RefundLine => ({ lineId: line.line_id, quantity: line.quantity, amount: line.amount, tax: line.tax ?? null }),
  ),
  restock: readBoolean(row.restock),
  reason: row.reason,
  idempotencyKey: row.idempotency_key,
  providerRefundId: row.provider_refund_id,
  failureReason: row.failure_reason,
  checks: Number(row.checks),
  nextCheckAt: row.next_check_at,
  livemode: readBoolean(row.livemode),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  settledAt: row.settled_at,
});

const stateColumns = (r: Refund) => ({
  status: r.status,
  provider_refund_id: r.providerRefundId,
  failure_reason: r.failureReason === null ? null : r.failureReason.slice(0, 1000),
  checks: r.checks,
  next_check_at: r.nextCheckAt,
  updated_at: r.updatedAt,
  settled_at: r.settledAt,
});

@injectable()
export class KnexRefundRepository implements RefundRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  // Insert and update are prepared statements (Database.insertRows / execute): every refund makes both.
  async insert(storeId: string, r: Refund): Promise<void> {
    await this.db.insertRows(
      "refunds",
      [
        {
          id: r.id,
          store_id: storeId,
          order_id: r.orderId,
          return_id: r.returnId,
          payment_id: r.paymentId,
          amount: r.amount,
          provider_share: r.providerShare,
          provider_amount: r.providerAmount,
          gift_card_amount: r.giftCardAmount,
          currency: r.currency,
          destination: r.destination,
          lines: writeJson(
            r.lines.map((line) => ({ line_id: line.lineId, quantity: line.quantity, amount: line.amount, ...(typeof line.tax === "number" ? { tax: line.tax } : {}) })),
          ),
          tax_amount: r.taxAmount ?? null,
          restock: r.restock,
          reason: r.reason,
          idempotency_key: r.idempotencyKey,
          livemode: r.livemode,
          created_at: r.createdAt,
          ...stateColumns(r),
        },
      ],
      1,
    );
  }

  async update(storeId: string, refund: Refund): Promise<void> {
    const state = stateColumns(refund);
    await this.db.execute(
      "update refunds set status = ?, provider_refund_id = ?, failure_reason = ?, checks = ?, next_check_at = ?, updated_at = ?, settled_at = ? where store_id = ? and id = ?",
      [state.status, state.provider_refund_id, state.failure_reason, state.checks, state.next_check_at, state.updated_at, state.settled_at, storeId, refund.id],
    );
  }

  async find(storeId: string, refundId: string): Promise<Refund | undefined> {
    const row: RefundRow | undefined = await this.db.run((q) => q("refunds").where({ store_id: storeId, id: refundId }).first());
    return row === undefined ? undefined : toRefund(row);
  }

  async lock(storeId: string, refundId: string): Promise<Refund | undefined> {
    const row: RefundRow | undefined = await this.db.run((q) => this.db.lockRows(q("refunds").where({ store_id: storeId, id: refundId }).first()));
    return row === undefined ? undefined : toRefund(row);
  }

  // The two reads of every refund request, as prepared statements (Database.select).
  async findByIdempotencyKey(storeId: string, idempotencyKey: string): Promise<Refund | undefined> {
    const [row] = await this.db.select<RefundRow>("select * from refunds where store_id = ? and idempotency_key = ?", [storeId, idempotencyKey]);
    return row === undefined ? undefined : toRefund(row);
  }

  async listForOrder(storeId: string, orderId: string): Promise<Refund[]> {
    const rows = await this.db.select<RefundRow>("select * from refunds where store_id = ? and order_id = ? order by created_at, id", [storeId, orderId]);
    return rows.map(toRefund);
  }

  async findByProviderRefundId(destination: string, providerRefundId: string): Promise<{ readonly storeId: string; readonly refund: Refund } | undefined> {
    const rows: RefundRow[] = await this.db.run((q) => q("refunds").where({ destination, provider_refund_id: providerRefundId }).limit(2));
    return rows.length === 1 ? { storeId: rows[0]!.store_id, refund: toRefund(rows[0]!) } : undefined;
  }

  async claimDue(now: string, leaseUntil: string, limit: number): Promise<Array<{ readonly storeId: string; readonly refund: Refund }>> {
    const due: RefundRow[] = await this.db.run((q) =>
      q("refunds").where({ status: "pending" }).where("next_check_at", "<=", now).orderBy("next_check_at").limit(limit),
    );
    const claimed: Array<{ storeId: string; refund: Refund }> = [];
    for (const row of due) {
      // Only the worker whose update still sees the row's old next check claims it.
      const changed = await this.db.run((q) =>
        q("refunds").where({ id: row.id, status: "pending", next_check_at: row.next_check_at }).update({ next_check_at: leaseUntil }),
      );
      if (Number(changed) === 1) claimed.push({ storeId: row.store_id, refund: { ...toRefund(row), nextCheckAt: leaseUntil } });
    }
    return claimed;
  }

  async writeBalance(storeId: string, orderId: string, held: number, succeeded: number, at: string): Promise<void> {
    // One statement: an upsert (ON CONFLICT / ON DUPLICATE KEY) on the order's row, which is the order's own id.
    const upsert =
      this.db.dialect === "mysql"
        ? "on duplicate key update held_amount = values(held_amount), succeeded_amount = values(succeeded_amount), updated_at = values(updated_at)"
        : "on conflict (order_id) do update set held_amount = excluded.held_amount, succeeded_amount = excluded.succeeded_amount, updated_at = excluded.updated_at";
    await this.db.execute(`insert into refund_balances (order_id, store_id, held_amount, succeeded_amount, updated_at) values (?, ?, ?, ?, ?) ${upsert}`, [
      orderId,
      storeId,
      held,
      succeeded,
      at,
    ]);
  }

  async restockedQuantities(storeId: string, orderId: string): Promise<Map<string, number>> {
    const rows: Array<{ line_id: string; quantity: number | string }> = await this.db.run((q) =>
      q("order_restocks").where({ store_id: storeId, order_id: orderId }).select("line_id", "quantity"),
    );
    const quantities = new Map<string, number>();
    for (const row of rows) quantities.set(row.line_id, (quantities.get(row.line_id) ?? 0) + Number(row.quantity));
    return quantities;
  }

  async recordRestocks(
    storeId: string,
    orderId: string,
    restocks: readonly OrderRestock[],
    source: { readonly type: "refund" | "return" | "order"; readonly id: string },
    at: string,
  ): Promise<void> {
    const rows = restocks
      .filter((restock) => restock.quantity > 0)
      .map((restock) => ({
        id: randomUUID(),
        store_id: storeId,
        order_id: orderId,
        line_id: restock.lineId,
        quantity: restock.quantity,
        source_type: source.type,
        source_id: source.id,
        created_at: at,
      }));
    if (rows.length > 0) await this.db.run((q) => q("order_restocks").insert(rows));
  }
}
