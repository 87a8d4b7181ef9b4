// The dashboard's counters on knex (docs/staff.md, "Dashboard"; docs/decisions/back-office.md, "Stock ledger
// and dashboard"). Each write adds to its quarter-hour's rows with one upsert, taken
// just before COMMIT (Database.beforeCommit) so its row lock is held for the shortest time: the
// order counters in one of SHARDS rows of this process's own block (shard-blocks.ts; concurrent
// checkouts rarely share one, and two processes rarely share any),
// product rows in product id order (two units of work lock them in one order). Reads sum the
// rows of a range of quarter-hours by the primary key.
import { inject, injectable } from "inversify";
import type { BucketRange, LowStockVariant, ProductSales, SalesBucket, SalesFigures, SalesFilter } from "../../../application/ports/sales-figures.js";
import type { Order } from "../../../domain/orders/order.js";
import { bucketOf } from "../../../domain/sales/sales-calendar.js";
import { Database, inList, onePerDatabase } from "../database.js";
import { shardPicker } from "../shard-blocks.js";

/** Rows per quarter-hour and process that the order counters spread over. */
export const SHARDS = 8;
/**
 * This process's shard numbers: 8 of its own block. With 8 rows shared by every process, two
 * servers writing through two Galera nodes lost certification on them (docs/decisions/checkout.md,
 * "checkout-30").
 */
const pickShard = shardPicker(SHARDS);

/** The longest top list asked for (the route's `top_limit` maximum): the memo keeps this many. */
export const TOP_KEPT = 50;
/**
 * How long a store's top products are kept (docs/architecture.md, "Caches and per-process copies",
 * the dashboard figures' row): summing a month of product counters reads one row per product and
 * quarter-hour sold (65,000 rows, 125 ms on SQLite at a million orders), too slow for every
 * dashboard read. This process's own sales drop them.
 */
export const TOP_PRODUCTS_MS = 60_000;
const TOP_MEMO_ENTRIES = 1_000;

interface RankedProduct {
  readonly productId: string;
  readonly units: number;
  readonly revenue: number;
}

type TopMemo = Map<string, { readonly at: number; readonly storeId: string; readonly ranked: Promise<{ units: RankedProduct[]; revenue: RankedProduct[] }> }>;
/** One memo per database handle, shared by every instance (checkout's drops what the dashboard's kept). */
const topMemoOf = onePerDatabase((): TopMemo => new Map());
type BucketMemo = Map<string, { readonly at: number; readonly storeId: string; readonly rows: Promise<readonly SalesBucket[]> }>;
/** Kept counters of past days (`keep`), as the top lists are kept. */
const bucketMemoOf = onePerDatabase((): BucketMemo => new Map());

interface Counters {
  readonly orders: number;
  readonly paidOrders: number;
  readonly revenue: number;
  readonly refunds: number;
  readonly refunded: number;
}

const num = (value: unknown): number => Number(value ?? 0);

@injectable()
export class KnexSalesFigures implements SalesFigures {
  constructor(@inject(Database) private readonly db: Database) {}

  /** Top products per store, range and filter, both orders, while fresh; the pending read is shared. */
  private get topMemo(): TopMemo {
    return topMemoOf(this.db);
  }

  private upsertSql(table: string, keys: readonly string[], counters: readonly string[]): string {
    const columns = [...keys, ...counters];
    const head = `insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")}) `;
    return this.db.dialect === "mysql"
      ? `${head}on duplicate key update ${counters.map((c) => `${c} = ${c} + values(${c})`).join(", ")}`
      : `${head}on conflict (${keys.join(", ")}) do update set ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(", ")}`;
  }

  private cachedSalesSql: string | undefined;
  private cachedProductSql: string | undefined;

  private salesSql(): string {
    return (this.cachedSalesSql ??= this.upsertSql("sales_quarter_hours", ["store_id", "bucket", "currency", "livemode", "shard"], ["orders", "paid_orders", "revenue", "refunds", "refunded"]));
  }

  private productSql(): string {
    return (this.cachedProductSql ??= this.upsertSql("product_sales_quarter_hours", ["store_id", "bucket", "currency", "livemode", "product_id"], ["units", "revenue"]));
  }

  /** Runs `step` just before the unit of work commits, or now outside one. */
  private async atCommit(step: () => Promise<void>): Promise<void> {
    if (!this.db.beforeCommit(step)) await step();
  }

