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

/** A cart with one of its lines, or with nulls for the line when it has none. */
interface CartWithLineRow extends Omit<CartRow, "store_id"> {
  line_id: string | null;
  variant_id: string | null;
  product_id: string | null;
  quantity: number | null;
  unit_price: number | string | null;
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
  // The cart and its lines in one statement (a left join: a cart without lines is one row of nulls
  // for the line columns). Locked, on MySQL, with both the cart row and its line rows: a plain read
  // would see the transaction's snapshot (taken before it waited for the cart's lock), not the
  // lines the previous holder just committed.
  private async read(storeId: string, owner: CartOwner, lock: boolean): Promise<StoredCart | undefined> {
    const forUpdate = lock && this.db.dialect === "mysql" ? " for update" : "";
    // On MySQL through the one unique key of cart owners (migration 0023), so a locking read of a
    // cart locks that key's entry alone, as the unique owner keys before it did.
    const [column, value] =
      this.db.dialect === "mysql"
        ? ["owner_key", "customerId" in owner ? `c:${owner.customerId}` : `s:${owner.sessionId}`]
        : "customerId" in owner
          ? ["customer_id", owner.customerId]
          : ["session_id", owner.sessionId];
    const rows = await this.db.select<CartWithLineRow>(
      "select c.id, c.customer_id, c.session_id, c.currency, c.livemode, c.created_at, c.updated_at, " +
        "ci.id as line_id, ci.variant_id, ci.product_id, ci.quantity, ci.unit_price " +
        `from carts c left join cart_items ci on ci.cart_id = c.id where c.store_id = ? and c.${column} = ? ` +
        `order by ci.position, ci.id${forUpdate}`,
      [storeId, value],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const lines: CartLine[] = [];
    for (const r of rows) {
      if (r.line_id === null) continue;
      lines.push({ id: r.line_id, variantId: r.variant_id as string, productId: r.product_id as string, quantity: r.quantity as number, unitPrice: Number(r.unit_price) });
    }
    return {
      id: row.id,
      customerId: row.customer_id,
      sessionId: row.session_id,
      currency: row.currency,
      livemode: readBoolean(row.livemode),
      lines,
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
      // No savepoint: on both dialects a refused insert undoes only itself, and the transaction
      // goes on (on MySQL holding a shared lock on the winner's row until the lock below).
      await this.db.execute(
        `insert into carts (id, store_id, ${"customerId" in owner ? "customer_id" : "session_id"}, currency, livemode, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)`,
        [created.id, storeId, "customerId" in owner ? owner.customerId : owner.sessionId, created.currency, created.livemode ? 1 : 0, created.now, created.now],
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
    // The cart's updated_at moves with its lines: on MySQL in the statement that changes a line
    // when the change is one line's update (the common add to a line already there), else apart.
    // A cart created in this unit of work already carries `now`.
    let touched = cart.updatedAt === now;
    const changed = lines.filter((line) => {
      const old = before.get(line.id);
      return old !== undefined && (old.quantity !== line.quantity || old.unitPrice !== line.unitPrice);
    });
    // New lines keep the cart's order in `position`, but go in in variant id order: on MySQL each
    // insert share-locks its variant (the foreign key), and checkouts and cancellations lock
    // variants in id order, so a merge that took them in the shopper's order could deadlock with them.
    let position = Math.max(0, ...cart.lines.map((_, i) => i + 1));
    const added = lines
      .filter((line) => !before.has(line.id))
      .map((line) => ({ line, position: position++ }))
      .sort((a, b) => (a.line.variantId < b.line.variantId ? -1 : a.line.variantId > b.line.variantId ? 1 : 0));
    for (const { line, position } of added) {
      await this.db.execute(
        "insert into cart_items (id, cart_id, store_id, variant_id, product_id, quantity, unit_price, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [line.id, cart.id, storeId, line.variantId, line.productId, line.quantity, line.unitPrice, position, now, now],
      );
    }
    for (const line of changed) {
      if (!touched && this.db.dialect === "mysql" && changed.length === 1 && added.length === 0 && gone.length === 0) {
        await this.db.execute(
          "update cart_items ci join carts c on c.id = ci.cart_id set ci.quantity = ?, ci.unit_price = ?, ci.updated_at = ?, c.updated_at = ? " +
            "where ci.id = ? and ci.cart_id = ? and c.store_id = ?",
          [line.quantity, line.unitPrice, now, now, line.id, cart.id, storeId],
        );
        touched = true;
        continue;
      }
      await this.db.execute("update cart_items set quantity = ?, unit_price = ?, updated_at = ? where id = ? and cart_id = ?", [
        line.quantity,
        line.unitPrice,
        now,
        line.id,
        cart.id,
      ]);
    }
    if (!touched) await this.db.execute("update carts set updated_at = ? where id = ? and store_id = ?", [now, cart.id, storeId]);
  }

  async remove(storeId: string, cartId: string): Promise<void> {
    await this.db.execute("delete from carts where id = ? and store_id = ?", [cartId, storeId]);
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
