// The admin's reads of customers on knex (docs/staff.md, "Customers and the inbox"). The list
// walks the (store, created_at, id) index newest first. A search is a prefix of one of four keys,
// each with its (store, key) index: the email, the name, its last word, the phone's digits. Each
// key's matches are read as an index range, their union joined to the customers by key and only
// those rows sorted newest first (a prefix of 2 characters or more keeps them few). On SQLite a
// prefix is a range of the binary collation; on MySQL a LIKE, which the index's collation
// (binary for the lower-cased keys, the email's own for the email) reads as a range.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import type { StoredCustomer } from "../../../application/ports/customer-repository.js";
import type { CustomerCartSummary, CustomerDirectory, CustomerOrderSummary } from "../../../application/ports/customer-directory.js";
import { prefixEnd, type CustomerQuery } from "../../../domain/customers/customer-search.js";
import type { Address } from "../../../domain/orders/order.js";
import { readBoolean, readJson } from "../column-types.js";
import { Database } from "../database.js";
import { applyKeyset, toPage } from "../keyset-page.js";
import { LIKE_ESCAPE } from "../like-pattern.js";
import { toCustomer, type CustomerRow } from "./knex-customer-repository.js";

interface OrderRow {
  id: string;
  order_number: string;
  order_status: string;
  payment_status: string;
  currency: string;
  total_amount: number | string;
  shipping_address: string;
  billing_address: string;
  created_at: string;
}

interface CartRow {
  id: string;
  currency: string;
  livemode: number | boolean;
  lines: number | string;
  quantity: number | string | null;
  subtotal: number | string | null;
  created_at: string;
  updated_at: string;
}

const escapeLike = (text: string): string => text.replace(/[!%_]/g, (c) => LIKE_ESCAPE + c);

/**
 * A search matching at most this many customers has its matches read by their key indexes and
 * sorted; one matching more (a country code alone, a common first name) walks the store's
 * customers newest first instead, which its matches fill after about limit × customers / this
 * many rows (measured before: 4.3 s to sort 100,000 matches of `2547100`).
 */
export const SEARCH_SORT_LIMIT = 5_000;

/** The (store_id, created_at, id) index of migration 0003. */
const CUSTOMERS_BY_DATE = "customers_store_id_created_at_id_index";

@injectable()
export class KnexCustomerDirectory implements CustomerDirectory {
  constructor(@inject(Database) private readonly db: Database) {}

  /** How many matches of a search are read by key and sorted (SEARCH_SORT_LIMIT; a test sets fewer). */
  searchSortLimit = SEARCH_SORT_LIMIT;

  list(storeId: string, query: CustomerQuery | undefined, page: PageRequest): Promise<Page<StoredCustomer>> {
    return this.db.run(async (q) => {
      const dense = query !== undefined && (await this.matchesMoreThan(q, storeId, query, this.searchSortLimit));
      const base =
        query === undefined
          ? q("customers as c").where("c.store_id", storeId).select("c.*")
          : dense
            ? // Many matches: the store's customers newest first, each checked against the keys.
              q.select("c.*").from(q.raw(this.db.dialect === "mysql" ? `customers as c force index (${CUSTOMERS_BY_DATE})` : `customers as c indexed by ${CUSTOMERS_BY_DATE}`)).where("c.store_id", storeId).where((w) => this.anyKeyStarts(w, query))
            : // The matches drive, joined to their rows by key: MariaDB, seeing many, would scan the customers instead.
              q.select(this.db.dialect === "mysql" ? q.raw("straight_join ??.*", ["c"]) : "c.*").from(this.matches(q, storeId, query).as("m")).join("customers as c", "c.id", "m.id");
      const rows: CustomerRow[] = await applyKeyset(base, { column: "c.created_at", idColumn: "c.id", direction: "desc" }, page);
      return toPage(rows, page, (r) => [r.created_at, r.id], toCustomer);
    });
  }

  /** The search's keys and their prefixes. */
  private keys(query: CustomerQuery): Array<readonly [string, string]> {
    return [["email", query.text], ["name_key", query.text], ["last_name_key", query.text], ...(query.digits !== null ? [["phone_key", query.digits] as const] : [])];
  }

