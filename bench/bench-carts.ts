// Carts for the checkout scenario, written straight into the bench database: one session cart of
// one line (or `linesPerCart` lines of distinct variants, for the admin scenarios' orders and the
// realistic checkout's 3-5 lines, with `quantityOf` units each) per checkout the run may make, on sampled variants whose stock is raised so no checkout runs out. The stock change is recorded as a catalog change, so the server's cached answers move on.
import { randomUUID } from "node:crypto";
import { recordCatalogChange } from "../adapters/persistence/catalog-versions.js";
import { openBenchApplication } from "./bench-application.js";

const ROWS_PER_INSERT = 200;

export const seedCheckoutCarts = async (
  databaseUrl: string,
  storeId: string,
  variantIds: readonly string[],
  sessions: readonly string[],
  linesPerCart: number | ((cart: number) => number) = 1,
  /** Units of a cart's line; 1 when absent. */
  quantityOf: (cart: number, position: number) => number = () => 1,
): Promise<void> => {
  const application = openBenchApplication(databaseUrl);
  try {
    const db = application.database;
    const knex = db.knex;
    const variants: Array<{ id: string; product_id: string; price: number | string; currency?: string }> = await knex("variants")
      .where("store_id", storeId)
      .whereIn("id", [...variantIds])
      .select("id", "product_id", "price");
    if (variants.length === 0) throw new Error("no variants to put in checkout carts");
    const store: { base_currency: string } = await knex("stores").where("id", storeId).first("base_currency");
    const now = new Date().toISOString();
    const carts = sessions.map((session) => ({
      id: randomUUID(),
      store_id: storeId,
      session_id: session,
      currency: store.base_currency,
      livemode: false,
      created_at: now,
      updated_at: now,
    }));
    const linesOf = (cart: number): number => Math.min(typeof linesPerCart === "number" ? linesPerCart : linesPerCart(cart), variants.length);
    // Consecutive variants of the sample: a cart's lines are distinct variants.
    let next = 0;
    const unitsOf = new Map<string, number>();
    const items = carts.flatMap((cart, i) =>
      Array.from({ length: linesOf(i) }, (_, position) => {
        const variant = variants[next++ % variants.length]!;
        const quantity = quantityOf(i, position);
        unitsOf.set(variant.id, (unitsOf.get(variant.id) ?? 0) + quantity);
        return {
          id: randomUUID(),
          cart_id: cart.id,
          store_id: storeId,
          variant_id: variant.id,
          product_id: variant.product_id,
          quantity,
          unit_price: Number(variant.price),
          position,
          created_at: now,
          updated_at: now,
        };
      }),
    );
    await db.transaction(async () => {
      const trx = db.executor;
      for (let i = 0; i < carts.length; i += ROWS_PER_INSERT) await trx("carts").insert(carts.slice(i, i + ROWS_PER_INSERT));
      for (let i = 0; i < items.length; i += ROWS_PER_INSERT) await trx("cart_items").insert(items.slice(i, i + ROWS_PER_INSERT));
      await trx("variants").where("store_id", storeId).whereIn("id", variants.map((v) => v.id)).increment("stock", Math.max(sessions.length, ...unitsOf.values()));
      await recordCatalogChange(db, storeId);
    });
  } finally {
    await application.close();
  }
};
