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

const AUTH_PATH = /^\/v1\/auth(\/|$)/;

/** The RateLimit-* headers of a budget (also sent by the fast path of cached answers, fast-answers.ts). */
export const rateLimitHeaders = (status: RateLimitStatus): Record<string, string> => ({
  "RateLimit-Limit": String(status.limit),
  "RateLimit-Remaining": String(status.remaining),
  "RateLimit-Reset": String(status.resetSeconds),
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
    if (AUTH_PATH.test(ctx.path)) await spend(limits.authPerAddress, ctx.state.shopperAddress ?? ctx.ip);
    const principal = ctx.state.principal;
    if (principal !== undefined) await spend(limits.perKey, principal.keyId);
    if (tightest !== undefined) {
      ctx.set(rateLimitHeaders(tightest));
    }
    await next();
  };
