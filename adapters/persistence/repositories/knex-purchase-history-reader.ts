// A customer's purchase history for pricing, read from the totals kept on the customer row
// (checkout adds to them). Paid orders of the last year are counted as all of them when the
// last purchase is within the year, else none: the row keeps totals, not each order's date.
import { inject, injectable } from "inversify";
import type { PurchaseHistoryReader } from "../../../application/ports/purchase-history-reader.js";
import type { PurchaseHistory } from "../../../domain/pricing/customer-standing.js";
import { Database } from "../database.js";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

interface HistoryRow {
  total_purchases: number;
  total_spent: number | string;
  last_purchase_at: string | null;
}

@injectable()
export class KnexPurchaseHistoryReader implements PurchaseHistoryReader {
  constructor(@inject(Database) private readonly db: Database) {}

  async historyOf(storeId: string, customerId: string, now: Date): Promise<PurchaseHistory | undefined> {
    const row: HistoryRow | undefined = await this.db.run((q) =>
      q("customers").where({ store_id: storeId, id: customerId }).first("total_purchases", "total_spent", "last_purchase_at"),
    );
    if (row === undefined) return undefined;
    const recent = row.last_purchase_at !== null && now.getTime() - Date.parse(row.last_purchase_at) <= YEAR_MS;
    return {
      paidOrders: row.total_purchases,
      lifetimeSpend: Number(row.total_spent),
      paidOrdersLastYear: recent ? row.total_purchases : 0,
    };
  }
}
