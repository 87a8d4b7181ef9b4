// The RateLimiter port over any rate-limiter-flexible store (SQL, Redis): one store limiter per
// rule, its outcomes turned into a RateLimitStatus or a RateLimited error. Subclasses say how a
// rule's store limiter is built and what a store failure means.
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { RateLimited } from "../../application/errors/limit-errors.js";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../application/ports/rate-limiter.js";

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** How often a store operation that lost a conflict (see `isLostConflict`) is sent in all. */
const CONFLICT_ATTEMPTS = 4;

export abstract class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  /** The store limiter of a rule; `keyPrefix` must be the rule's name, so counters survive restarts. */
  protected abstract createLimiter(rule: RateLimitRule): RateLimiterAbstract;

  /** What a store failure (not a refusal) becomes, e.g. ServiceUnavailable. */
  protected abstract translateFailure(error: unknown): unknown;

  /**
   * Whether a store failure only lost a conflict with another writer and left nothing behind, so
   * the operation may be sent again: a deadlock victim, or on Galera a certification failure of
   * two nodes incrementing one counter at once (the SQL stores' upsert is one transaction, rolled
   * back whole). One counter per API key takes every request of that key, so on a cluster such
   * conflicts are routine and must not answer 503.
   */
  protected isLostConflict(_error: unknown): boolean {
    return false;
  }

  /** Runs a store operation, again (after a short jittered pause) while it loses conflicts. */
  private async sent<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (error instanceof RateLimiterRes || attempt >= CONFLICT_ATTEMPTS || !this.isLostConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
      }
    }
  }

  private limiterFor(rule: RateLimitRule): RateLimiterAbstract {
    const id = `${rule.name}/${rule.points}/${rule.windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (limiter === undefined) {
      limiter = this.createLimiter(rule);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async consume(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitStatus> {
    const limiter = this.limiterFor(rule);
    try {
      const outcome = await this.sent(() => limiter.consume(key, points));
      const resetMs = Math.max(0, outcome.msBeforeNext);
      return { limit: rule.points, remaining: outcome.remainingPoints, resetSeconds: seconds(resetMs), resetMs };
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) throw this.translateFailure(outcome);
      // The store counted the refused points. One point over the budget changes nothing (the
      // window is spent either way); a refused batch is given back so its points stay usable.
      const before = outcome.consumedPoints - points;
      if (points > 1) await limiter.reward(key, points).catch(() => undefined);
      throw new RateLimited({
        message: "Too many requests. Try again later.",
        retryAfterSeconds: seconds(outcome.msBeforeNext),
        limit: rule.points,
        remaining: Math.max(0, rule.points - before),
      });
    }
  }

  async refund(rule: RateLimitRule, key: string, points = 1): Promise<void> {
    try {
      const limiter = this.limiterFor(rule);
      await this.sent(() => limiter.reward(key, points));
    } catch (error) {
      throw this.translateFailure(error);
    }
  }
}
