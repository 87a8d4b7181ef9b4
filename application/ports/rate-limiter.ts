// Counters of attempts per key in a fixed window, shared by every server process (they live in
// the database or in Redis). A rule names the budget; the key says whose budget it is.
import type { ServiceIdentifier } from "inversify";

export interface RateLimitRule {
  /** Distinguishes budgets (e.g. "auth-failures-email"); part of the stored key. */
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
}

/** Where a budget stands after a consume: what the RateLimit-* headers of an answer report. */
export interface RateLimitStatus {
  /** Points the window allows (the rule's points). */
  readonly limit: number;
  /** Points left in the current window. */
  readonly remaining: number;
  /** Whole seconds until the current window ends (at least 1), as the RateLimit-Reset header says. */
  readonly resetSeconds: number;
  /** Milliseconds until the current window ends (precise; for callers that cache a budget). */
  readonly resetMs: number;
}

export interface RateLimiter {
  /**
   * Spends `points` (default 1) of `key`'s budget and answers what is left; throws RateLimited
   * when the budget cannot cover them (nothing is spent then, as far as callers can tell).
   */
  consume(rule: RateLimitRule, key: string, points?: number): Promise<RateLimitStatus>;
  /**
   * Spends one point of `key`'s budget at once when that needs no wait (points already held by this
   * process), and answers what is left; undefined, having spent nothing, when it would need the
   * shared store or would be refused: then call `consume`. Optional.
   */
  consumeNow?(rule: RateLimitRule, key: string): RateLimitStatus | undefined;
  /** Gives back points (default 1) that an attempt spent and turned out not to need. */
  refund(rule: RateLimitRule, key: string, points?: number): Promise<void>;
}
export const RateLimiter: ServiceIdentifier<RateLimiter> = Symbol.for("storefront.RateLimiter");
