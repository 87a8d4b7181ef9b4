// What a cancelled or refunded order gives back, in the same transaction as the status change:
// its units to stock (once) and its gift card amount to the card (once), with a ledger entry.
// Refunds and returns give back parts (docs/staff.md, "Refunds and returns"): units of some
// lines, and the gift card's share of a partial refund. Each unit and each minor unit goes back
// at most once whichever path gives it: what was already restocked (order_restocks) and restored
// (the card's restoration entries for the order) is counted before anything more goes back.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { restore } from "../../domain/gift-cards/gift-card-balance.js";
import type { Order } from "../../domain/orders/order.js";
import { Clock } from "../ports/clock.js";
import { RequestContext } from "../ports/request-context.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";
import { RefundRepository, type OrderRestock } from "../ports/refund-repository.js";
import { StockLedger } from "../ports/stock-ledger.js";

const byVariant = <T extends { readonly variantId: string | null }>(a: T, b: T): number =>
  a.variantId! < b.variantId! ? -1 : a.variantId! > b.variantId! ? 1 : 0;

@injectable()
export class OrderRestitution {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(GiftCardRepository) private readonly giftCards: GiftCardRepository,
    @inject(RefundRepository) private readonly refunds: RefundRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(RequestContext) private readonly requests: RequestContext,
    @inject(StockLedger) private readonly stockLedger: StockLedger,
  ) {}

  /** Every unit of the order not yet back in stock goes back (a cancellation). */
  async restock(storeId: string, order: Order): Promise<Order> {
    if (order.stockRestored) return order;
    return this.restockLines(storeId, order, order.items.map((item) => ({ lineId: item.id, quantity: item.quantity })), { type: "order", id: order.id });
  }

  /**
   * Puts units of some lines back in stock, at most each line's quantity less what earlier
   * restocks gave back; the order is `stockRestored` once every unit is back.
   */
  async restockLines(storeId: string, order: Order, lines: readonly OrderRestock[], source: { readonly type: "refund" | "return" | "order"; readonly id: string }): Promise<Order> {
    if (order.stockRestored) return order;
    const already = await this.refunds.restockedQuantities(storeId, order.id);
    const wanted = new Map<string, number>();
    for (const line of lines) wanted.set(line.lineId, (wanted.get(line.lineId) ?? 0) + line.quantity);
    const moves: Array<{ readonly variantId: string | null; readonly lineId: string; readonly quantity: number }> = [];
    for (const item of order.items) {
      const quantity = Math.min(wanted.get(item.id) ?? 0, item.quantity - (already.get(item.id) ?? 0));
      if (quantity > 0) moves.push({ variantId: item.variantId, lineId: item.id, quantity });
    }
    // Variants in id order, as checkout takes them: two units of work lock them in one order.
    const back = moves.filter((m) => m.variantId !== null).sort(byVariant);
    for (const move of back) await this.products.returnStock(storeId, move.variantId!, move.quantity);
    // Each move in the stock ledger (docs/staff.md, "Stock ledger"), with the stock it left.
    const at = this.clock.now().toISOString();
    const reason = source.type === "refund" ? "order_refunded" : source.type === "return" ? "returned" : "order_cancelled";
    await this.stockLedger.appendMade(
      storeId,
      back.map((m) => ({ id: this.ids.newId(), variantId: m.variantId!, delta: m.quantity, reason, actor: { type: "system", id: null, label: `order ${order.orderNumber}` }, orderId: order.id, at })),
      (this.requests.currentRequestId() ?? null),
    );
    await this.refunds.recordRestocks(storeId, order.id, moves, source, this.clock.now().toISOString());
    for (const move of moves) already.set(move.lineId, (already.get(move.lineId) ?? 0) + move.quantity);
    const allBack = order.items.every((item) => (already.get(item.id) ?? 0) >= item.quantity);
    return allBack ? { ...order, stockRestored: true } : order;
  }

  /** Whatever of the order's gift card amount is not back on the card yet goes back (a cancellation, a whole refund). */
  async refundGiftCard(storeId: string, order: Order): Promise<Order> {
    return this.restoreGiftCard(storeId, order, order.giftCardAmount);
  }

  /**
   * Brings the card back to `share` (minor units of the order's currency, of its gift card
   * amount) restored for this order, counted cumulatively: the card's currency amount is the
   * redeemed amount × share / the order's gift card amount, less what was restored before.
   */
  async restoreGiftCard(storeId: string, order: Order, share: number): Promise<Order> {
    if (order.giftCardRestored || order.giftCardId === null || order.giftCardAmount === 0 || share <= 0) return order;
    const card = await this.giftCards.lock(storeId, order.giftCardId);
    if (card === undefined) return order;
    // What the order took off the card, in the card's currency (its redemption's amount: a card in
    // another currency was converted at the rate of that day, recorded on the entry).
    const ledger = (await this.giftCards.ledger(storeId, card.id)).filter((entry) => entry.orderId === order.id);
    const redemptions = ledger.filter((entry) => entry.kind === "redemption").reduce((sum, entry) => sum + entry.amount, 0);
    const restored = ledger.filter((entry) => entry.kind === "restoration").reduce((sum, entry) => sum + entry.amount, 0);
    const redeemed = redemptions > 0 ? redemptions : card.currency === order.currency ? order.giftCardAmount : 0;
    const whole = share >= order.giftCardAmount;
    const target = whole ? redeemed : Math.round((redeemed * share) / order.giftCardAmount);
    const amount = Math.min(target, redeemed) - restored;
    if (amount <= 0) return whole ? { ...order, giftCardRestored: true } : order;
    const moved = restore(card, amount, this.ids.newId(), this.clock.now().toISOString(), order.id);
    // A restoration past the initial balance means the ledger was changed by hand; leave it be.
    if (Either.isLeft(moved)) return order;
    await this.giftCards.applyMove(storeId, moved.right.card, moved.right.entry);
    return whole ? { ...order, giftCardRestored: true } : order;
  }
}
