// Co-purchases from order items: products that shared an order with given ones (counted by
// orders, within the store), and the products a customer ordered.
import { inject, injectable } from "inversify";
import type { CoPurchase, CoPurchaseReader } from "../../../application/ports/co-purchase-reader.js";
import { Database } from "../database.js";

@injectable()
export class KnexCoPurchaseReader implements CoPurchaseReader {
  constructor(@inject(Database) private readonly db: Database) {}

  async boughtWith(storeId: string, productIds: readonly string[], limit: number): Promise<readonly CoPurchase[]> {
    if (productIds.length === 0) return [];
    const marks = productIds.map(() => "?").join(", ");
    const rows = await this.db.select<{ product_id: string; order_count: number | string }>(
      "select other.product_id, count(distinct other.order_id) as order_count from order_items seed " +
        "join order_items other on other.order_id = seed.order_id and other.store_id = seed.store_id " +
        `where seed.store_id = ? and seed.product_id in (${marks}) and other.product_id not in (${marks}) ` +
        `group by other.product_id order by order_count desc, other.product_id limit ${Math.trunc(limit)}`,
      [storeId, ...productIds, ...productIds],
    );
    return rows.map((r) => ({ productId: r.product_id, orders: Number(r.order_count) }));
  }

  async purchasedBy(storeId: string, customerId: string, limit: number): Promise<readonly string[]> {
    const rows = await this.db.select<{ product_id: string; last_ordered: string }>(
      "select i.product_id, max(o.created_at) as last_ordered from orders o join order_items i on i.order_id = o.id " +
        `where o.store_id = ? and o.customer_id = ? group by i.product_id order by last_ordered desc, i.product_id limit ${Math.trunc(limit)}`,
      [storeId, customerId],
    );
    return rows.map((r) => r.product_id);
  }
}
