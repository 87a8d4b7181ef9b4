// The worker's abandoned-cart job: a cart of a known customer, with items, untouched for the
// configured time, gets one `cart.abandoned` event per idle period (a later change starts a new
// one). Anonymous carts untouched for longer are purged.
import { inject, injectable } from "inversify";
import { CartRepository } from "../ports/cart-repository.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { UnitOfWork } from "../ports/unit-of-work.js";

export interface CartTimeouts {
  readonly abandonAfterMs: number;
  readonly purgeAnonymousAfterMs: number;
}
export const CartTimeouts = Symbol.for("storefront.CartTimeouts");

const BATCH = 200;

@injectable()
export class DetectAbandonedCarts {
  constructor(
    @inject(CartRepository) private readonly carts: CartRepository,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(CartTimeouts) private readonly timeouts: CartTimeouts,
  ) {}

  async execute(): Promise<{ readonly abandoned: number; readonly purged: number }> {
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - this.timeouts.abandonAfterMs).toISOString();
    let abandoned = 0;
    for (;;) {
      const found = await this.carts.findAbandoned(idleSince, BATCH);
      for (const cart of found) {
        const recorded = await this.uow.run(async () => {
          if (!(await this.carts.markAbandoned(cart.id, cart.updatedAt))) return false;
          await this.outbox.record({
            storeId: cart.storeId,
            type: "cart.abandoned",
            livemode: cart.livemode,
            data: {
              cart_id: cart.id,
              customer_id: cart.customerId,
              last_activity_at: cart.updatedAt,
              items: cart.lines.map((l) => ({ variant_id: l.variantId, product_id: l.productId, quantity: l.quantity })),
            },
          });
          return true;
        });
        if (recorded) abandoned++;
      }
      if (found.length < BATCH) break;
    }
    const purged = await this.carts.purgeAnonymous(new Date(now.getTime() - this.timeouts.purgeAnonymousAfterMs).toISOString());
    return { abandoned, purged };
  }
}