  /** Drops what this process keeps of the store's figures: its own writes show at once. */
  private forget(storeId: string): void {
    // Again once the write's unit of work ends: a read between now and its COMMIT kept the old figures.
    void this.db.currentTransaction?.ended.then(() => this.forgetNow(storeId));
    this.forgetNow(storeId);
  }

  private forgetNow(storeId: string): void {
    for (const [key, kept] of this.topMemo) if (kept.storeId === storeId) this.topMemo.delete(key);
    const buckets = bucketMemoOf(this.db);
    for (const [key, kept] of buckets) if (kept.storeId === storeId) buckets.delete(key);
  }

  private async addSales(storeId: string, bucket: number, currency: string, livemode: boolean, counters: Counters): Promise<void> {
    this.forget(storeId);
    const shard = pickShard();
    await this.atCommit(async () => {
      await this.db.execute(this.salesSql(), [
        storeId,
        bucket,
        currency,
        livemode ? 1 : 0,
        shard,
        counters.orders,
        counters.paidOrders,
        counters.revenue,
        counters.refunds,
        counters.refunded,
      ]);
    });
  }

  private async addProducts(storeId: string, order: Order): Promise<void> {
    const byProduct = new Map<string, { units: number; revenue: number }>();
    for (const line of order.items) {
      const sums = byProduct.get(line.productId) ?? { units: 0, revenue: 0 };
      sums.units += line.quantity;
      sums.revenue += line.lineTotal;
      byProduct.set(line.productId, sums);
    }
    const bucket = bucketOf(Date.parse(order.createdAt));
    const ids = [...byProduct.keys()].sort();
    // This process's own sales show at once.
    this.forget(storeId);
    await this.atCommit(async () => {
      for (const productId of ids) {
        const sums = byProduct.get(productId)!;
        await this.db.execute(this.productSql(), [storeId, bucket, order.currency, order.livemode ? 1 : 0, productId, sums.units, sums.revenue]);
      }
    });
  }

  async orderPlaced(storeId: string, order: Order): Promise<void> {
    const paid = order.paymentStatus === "paid";
    await this.addSales(storeId, bucketOf(Date.parse(order.createdAt)), order.currency, order.livemode, {
      orders: 1,
      paidOrders: paid ? 1 : 0,
      revenue: paid ? order.totalAmount : 0,
      refunds: 0,
      refunded: 0,
    });
    if (paid) await this.addProducts(storeId, order);
  }

  async orderPaid(storeId: string, order: Order): Promise<void> {
    await this.addSales(storeId, bucketOf(Date.parse(order.createdAt)), order.currency, order.livemode, {
      orders: 0,
      paidOrders: 1,
      revenue: order.totalAmount,
      refunds: 0,
      refunded: 0,
    });
    await this.addProducts(storeId, order);
  }

  async refundSucceeded(storeId: string, refund: { readonly amount: number; readonly currency: string; readonly livemode: boolean; readonly at: string }): Promise<void> {
    await this.addSales(storeId, bucketOf(Date.parse(refund.at)), refund.currency, refund.livemode, {
      orders: 0,
      paidOrders: 0,
      revenue: 0,
      refunds: 1,
      refunded: refund.amount,
    });
  }

