// Carts on knex. `lock` reads the cart row FOR UPDATE on MySQL (SQLite has one writer), so two
// requests changing one cart take turns; a cart created by two requests at once ends up as one.
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import type { AbandonedCart, CartOwner, CartRepository, StoredCart } from "../../../application/ports/cart-repository.js";
import type { CartLine } from "../../../domain/cart/cart.js";
import { readBoolean } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { Database } from "../database.js";

interface CartRow {
  id: string;
  store_id: string;
  customer_id: string | null;
  session_id: string | null;
  currency: string;
  livemode: number | boolean;
  created_at: string;
  updated_at: string;
}

interface LineRow {
  id: string;
  cart_id: string;
  variant_id: string;
  product_id: string;
  quantity: number;
  unit_price: number | string;
  position: number;
}

const toLine = (row: LineRow): CartLine => ({
  id: row.id,
  variantId: row.variant_id,
  productId: row.product_id,
  quantity: row.quantity,
  unitPrice: Number(row.unit_price),
});

const ownerColumns = (owner: CartOwner): { customer_id: string } | { session_id: string } =>
  "customerId" in owner ? { customer_id: owner.customerId } : { session_id: owner.sessionId };

@injectable()
export class KnexCartRepository implements CartRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  // Plain SQL through the prepared-statement path: a cart change runs these on every add.
  private async read(storeId: string, owner: CartOwner, lock: boolean): Promise<StoredCart | undefined> {
    const forUpdate = lock && this.db.dialect === "mysql" ? " for update" : "";
    const [column, value] = "customerId" in owner ? ["customer_id", owner.customerId] : ["session_id", owner.sessionId];
    const [row] = await this.db.select<CartRow>(`select * from carts where store_id = ? and ${column} = ? limit 1${forUpdate}`, [storeId, value]);
    if (row === undefined) return undefined;
    // Locked too when the cart is: on MySQL a plain read would see the transaction's snapshot (taken
    // before it waited for the cart's lock), not the lines the previous holder just committed.
    const lines = await this.db.select<LineRow>(`select * from cart_items where cart_id = ? order by position, id${forUpdate}`, [row.id]);
    return {
      id: row.id,
      customerId: row.customer_id,
      sessionId: row.session_id,
      currency: row.currency,
      livemode: readBoolean(row.livemode),
      lines: lines.map(toLine),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  find(storeId: string, owner: CartOwner): Promise<StoredCart | undefined> {
    return this.read(storeId, owner, false);
  }

  lock(storeId: string, owner: CartOwner): Promise<StoredCart | undefined> {
    return this.read(storeId, owner, true);
  }

  async lockOrCreate(
    storeId: string,
    owner: CartOwner,
    created: { readonly id: string; readonly currency: string; readonly livemode: boolean; readonly now: string },
  ): Promise<StoredCart> {
    const existing = await this.lock(storeId, owner);
    if (existing !== undefined) return existing;
    try {
      // A savepoint, so that losing the race to create the cart leaves the transaction usable.
      await this.db.run((q) =>
        q.transaction((trx) =>
          trx("carts").insert({
            id: created.id,
            store_id: storeId,
            ...ownerColumns(owner),
            currency: created.currency,
            livemode: created.livemode,
            created_at: created.now,
            updated_at: created.now,
          }),
        ),
      );
      // Ours, locked by the insert, and without lines. Not read back with a locking read: ids grow
      // with time, so on MySQL that read would gap-lock the end of the lines index, and two new
      // carts adding their first lines at once would deadlock on it.
      return {
        id: created.id,
        customerId: "customerId" in owner ? owner.customerId : null,
        sessionId: "sessionId" in owner ? owner.sessionId : null,
        currency: created.currency,
        livemode: created.livemode,
        lines: [],
        createdAt: created.now,
        updatedAt: created.now,
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const cart = await this.lock(storeId, owner);
    if (cart === undefined) throw new Error("a cart vanished between its creation and its lock");
    return cart;
  }

  async saveLines(storeId: string, cart: StoredCart, lines: readonly CartLine[], now: string): Promise<void> {
    const before = new Map(cart.lines.map((line) => [line.id, line]));
    const after = new Set(lines.map((line) => line.id));
    const gone = cart.lines.filter((line) => !after.has(line.id)).map((line) => line.id);
    if (gone.length > 0) {
      await this.db.execute(`delete from cart_items where cart_id = ? and id in (${gone.map(() => "?").join(", ")})`, [cart.id, ...gone]);
    }
    let position = Math.max(0, ...cart.lines.map((_, i) => i + 1));
    for (const line of lines) {
      const old = before.get(line.id);
      if (old === undefined) {
        await this.db.execute(
          "insert into cart_items (id, cart_id, store_id, variant_id, product_id, quantity, unit_price, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          [line.id, cart.id, storeId, line.variantId, line.productId, line.quantity, line.unitPrice, position++, now, now],
        );
      } else if (old.quantity !== line.quantity || old.unitPrice !== line.unitPrice) {
        await this.db.execute("update cart_items set quantity = ?, unit_price = ?, updated_at = ? where id = ? and cart_id = ?", [
          line.quantity,
          line.unitPrice,
          now,
          line.id,
          cart.id,
        ]);
      }
    }
    await this.db.execute("update carts set updated_at = ? where id = ? and store_id = ?", [now, cart.id, storeId]);
  }

  async remove(storeId: string, cartId: string): Promise<void> {
    await this.db.run((q) => q("carts").where({ id: cartId, store_id: storeId }).delete());
  }

  async findAbandoned(idleSince: string, limit: number): Promise<readonly AbandonedCart[]> {
    return this.db.run(async (q) => {
      const rows: CartRow[] = await q("carts")
        .whereNotNull("customer_id")
        .where("updated_at", "<", idleSince)
        .where((w) => void w.whereNull("abandoned_for").orWhereRaw("abandoned_for <> updated_at"))
        .whereExists((sub) => void sub.select(q.raw("1")).from("cart_items as ci").whereRaw("ci.cart_id = carts.id"))
        .orderBy([{ column: "updated_at" }, { column: "id" }])
        .limit(limit);
      if (rows.length === 0) return [];
      const lines: LineRow[] = await q("cart_items").whereIn("cart_id", rows.map((r) => r.id)).orderBy([{ column: "position" }, { column: "id" }]);
      return rows.map((row) => ({
        id: row.id,
        storeId: row.store_id,
        customerId: row.customer_id as string,
        updatedAt: row.updated_at,
        livemode: readBoolean(row.livemode),
        lines: lines.filter((l) => l.cart_id === row.id).map(toLine),
      }));
    });
  }

  async markAbandoned(cartId: string, updatedAt: string): Promise<boolean> {
    // Only if nothing touched the cart since it was found: a fresh change starts a new idle period.
    // And only once per period: a run of the job in parallel may have marked it since it was found.
    const changed = await this.db.run((q) =>
      q("carts")
        .where({ id: cartId, updated_at: updatedAt })
        .andWhere((w) => void w.whereNull("abandoned_for").orWhereNot("abandoned_for", updatedAt))
        .update({ abandoned_for: updatedAt }),
    );
    return changed === 1;
  }

  purgeAnonymous(before: string): Promise<number> {
    return this.db.run((q) => q("carts").whereNull("customer_id").where("updated_at", "<", before).delete());
  }
}
