// Counters of attempts per key in a fixed window, shared by every server process (they live in
// the database). A rule names the budget; the key says whose budget it is.
import type { ServiceIdentifier } from "inversify";

export interface RateLimitRule {
  /** Distinguishes budgets (e.g. "auth-failures-email"); part of the stored key. */
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
}

export interface RateLimiter {
  /** Spends one point of `key`'s budget; throws RateLimited when none is left. */
  consume(rule: RateLimitRule, key: string): Promise<void>;
  /** Gives back a point that an attempt spent and turned out not to need. */
  refund(rule: RateLimitRule, key: string): Promise<void>;
}
export const RateLimiter: ServiceIdentifier<RateLimiter> = Symbol.for("storefront.RateLimiter");
