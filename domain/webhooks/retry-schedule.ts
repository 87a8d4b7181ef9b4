// When a failed webhook delivery is tried again (docs/api/webhooks.md, "Delivery and retries"): 5
// s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the failures, each spread by ±10% so that retries of
// one outage do not arrive together, and never sooner than the receiver's Retry-After asks (capped
// at a day).
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** The first attempt and one per retry delay; after the last the delivery is failed. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const JITTER_FRACTION = 0.1;

/** A Retry-After longer than this is taken as this: a receiver cannot park deliveries for ever. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * The wait before the next attempt after `attemptsMade` attempts have failed, or undefined when
 * no attempt is left. `jitter` is a number in [-1, 1] (the caller draws it); `retryAfterMs` is
 * what the receiver asked for, if anything.
 */
export const retryDelayMs = (attemptsMade: number, jitter: number, retryAfterMs?: number): number | undefined => {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) return undefined;
  const base = RETRY_DELAYS_MS[attemptsMade - 1]!;
  const spread = Math.max(-1, Math.min(1, Number.isFinite(jitter) ? jitter : 0));
  const scheduled = Math.round(base * (1 + JITTER_FRACTION * spread));
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs) || retryAfterMs <= 0) return scheduled;
  return Math.max(scheduled, Math.min(Math.ceil(retryAfterMs), MAX_RETRY_AFTER_MS));
};
