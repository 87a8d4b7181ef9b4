// The bench store's order history for the admin reads at scale (issue 33, item 5): customers,
// orders with their lines, message threads, stock ledger entries of the sampled variants, and the
// dashboard's quarter-hour counters, written straight as rows in multi-row inserts (not through
// checkout: a million checkouts would take hours). The rows are those the repositories write;
// the counters are summed here from the same orders, as checkout and payment would have.
import type { Database } from "../adapters/persistence/database.js";
import { SHARDS } from "../adapters/persistence/repositories/knex-sales-figures.js";
import { customerSearchKeys } from "../domain/customers/customer-search.js";
import { bucketOf } from "../domain/sales/sales-calendar.js";
import { Rng } from "./bench-seed.js";

export interface OrderSeedOptions {
  readonly orders: number;
  /** The history spans this many days, ending now. */
  readonly days: number;
  readonly seed: number;
  readonly currency: string;
}

export interface OrderSeedSummary {
  readonly orders: number;
  readonly order_items: number;
  readonly customers: number;
  readonly threads: number;
  readonly ledger_entries: number;
  readonly seconds: number;
  /** A customer with orders, and a variant with ledger entries, for the bench's requests. */
  readonly sample_customer_id: string;
  readonly ledger_variant_ids: readonly string[];
}

const ORDERS_PER_TRANSACTION = 5_000;
const ROWS_PER_STATEMENT = 200;
const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
const PAYMENT_METHODS = ["mobile_stk", "card_redirect", "card_popup", "mobile_collect"] as const;
const FIRST = ["Amina", "Brian", "Wanjiku", "Otieno", "Fatuma", "Kamau", "Achieng", "Mwangi", "Njeri", "Hassan", "Zawadi", "Baraka"];
const LAST = ["Odhiambo", "Kariuki", "Wanjiru", "Mutua", "Omondi", "Chebet", "Kiprono", "Njoroge", "Ali", "Atieno"];

const searchKeyColumns = (name: string, phone: string): Record<string, unknown> => {
  const keys = customerSearchKeys(name, phone);
  return { name_key: keys.nameKey, last_name_key: keys.lastNameKey, phone_key: keys.phoneKey };
};

