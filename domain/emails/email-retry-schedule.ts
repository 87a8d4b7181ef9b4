// When a failed email is tried again (docs/emails.md, "Retries and backoff"): 1, 5, 15 and 30
// minutes, then 1, 2, 4, 8, 12 and 24 hours after the failures (about two and a half days in
// all), each spread by ±10% so the emails of one outage do not all come back at once. After the
// last attempt the email is failed. A mail server that is down for minutes costs nothing but time.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const EMAIL_RETRY_DELAYS_MS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 1 * HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 12 * HOUR, 24 * HOUR];

/** The first attempt and one per retry delay. */
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

export const EMAIL_JITTER_FRACTION = 0.1;

/**
 * The wait after `attemptsMade` failed attempts, or undefined when none is left; `jitter` is in
 * [-1, 1], drawn by the caller.
 */
export const emailRetryDelayMs = (attemptsMade: number, jitter: number): number | undefined => {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1 || attemptsMade >= EMAIL_MAX_ATTEMPTS) return undefined;
  const spread = Math.max(-1, Math.min(1, Number.isFinite(jitter) ? jitter : 0));
  return Math.round(EMAIL_RETRY_DELAYS_MS[attemptsMade - 1]! * (1 + EMAIL_JITTER_FRACTION * spread));
};
