// The global rate limits (docs/api/limits.md, "Rate limits"), after authentication: every request
// spends a point of its API key's budget, and requests to /v1/auth/* also one of their client
// address's (the shopper's, when the shop's server names it in Storefront-Customer-IP). A spent
// budget is a 429 (the error handler adds Retry-After and RateLimit-*); other answers carry the
// RateLimit-* headers of the budget closest to running out.
import type { Middleware } from "koa";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../../application/ports/rate-limiter.js";
import type { StorefrontState } from "../state.js";

export interface GlobalRateLimits {
  readonly limiter: RateLimiter;
  /** Requests per API key. */
  readonly perKey: RateLimitRule;
  /** Requests per client address on /v1/auth/*. */
  readonly authPerAddress: RateLimitRule;
}

const AUTH_PATH = /^\/v1\/auth(\/|\?|$)/;

/**
 * Whether a request to this path (or URL) spends only its key's budget. The fast path in front
 * of Koa (fast-answers.ts) spends that one budget itself, so it takes no other requests.
 */
export const spendsOnlyKeyBudget = (path: string): boolean => !AUTH_PATH.test(path);

/** The RateLimit-* headers of a budget, in the order they are sent. */
export const RATE_LIMIT_HEADER_NAMES = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const;

/** The RateLimit-* headers of a budget (the direct path, direct-reads.ts, sends the same; the fast path, fast-answers.ts, the same values under the same names). */
export const rateLimitHeaders = (status: RateLimitStatus): Record<string, string> => ({
  [RATE_LIMIT_HEADER_NAMES[0]]: String(status.limit),
  [RATE_LIMIT_HEADER_NAMES[1]]: String(status.remaining),
  [RATE_LIMIT_HEADER_NAMES[2]]: String(status.resetSeconds),
});

export const rateLimits =
  (limits: GlobalRateLimits): Middleware<StorefrontState> =>
  async (ctx, next) => {
    let tightest: RateLimitStatus | undefined;
    const spend = async (rule: RateLimitRule, key: string): Promise<void> => {
      const status = await limits.limiter.consume(rule, key);
      if (tightest === undefined || status.remaining < tightest.remaining) tightest = status;
    };
    // The shopper's address when a secret-key caller named it (client-address.ts), else the caller's.
    if (!spendsOnlyKeyBudget(ctx.path)) await spend(limits.authPerAddress, ctx.state.shopperAddress ?? ctx.ip);
    const principal = ctx.state.principal;
    if (principal !== undefined) await spend(limits.perKey, principal.keyId);
    if (tightest !== undefined) {
      ctx.set(rateLimitHeaders(tightest));
    }
    await next();
  };
