// The stock ledger on knex (docs/staff.md, "Stock ledger"): an adjustment locks the variant's row
// (FOR UPDATE on MySQL; SQLite units of work hold the one write lock), sets the stock and bumps
// the product's catalog item version, as checkout's stock moves do (docs/architecture.md,
// "Caches and per-process copies"); entries are read newest first from the (store, variant,
// created_at, id) index.
import { inject, injectable } from "inversify";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { AuditActorType } from "../../../application/ports/audit-log.js";
import type { LockedStock, MadeStockMove, StockLedger, StockLedgerEntry } from "../../../application/ports/stock-ledger.js";
import type { StockReason } from "../../../domain/catalog/stock-ledger.js";
import { recordProductChange } from "../catalog-versions.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";

interface LedgerRow {
  id: string;
  variant_id: string;
  product_id: string;
  sku: string;
  delta: number | string;
  stock_before: number | string;
  stock_after: number | string;
  reason: string;
  note: string | null;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  order_id: string | null;
  request_id: string | null;
  created_at: string;
}

const toEntry = (row: LedgerRow): StockLedgerEntry => ({
  id: row.id,
  variantId: row.variant_id,
  productId: row.product_id,
  sku: row.sku,
  delta: Number(row.delta),
  before: Number(row.stock_before),
  after: Number(row.stock_after),
  reason: row.reason as StockReason,
  note: row.note,
  actor: { type: row.actor_type as AuditActorType, id: row.actor_id, label: row.actor_label },
  orderId: row.order_id,
  requestId: row.request_id,
  at: row.created_at,
});

const rowOf = (storeId: string, e: StockLedgerEntry) => ({
  id: e.id,
  store_id: storeId,
  variant_id: e.variantId,
  product_id: e.productId,
  sku: e.sku,
  delta: e.delta,
  stock_before: e.before,
  stock_after: e.after,
  reason: e.reason,
  note: e.note,
  actor_type: e.actor.type,
  actor_id: e.actor.id,
  actor_label: e.actor.label.slice(0, 254),
  order_id: e.orderId,
  request_id: e.requestId,
  created_at: e.at,
});

const COLUMNS = "id, variant_id, product_id, sku, delta, stock_before, stock_after, reason, note, actor_type, actor_id, actor_label, order_id, request_id, created_at";

@injectable()
export class KnexStockLedger implements StockLedger {
  constructor(@inject(Database) private readonly db: Database) {}

  async lock(storeId: string, variantId: string): Promise<LockedStock | undefined> {
    const row = await this.db.run(async (q) => {
      const query = q("variants").where({ store_id: storeId, id: variantId }).first("id", "product_id", "sku", "stock", "threshold");
      return (await this.db.lockRows(query)) as { id: string; product_id: string; sku: string; stock: number | string; threshold: number | string | null } | undefined;
    });
    if (row === undefined) return undefined;
    return { variantId: row.id, productId: row.product_id, sku: row.sku, stock: Number(row.stock), threshold: row.threshold === null ? null : Number(row.threshold) };
  }

  async setStock(storeId: string, variant: LockedStock, stock: number): Promise<void> {
    await this.db.execute("update variants set stock = ?, updated_at = ? where store_id = ? and id = ?", [stock, new Date().toISOString(), storeId, variant.variantId]);
    // Stock shows only in the product's own records (docs/architecture.md, "Caches and per-process
    // copies"): answers of other products stay.
    await recordProductChange(this.db, storeId, [variant.productId]);
  }

  async append(storeId: string, entry: StockLedgerEntry): Promise<void> {
    await this.db.insertRows("stock_ledger", [rowOf(storeId, entry)], 1);
  }

  async appendMade(storeId: string, moves: readonly MadeStockMove[], requestId: string | null): Promise<void> {
    const known = moves.filter((m) => m.after !== undefined && m.productId !== undefined && m.sku !== undefined);
    if (known.length > 0) {
      await this.db.insertRows(
        "stock_ledger",
        known.map((m) =>
          rowOf(storeId, {
            id: m.id,
            variantId: m.variantId,
            productId: m.productId!,
            sku: m.sku!,
            delta: m.delta,
            before: m.after! - m.delta,
            after: m.after!,
            reason: m.reason,
            note: null,
            actor: m.actor,
            orderId: m.orderId,
            requestId,
            at: m.at,
          }),
        ),
        100,
      );
    }
    // The others: the stock the move left is the variant's stock now (its row is locked by the move).
    for (const m of moves) {
      if (known.includes(m)) continue;
      await this.db.execute(
        "insert into stock_ledger (id, store_id, variant_id, product_id, sku, delta, stock_before, stock_after, reason, note, actor_type, actor_id, actor_label, order_id, request_id, created_at) " +
          "select ?, store_id, id, product_id, sku, ?, stock - ?, stock, ?, null, ?, ?, ?, ?, ?, ? from variants where store_id = ? and id = ?",
        [m.id, m.delta, m.delta, m.reason, m.actor.type, m.actor.id, m.actor.label.slice(0, 254), m.orderId, requestId, m.at, storeId, m.variantId],
      );
    }
  }

  async page(storeId: string, variantId: string, page: PageRequest): Promise<Page<StockLedgerEntry>> {
    const query = this.db.knex("stock_ledger").where({ store_id: storeId, variant_id: variantId }).select(this.db.knex.raw(COLUMNS));
    const rows = await this.db.selectQuery<LedgerRow>(applyKeyset(query, { column: "created_at", idColumn: "id", direction: "desc" }, page));
    return toPage(rows, page, (r) => [r.created_at, r.id], toEntry);
  }

  async variantExists(storeId: string, variantId: string): Promise<boolean> {
    const rows = await this.db.select<{ id: string }>("select id from variants where store_id = ? and id = ?", [storeId, variantId]);
    return rows.length > 0;
  }
}