  /** Whether more than `limit` customers match: each key's index range counted up to limit + 1. */
  private async matchesMoreThan(q: Knex, storeId: string, query: CustomerQuery, limit: number): Promise<boolean> {
    let total = 0;
    for (const [column, prefix] of this.keys(query)) {
      const read = q("customers").select(q.raw("1 as one")).where("store_id", storeId);
      const ranged = this.db.dialect === "sqlite" ? read.where(column, ">=", prefix).where(column, "<", prefixEnd(prefix)) : read.whereRaw(`${column} like ? escape '${LIKE_ESCAPE}'`, [`${escapeLike(prefix)}%`]);
      const [row] = (await q.count({ n: "*" }).from(ranged.limit(limit + 1 - total).as("matches"))) as { n: number | string }[];
      total += Number(row?.n ?? 0);
      if (total > limit) return true;
    }
    return false;
  }

  /** `c`'s row has a key that starts with the query (the same test as the key ranges). */
  private anyKeyStarts(where: Knex.QueryBuilder, query: CustomerQuery): void {
    for (const [column, prefix] of this.keys(query)) {
      if (this.db.dialect === "sqlite") void where.orWhere((one) => void one.where(`c.${column}`, ">=", prefix).where(`c.${column}`, "<", prefixEnd(prefix)));
      else void where.orWhereRaw(`c.${column} like ? escape '${LIKE_ESCAPE}'`, [`${escapeLike(prefix)}%`]);
    }
  }

  /** The ids of the store's customers whose keys start with the query: one index range per key. */
  private matches(q: Knex, storeId: string, query: CustomerQuery): Knex.QueryBuilder {
    const branch = (column: string, prefix: string): Knex.QueryBuilder => {
      const read = q("customers").select("id").where("store_id", storeId);
      return this.db.dialect === "sqlite"
        ? read.where(column, ">=", prefix).where(column, "<", prefixEnd(prefix))
        : read.whereRaw(`${column} like ? escape '${LIKE_ESCAPE}'`, [`${escapeLike(prefix)}%`]);
    };
    const [first, ...rest] = [
      branch("email", query.text),
      branch("name_key", query.text),
      branch("last_name_key", query.text),
      ...(query.digits !== null ? [branch("phone_key", query.digits)] : []),
    ];
    return first!.union(rest, false);
  }

  async recentOrders(storeId: string, customerId: string, limit: number): Promise<readonly CustomerOrderSummary[]> {
    const rows: OrderRow[] = await this.db.run((q) =>
      q("orders")
        .where({ store_id: storeId, customer_id: customerId })
        .orderBy("created_at", "desc")
        .limit(limit)
        .select("id", "order_number", "order_status", "payment_status", "currency", "total_amount", "shipping_address", "billing_address", "created_at"),
    );
    return rows.map((r) => ({
      id: r.id,
      orderNumber: r.order_number,
      orderStatus: r.order_status,
      paymentStatus: r.payment_status,
      currency: r.currency,
      totalAmount: Number(r.total_amount),
      shippingAddress: readJson<Address>(r.shipping_address, { name: "", line1: "", city: "", country: "" }),
      billingAddress: readJson<Address>(r.billing_address, { name: "", line1: "", city: "", country: "" }),
      createdAt: r.created_at,
    }));
  }

  async openCarts(storeId: string, customerId: string): Promise<readonly CustomerCartSummary[]> {
    const rows: CartRow[] = await this.db.run((q) =>
      q("carts as c")
        .join("cart_items as i", "i.cart_id", "c.id")
        .where({ "c.store_id": storeId, "c.customer_id": customerId })
        .groupBy("c.id", "c.currency", "c.livemode", "c.created_at", "c.updated_at")
        .orderBy("c.updated_at", "desc")
        .select(
          "c.id",
          "c.currency",
          "c.livemode",
          "c.created_at",
          "c.updated_at",
          q.raw("count(i.id) as ??", ["lines"]),
          q.raw("sum(i.quantity) as ??", ["quantity"]),
          q.raw("sum(i.quantity * i.unit_price) as ??", ["subtotal"]),
        ),
    );
    return rows.map((r) => ({
      id: r.id,
      currency: r.currency,
      livemode: readBoolean(r.livemode),
      lines: Number(r.lines),
      quantity: Number(r.quantity ?? 0),
      subtotal: Number(r.subtotal ?? 0),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }
}
