// Wishlist entries on knex, one per customer and variant (a unique key backs the rule).
import { inject, injectable } from "inversify";
import type { WishlistEntry, WishlistRepository } from "../../../application/ports/wishlist-repository.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";

interface EntryRow {
  id: string;
  customer_id: string;
  product_id: string;
  variant_id: string;
  created_at: string;
}

const toEntry = (row: EntryRow): WishlistEntry => ({
  id: row.id,
  customerId: row.customer_id,
  productId: row.product_id,
  variantId: row.variant_id,
  createdAt: row.created_at,
});

@injectable()
export class KnexWishlistRepository implements WishlistRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async list(storeId: string, customerId: string): Promise<readonly WishlistEntry[]> {
    const rows: EntryRow[] = await this.db.run((q) =>
      q("wishlist_items")
        .where({ store_id: storeId, customer_id: customerId })
        .orderBy([{ column: "created_at", order: "desc" }, { column: "id", order: "desc" }]),
    );
    return rows.map(toEntry);
  }

  async count(storeId: string, customerId: string): Promise<number> {
    const row = await this.db.run((q) => q("wishlist_items").where({ store_id: storeId, customer_id: customerId }).count({ n: "*" }).first());
    return Number(row?.n ?? 0);
  }

  async find(storeId: string, entryId: string): Promise<WishlistEntry | undefined> {
    const row: EntryRow | undefined = await this.db.run((q) => q("wishlist_items").where({ store_id: storeId, id: entryId }).first());
    return row === undefined ? undefined : toEntry(row);
  }

  async add(storeId: string, entry: WishlistEntry): Promise<"added" | "present"> {
    const present = await this.db.run((q) =>
      q("wishlist_items").where({ customer_id: entry.customerId, variant_id: entry.variantId }).first("id"),
    );
    if (present !== undefined) return "present";
    try {
      // A savepoint keeps the caller's transaction usable when a parallel add won the race.
      await this.db.run((q) =>
        q.transaction(async (trx) => {
          await trx("wishlist_items").insert({
            id: entry.id,
            store_id: storeId,
            customer_id: entry.customerId,
            product_id: entry.productId,
            variant_id: entry.variantId,
            created_at: entry.createdAt,
          });
        }),
      );
      return "added";
    } catch (error) {
      if (isUniqueViolation(error)) return "present";
      throw error;
    }
  }

  async remove(storeId: string, entryId: string): Promise<void> {
    await this.db.run((q) => q("wishlist_items").where({ store_id: storeId, id: entryId }).delete());
  }
}
