// What a cancelled or refunded order gives back, in the same transaction as the status change:
// its units to stock (once) and its gift card amount to the card (once), with a ledger entry.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { restore } from "../../domain/gift-cards/gift-card-balance.js";
import type { Order } from "../../domain/orders/order.js";
import { Clock } from "../ports/clock.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { ProductRepository } from "../ports/product-repository.js";

@injectable()
export class OrderRestitution {
  constructor(
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(GiftCardRepository) private readonly giftCards: GiftCardRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async restock(storeId: string, order: Order): Promise<Order> {
    if (order.stockRestored) return order;
    // Variants in id order, as checkout takes them: two units of work lock them in one order.
    const items = order.items.filter((item) => item.variantId !== null).sort((a, b) => (a.variantId! < b.variantId! ? -1 : a.variantId! > b.variantId! ? 1 : 0));
    for (const item of items) await this.products.returnStock(storeId, item.variantId!, item.quantity);
    return { ...order, stockRestored: true };
  }

  async refundGiftCard(storeId: string, order: Order): Promise<Order> {
    if (order.giftCardRestored || order.giftCardId === null || order.giftCardAmount === 0) return order;
    const card = await this.giftCards.lock(storeId, order.giftCardId);
    if (card === undefined) return order;
    // What the order took off the card, in the card's currency (its redemption's amount: a card in
    // another currency was converted at the rate of that day, recorded on the entry).
    const redeemed = (await this.giftCards.ledger(storeId, card.id))
      .filter((entry) => entry.kind === "redemption" && entry.orderId === order.id)
      .reduce((sum, entry) => sum + entry.amount, 0);
    const amount = redeemed > 0 ? redeemed : card.currency === order.currency ? order.giftCardAmount : 0;
    if (amount === 0) return order;
    const moved = restore(card, amount, this.ids.newId(), this.clock.now().toISOString(), order.id);
    // A restoration past the initial balance means the ledger was changed by hand; leave it be.
    if (Either.isLeft(moved)) return order;
    await this.giftCards.applyMove(storeId, moved.right.card, moved.right.entry);
    return { ...order, giftCardRestored: true };
  }
}