  async buckets(storeId: string, range: BucketRange, filter: SalesFilter, options: { readonly keep?: boolean } = {}): Promise<readonly SalesBucket[]> {
    if (options.keep !== true) return this.readBuckets(storeId, range, filter);
    const memo = bucketMemoOf(this.db);
    const key = `${storeId}|${range.fromBucket}|${range.toBucket}|${filter.currency}|${String(filter.livemode)}`;
    const now = Date.now();
    let kept = memo.get(key);
    if (kept === undefined || now - kept.at > TOP_PRODUCTS_MS) {
      if (memo.size >= TOP_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
      const rows = this.readBuckets(storeId, range, filter);
      kept = { at: now, storeId, rows };
      memo.set(key, kept);
      rows.catch(() => memo.get(key) === kept && memo.delete(key));
    }
    return kept.rows;
  }

  private async readBuckets(storeId: string, range: BucketRange, filter: SalesFilter): Promise<readonly SalesBucket[]> {
    const mode = filter.livemode === undefined ? "" : " and livemode = ?";
    const rows = await this.db.select<Record<string, unknown>>(
      "select bucket, sum(orders) as orders, sum(paid_orders) as paid_orders, sum(revenue) as revenue, sum(refunds) as refunds, sum(refunded) as refunded " +
        `from sales_quarter_hours where store_id = ? and bucket >= ? and bucket < ? and currency = ?${mode} group by bucket`,
      [storeId, range.fromBucket, range.toBucket, filter.currency, ...(filter.livemode === undefined ? [] : [filter.livemode ? 1 : 0])],
    );
    return rows.map((r) => ({
      bucket: num(r.bucket),
      orders: num(r.orders),
      paidOrders: num(r.paid_orders),
      revenue: num(r.revenue),
      refunds: num(r.refunds),
      refunded: num(r.refunded),
    }));
  }

  async topProducts(storeId: string, range: BucketRange, filter: SalesFilter, by: "units" | "revenue", limit: number): Promise<readonly ProductSales[]> {
    const key = `${storeId}|${range.fromBucket}|${range.toBucket}|${filter.currency}|${String(filter.livemode)}`;
    const now = Date.now();
    let kept = this.topMemo.get(key);
    if (kept === undefined || now - kept.at > TOP_PRODUCTS_MS) {
      if (this.topMemo.size >= TOP_MEMO_ENTRIES) this.topMemo.delete(this.topMemo.keys().next().value!);
      const ranked = Promise.all([this.ranked(storeId, range, filter, "units"), this.ranked(storeId, range, filter, "revenue")]).then(([units, revenue]) => ({ units, revenue }));
      kept = { at: now, storeId, ranked };
      this.topMemo.set(key, kept);
      // A failed read is not kept.
      ranked.catch(() => this.topMemo.get(key) === kept && this.topMemo.delete(key));
    }
    const rows = (await kept.ranked)[by].slice(0, limit);
    if (rows.length === 0) return [];
    const ids = inList(rows.map((r) => r.productId));
    // `+store_id`: SQLite looks the ids up by primary key instead of walking the store's products.
    const names = await this.db.select<{ id: string; name: string }>(`select id, name from products where id in (${ids.sql}) and +store_id = ?`, [...ids.values, storeId]);
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    return rows.map((r) => ({ productId: r.productId, productName: nameOf.get(r.productId) ?? "", units: r.units, revenue: r.revenue }));
  }

  private async ranked(storeId: string, range: BucketRange, filter: SalesFilter, by: "units" | "revenue"): Promise<RankedProduct[]> {
    const mode = filter.livemode === undefined ? "" : " and livemode = ?";
    const order = by === "units" ? "units desc, revenue desc" : "revenue desc, units desc";
    const rows = await this.db.select<{ product_id: string; units: unknown; revenue: unknown }>(
      "select product_id, sum(units) as units, sum(revenue) as revenue from product_sales_quarter_hours " +
        `where store_id = ? and bucket >= ? and bucket < ? and currency = ?${mode} group by product_id order by ${order}, product_id limit ${TOP_KEPT}`,
      [storeId, range.fromBucket, range.toBucket, filter.currency, ...(filter.livemode === undefined ? [] : [filter.livemode ? 1 : 0])],
    );
    return rows.map((r) => ({ productId: r.product_id, units: num(r.units), revenue: num(r.revenue) }));
  }

  async lowStock(storeId: string, atOrBelow: number, limit: number): Promise<{ readonly items: readonly LowStockVariant[]; readonly hasMore: boolean }> {
    const index = this.db.dialect === "mysql" ? "force index (variants_store_stock_idx)" : "indexed by variants_store_stock_idx";
    const rows = await this.db.select<Record<string, unknown>>(
      "select v.id, v.product_id, v.sku, v.variant_name, v.stock, v.threshold, p.name from variants v " +
        index +
        " join products p on p.id = v.product_id where v.store_id = ? and v.stock <= ? and p.is_active = 1 order by v.stock, v.id limit " +
        String(Math.floor(limit) + 1),
      [storeId, atOrBelow],
    );
    const items = rows.slice(0, limit).map(
      (r): LowStockVariant => ({
        variantId: String(r.id),
        productId: String(r.product_id),
        productName: String(r.name),
        sku: String(r.sku),
        variantName: String(r.variant_name),
        stock: num(r.stock),
        threshold: r.threshold === null ? null : num(r.threshold),
      }),
    );
    return { items, hasMore: rows.length > limit };
  }
}