const hex = (rng: Rng, digits: number): string => rng.hex(digits);
const uuid = (rng: Rng, ms: number): string => {
  const time = ms.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(rng, 3)}-${rng.pick(["8", "9", "a", "b"])}${hex(rng, 3)}-${hex(rng, 12)}`;
};

interface VariantPick {
  readonly id: string;
  readonly product_id: string;
  readonly product_name: string;
  readonly variant_name: string;
  readonly sku: string;
  readonly price: number;
}

/**
 * Seeds `options.orders` orders into the store, spread evenly (with jitter) over the last
 * `options.days` days, their lines drawn from `variants` (a Zipf-like skew: a few sell often).
 */
export const seedOrders = async (db: Database, storeId: string, variants: readonly VariantPick[], options: OrderSeedOptions): Promise<OrderSeedSummary> => {
  const started = process.hrtime.bigint();
  const rng = new Rng(options.seed ^ 0x0dde);
  const now = Date.now();
  const span = options.days * 86_400_000;
  const customerCount = Math.max(1, Math.floor(options.orders / 10));
  const customers: Array<{ id: string; email: string; name: string; phone: string }> = [];
  const customerRows: Record<string, unknown>[] = [];
  for (let i = 0; i < customerCount; i++) {
    const created = now - span - 86_400_000 + Math.floor((i / customerCount) * span);
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    const c = { id: uuid(rng, created), email: `customer${i}@bench.example`, name, phone: `+2547${String(10_000_000 + i).slice(-8)}` };
    customers.push(c);
    customerRows.push({
      id: c.id,
      store_id: storeId,
      email: c.email,
      name,
      phone: c.phone,
      status: "active",
      email_confirmed: true,
      join_date: new Date(created).toISOString().slice(0, 10),
      total_purchases: 0,
      total_spent: 0,
      // The search keys the customer repository writes (the admin customer search reads them).
      ...searchKeyColumns(name, c.phone),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created).toISOString(),
    });
  }
  for (let i = 0; i < customerRows.length; i += ORDERS_PER_TRANSACTION) {
    await db.transaction(() => db.insertRows("customers", customerRows.slice(i, i + ORDERS_PER_TRANSACTION), ROWS_PER_STATEMENT));
  }

  const sales = new Map<string, { orders: number; paid: number; revenue: number }>();
  const productSales = new Map<string, { units: number; revenue: number }>();
  let items = 0;
  let threads = 0;
  const address = (c: { name: string }) =>
    JSON.stringify({ name: c.name, line1: `${rng.int(1, 400)} Ngong Road`, city: "Nairobi", country: "KE", phone: "+254700000001" });
  for (let start = 0; start < options.orders; start += ORDERS_PER_TRANSACTION) {
    const orderRows: Record<string, unknown>[] = [];
    const itemRows: Record<string, unknown>[] = [];
    const threadRows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(options.orders, start + ORDERS_PER_TRANSACTION); i++) {
      const created = now - span + Math.floor(((i + rng.next()) / options.orders) * span);
      const at = new Date(created).toISOString();
      const id = uuid(rng, created);
      const customer = rng.chance(0.8) ? customers[Math.floor(rng.next() ** 2 * customers.length)]! : undefined;
      const lineCount = rng.chance(0.6) ? 1 : rng.int(2, 4);
      let subtotal = 0;
      const lines: Array<{ v: VariantPick; quantity: number }> = [];
      for (let l = 0; l < lineCount; l++) {
        const v = variants[Math.floor(rng.next() ** 3 * variants.length)]!;
        const quantity = rng.chance(0.8) ? 1 : rng.int(2, 3);
        lines.push({ v, quantity });
        subtotal += v.price * quantity;
      }
      const shipping = subtotal >= 500_000 ? 0 : 30_000;
      const tax = Math.round(((subtotal + shipping) * 16) / 100);
      const total = subtotal + shipping + tax;
      const age = now - created;
      const payment = age < 3_600_000 ? (rng.chance(0.5) ? "pending" : "paid") : rng.chance(0.9) ? (rng.chance(0.02) ? "refunded" : "paid") : rng.chance(0.5) ? "failed" : "pending";
      const status = payment === "paid" ? (age > 10 * 86_400_000 ? "delivered" : rng.pick(ORDER_STATUSES.slice(0, 4))) : rng.chance(0.5) ? "cancelled" : "pending";
      const name = customer?.name ?? `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
      orderRows.push({
        id,
        store_id: storeId,
        order_number: `ORD-${new Date(created).getUTCFullYear()}-${String(i + 1).padStart(7, "0")}`,
        customer_id: customer?.id ?? null,
        customer_email: customer?.email ?? `guest${i}@bench.example`,
        customer_phone: customer?.phone ?? null,
        customer_name: name,
        order_status: status,
        payment_status: payment,
        payment_method: rng.pick(PAYMENT_METHODS),
        payment_reference: payment === "pending" ? null : `PAY-${created}-${hex(rng, 8).toUpperCase()}`,
        currency: options.currency,
        subtotal,
        discount_amount: 0,
        shipping_amount: shipping,
        tax_amount: tax,
        gift_card_amount: 0,
        total_amount: total,
        billing_address: address({ name }),
        shipping_address: address({ name }),
        notes: null,
        tracking_number: status === "shipped" || status === "delivered" ? `KE-${hex(rng, 10).toUpperCase()}` : null,
        estimated_delivery: null,
        shipped_at: status === "shipped" || status === "delivered" ? new Date(created + 86_400_000).toISOString() : null,
        delivered_at: status === "delivered" ? new Date(created + 3 * 86_400_000).toISOString() : null,
        shipping_metadata: "{}",
        promotions: "[]",
        gift_card_id: null,
        stock_restored: status === "cancelled",
        gift_card_restored: false,
        livemode: false,
        created_at: at,
        updated_at: at,
      });
      lines.forEach(({ v, quantity }, position) => {
        itemRows.push({
          id: uuid(rng, created),
          order_id: id,
          store_id: storeId,
          product_id: v.product_id,
          variant_id: v.id,
          product_name: v.product_name,
          variant_name: v.variant_name,
          sku: v.sku,
          quantity,
          unit_price: v.price,
          line_total: v.price * quantity,
          position,
        });
      });
      items += lines.length;
      // The dashboard's counters, as checkout and payment write them.
      const bucket = bucketOf(created);
      const key = `${bucket}`;
      const s = sales.get(key) ?? { orders: 0, paid: 0, revenue: 0 };
      s.orders++;
      const paid = payment === "paid" || payment === "refunded";
      if (paid) {
        s.paid++;
        s.revenue += total;
        for (const { v, quantity } of lines) {
          const pk = `${bucket}|${v.product_id}`;
          const p = productSales.get(pk) ?? { units: 0, revenue: 0 };
          p.units += quantity;
          p.revenue += v.price * quantity;
          productSales.set(pk, p);
        }
      }
      sales.set(key, s);
      if (i % 20 === 0) {
        threads++;
        threadRows.push({
          id: uuid(rng, created),
          store_id: storeId,
          customer_id: customer?.id ?? null,
          order_id: id,
          product_id: null,
          subject: `About order ${i + 1}`,
          thread_type: "order_inquiry",
          status: age > 7 * 86_400_000 ? "closed" : "active",
          priority: "normal",
          last_message_at: new Date(created + 3_600_000).toISOString(),
          last_message_by: rng.chance(0.5) ? "customer" : "store",
          unread_count_customer: 0,
          unread_count_store: rng.chance(0.3) ? 1 : 0,
          is_archived: false,
          is_muted: false,
          is_pinned: false,
          created_at: at,
          updated_at: at,
        });
      }
    }
    await db.transaction(async () => {
      await db.insertRows("orders", orderRows, ROWS_PER_STATEMENT);
      await db.insertRows("order_items", itemRows, ROWS_PER_STATEMENT);
      if (threadRows.length > 0) await db.insertRows("message_threads", threadRows, ROWS_PER_STATEMENT);
    });
  }

  const salesRows = [...sales.entries()].map(([bucket, s]) => ({
    store_id: storeId,
    bucket: Number(bucket),
    currency: options.currency,
    livemode: false,
    shard: rng.int(0, SHARDS - 1),
    orders: s.orders,
    paid_orders: s.paid,
    revenue: s.revenue,
    refunds: 0,
    refunded: 0,
  }));
  const productRows = [...productSales.entries()].map(([key, p]) => {
    const [bucket, productId] = key.split("|");
    return { store_id: storeId, bucket: Number(bucket), currency: options.currency, livemode: false, product_id: productId!, units: p.units, revenue: p.revenue };
  });
  for (const [table, rows] of [
    ["sales_quarter_hours", salesRows],
    ["product_sales_quarter_hours", productRows],
  ] as const) {
    for (let i = 0; i < rows.length; i += ORDERS_PER_TRANSACTION) {
      await db.transaction(() => db.insertRows(table, rows.slice(i, i + ORDERS_PER_TRANSACTION), ROWS_PER_STATEMENT));
    }
  }

  // Ledger entries: 300 adjustments each of the 10 most sold variants.
  const ledgerVariants = variants.slice(0, 10);
  const ledgerRows: Record<string, unknown>[] = [];
  for (const v of ledgerVariants) {
    let stock = 100;
    for (let k = 0; k < 300; k++) {
      const created = now - span + Math.floor((k / 300) * span);
      const delta = rng.chance(0.5) ? rng.int(1, 20) : -Math.min(stock, rng.int(1, 10));
      ledgerRows.push({
        id: uuid(rng, created),
        store_id: storeId,
        variant_id: v.id,
        product_id: v.product_id,
        sku: v.sku,
        delta,
        stock_before: stock,
        stock_after: stock + delta,
        reason: delta > 0 ? "received" : "damaged",
        note: null,
        actor_type: "api_key",
        actor_id: null,
        actor_label: "bench",
        order_id: null,
        request_id: null,
        created_at: new Date(created).toISOString(),
      });
      stock += delta;
    }
  }
  await db.transaction(() => db.insertRows("stock_ledger", ledgerRows, ROWS_PER_STATEMENT));

  return {
    orders: options.orders,
    order_items: items,
    customers: customerCount,
    threads,
    ledger_entries: ledgerRows.length,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    sample_customer_id: customers[0]!.id,
    ledger_variant_ids: ledgerVariants.map((v) => v.id),
  };
};
