// Throttles guessing of gift card codes: checks per client address and per API key, through the
// shared rate limiter. Every check spends an attempt up front (so a spent budget refuses before
// any lookup) and a check that finds a card gives it back: only misses count.
import { inject, injectable } from "inversify";
import { RateLimiter, type RateLimitRule } from "../ports/rate-limiter.js";
import { GiftCardCheckSettings } from "./gift-card-check-settings.js";

export interface GiftCardCheckAttempt {
  /** The code named a card: the attempt does not count against the budgets. */
  found(): Promise<void>;
}

@injectable()
export class GiftCardCheckThrottle {
  private readonly missesByAddress: RateLimitRule;
  private readonly missesByKey: RateLimitRule;

  constructor(
    @inject(RateLimiter) private readonly limiter: RateLimiter,
    @inject(GiftCardCheckSettings) settings: GiftCardCheckSettings,
  ) {
    this.missesByAddress = { name: "gift-check-addr", points: settings.missesPerAddress, windowSeconds: settings.windowSeconds };
    this.missesByKey = { name: "gift-check-key", points: settings.missesPerKey, windowSeconds: settings.windowSeconds };
  }

  /**
   * Spends an attempt of the key only (checkout: the request comes from the merchant's server, so
   * its address is not the shopper's); throws RateLimited when the key's budget is spent.
   */
  async attemptByKey(keyId: string): Promise<GiftCardCheckAttempt> {
    await this.limiter.consume(this.missesByKey, keyId);
    return { found: async () => void (await this.limiter.refund(this.missesByKey, keyId)) };
  }

  /** Spends an attempt of the address and of the key; throws RateLimited when either is spent. */
  async attempt(keyId: string, address: string): Promise<GiftCardCheckAttempt> {
    await this.limiter.consume(this.missesByAddress, address);
    await this.limiter.consume(this.missesByKey, keyId);
    return {
      found: async () => {
        await this.limiter.refund(this.missesByKey, keyId);
        await this.limiter.refund(this.missesByAddress, address);
      },
    };
  }
}
