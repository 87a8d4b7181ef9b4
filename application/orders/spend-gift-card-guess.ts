// Checkout's guard against guessing gift card codes (OWASP API6): the order route runs it before
// Checkout, outside any unit of work.
import { inject, injectable } from "inversify";
import { isGiftCardCode, normaliseGiftCardCode } from "../../domain/gift-cards/gift-card-code.js";
import type { Principal } from "../access/principal.js";
import { GiftCardCheckThrottle } from "../gift-cards/gift-card-check-throttle.js";
import { GiftCardRepository } from "../ports/gift-card-repository.js";

@injectable()
export class SpendGiftCardGuess {
  constructor(
    @inject(GiftCardRepository) private readonly giftCards: GiftCardRepository,
    @inject(GiftCardCheckThrottle) private readonly giftCardGuesses: GiftCardCheckThrottle,
  ) {}

  /**
   * A gift card code that names no card spends one of the key's gift card misses, as a code check
   * does, so that checkout cannot serve to guess codes (OWASP API6); throws RateLimited once they
   * are spent. Call it before Checkout and outside any unit of work: the rate limiter keeps its
   * counters on a connection of its own.
   */
  async execute(principal: Principal, giftCardCode: string | undefined): Promise<void> {
    if (giftCardCode === undefined) return;
    const attempt = await this.giftCardGuesses.attemptByKey(principal.keyId);
    const code = normaliseGiftCardCode(giftCardCode);
    if (isGiftCardCode(code) && (await this.giftCards.findByCode(principal.storeId, code)) !== undefined) await attempt.found();
  }
}
