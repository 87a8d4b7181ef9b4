// Test support for fault tests: what must hold in a store's tables after any crash or outage —
// every order whole (its lines, totals that add up, its order.created event), stock and gift card
// balances equal to their start minus what existing orders took (a cancelled or refunded order's
// units count only until its stock is given back), and no cart line without a cart.
import assert from "node:assert/strict";
import type { Knex } from "knex";

interface OrderRow {
  id: string;
  order_number: string;
  notes: string | null;
  subtotal: number | string;
  discount_amount: number | string;
  shipping_amount: number | string;
  tax_amount: number | string;
  gift_card_amount: number | string;
  total_amount: number | string;
  gift_card_id: string | null;
  stock_restored: number | boolean;
}

export interface InvariantReport {
  readonly orders: number;
  readonly orderLines: number;
  readonly giftCardRedemptions: number;
}

/**
 * Checks the store's rows. `initialStock` maps each variant the test created to the stock it was
 * created with, less the units of orders that hold them (not those of an order whose stock was
 * given back when it was cancelled or refunded); gift cards are checked against their own
 * `initial_balance` (no gift card restorations are expected: no test cancels an order paid by card).
 */
export const assertStoreConsistent = async (knex: Knex, storeId: string, initialStock: ReadonlyMap<string, number>): Promise<InvariantReport> => {
  const orders: OrderRow[] = await knex("orders").where({ store_id: storeId });
  const items: { order_id: string; variant_id: string | null; quantity: number | string; unit_price: number | string; line_total: number | string }[] =
    await knex("order_items").where({ store_id: storeId });
  const itemsByOrder = new Map<string, typeof items>();
  for (const item of items) itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
  const orderIds = new Set(orders.map((o) => o.id));
  assert.deepEqual(items.filter((i) => !orderIds.has(i.order_id)), [], "no order line without its order");

  const created = new Map<string, number>();
  const events: { data: string }[] = await knex("events").where({ store_id: storeId, type: "order.created" }).select("data");
  for (const event of events) {
    const id = (JSON.parse(event.data) as { order?: { id?: string } }).order?.id;
    if (id !== undefined) created.set(id, (created.get(id) ?? 0) + 1);
  }

  for (const order of orders) {
    const lines = itemsByOrder.get(order.id) ?? [];
    assert.ok(lines.length > 0, `order ${order.order_number} has its lines`);
    for (const line of lines) assert.equal(Number(line.line_total), Number(line.unit_price) * Number(line.quantity), `order ${order.order_number}: line total`);
    const subtotal = lines.reduce((sum, line) => sum + Number(line.line_total), 0);
    assert.equal(Number(order.subtotal), subtotal, `order ${order.order_number}: subtotal = sum of its lines`);
    assert.equal(
      Number(order.total_amount),
      Number(order.subtotal) - Number(order.discount_amount) + Number(order.shipping_amount) + Number(order.tax_amount),
      `order ${order.order_number}: total = subtotal - discount + shipping + tax`,
    );
    const giftCardAmount = Number(order.gift_card_amount);
    assert.ok(giftCardAmount >= 0 && giftCardAmount <= Number(order.total_amount), `order ${order.order_number}: gift card part within the total`);
    if (giftCardAmount > 0) assert.notEqual(order.gift_card_id, null, `order ${order.order_number}: a gift card amount names its card`);
    assert.equal(created.get(order.id) ?? 0, 1, `order ${order.order_number}: exactly one order.created event`);
  }
  assert.equal(created.size, orders.length, "no order.created event of an order that does not exist");
  assert.equal(new Set(orders.map((o) => o.order_number)).size, orders.length, "order numbers are unique");

  const restored = new Set(orders.filter((o) => o.stock_restored === true || Number(o.stock_restored) === 1).map((o) => o.id));
  const taken = new Map<string, number>();
  for (const item of items) if (item.variant_id !== null && !restored.has(item.order_id)) taken.set(item.variant_id, (taken.get(item.variant_id) ?? 0) + Number(item.quantity));
  for (const [variantId, initial] of initialStock) {
    const row: { stock: number | string } | undefined = await knex("variants").where({ id: variantId }).first("stock");
    assert.ok(row !== undefined, `variant ${variantId} exists`);
    assert.ok(Number(row.stock) >= 0, `variant ${variantId}: stock never below 0`);
    assert.equal(Number(row.stock), initial - (taken.get(variantId) ?? 0), `variant ${variantId}: stock = initial - quantities of existing orders not given back`);
  }

  const cards: { id: string; balance: number | string; initial_balance: number | string }[] = await knex("gift_cards").where({ store_id: storeId });
  const ledger: { gift_card_id: string; kind: string; amount: number | string; order_id: string | null; order_amount: number | string | null }[] = await knex(
    "gift_card_ledger",
  ).where({ store_id: storeId });
  const ordersById = new Map(orders.map((o) => [o.id, o]));
  let redemptions = 0;
  for (const card of cards) {
    const redeemed = ledger.filter((entry) => entry.gift_card_id === card.id && entry.kind === "redemption");
    // In the card's own currency: what the redemptions of existing orders took off it.
    const spentByOrders = redeemed.filter((e) => e.order_id !== null && ordersById.has(e.order_id)).reduce((sum, e) => sum + Number(e.amount), 0);
    assert.equal(Number(card.balance), Number(card.initial_balance) - spentByOrders, `gift card ${card.id}: balance = initial - what existing orders took`);
    redemptions += redeemed.length;
    for (const entry of redeemed) {
      const order = entry.order_id === null ? undefined : ordersById.get(entry.order_id);
      assert.ok(order !== undefined, `gift card ${card.id}: a redemption belongs to an existing order`);
      // A card in another currency records what it paid in the order's currency beside what it lost.
      assert.equal(Number(order.gift_card_amount), Number(entry.order_amount ?? entry.amount), `gift card ${card.id}: the redemption is the order's gift card amount`);
    }
    assert.equal(new Set(redeemed.map((e) => e.order_id)).size, redeemed.length, `gift card ${card.id}: one redemption per order`);
    assert.equal(
      redeemed.length,
      orders.filter((o) => o.gift_card_id === card.id && Number(o.gift_card_amount) > 0).length,
      `gift card ${card.id}: every order that used it has its redemption`,
    );
  }

  const orphanLines = await knex("cart_items").leftJoin("carts", "carts.id", "cart_items.cart_id").where("cart_items.store_id", storeId).whereNull("carts.id").count({ n: "*" }).first();
  assert.equal(Number(orphanLines?.n), 0, "no cart line without its cart");
  const sequence: { last_number: number | string } | undefined = await knex("order_sequences").where({ store_id: storeId }).first("last_number");
  assert.ok(Number(sequence?.last_number ?? 0) >= orders.length, "the order counter is at least the number of orders");

  return { orders: orders.length, orderLines: items.length, giftCardRedemptions: redemptions };
};

/** The quantity in each session's cart (no entry: no cart), for sessions named in `sessions`. */
export const cartQuantities = async (knex: Knex, storeId: string, sessions: readonly string[]): Promise<Map<string, number>> => {
  const rows: { session_id: string; quantity: number | string | null }[] = await knex("carts")
    .leftJoin("cart_items", "cart_items.cart_id", "carts.id")
    .where("carts.store_id", storeId)
    .whereIn("carts.session_id", [...sessions])
    .groupBy("carts.session_id")
    .select("carts.session_id", knex.raw("sum(cart_items.quantity) as quantity"));
  return new Map(rows.map((row) => [row.session_id, Number(row.quantity ?? 0)]));
};

/** The orders of the store keyed by their `notes`, which fault tests set to the cart's session id. */
export const ordersByNote = async (knex: Knex, storeId: string): Promise<Map<string, string[]>> => {
  const rows: { id: string; notes: string | null }[] = await knex("orders").where({ store_id: storeId }).select("id", "notes");
  const byNote = new Map<string, string[]>();
  for (const row of rows) if (row.notes !== null) byNote.set(row.notes, [...(byNote.get(row.notes) ?? []), row.id]);
  return byNote;
};
