// One-time sign-in codes: six digits, ten minutes of life, five tries. Only a customer's latest
// code counts, and a code works once.
export const CODE_DIGITS = 6;
export const CODE_LIFETIME_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;

export interface CodeState {
  readonly expiresAt: string;
  readonly attempts: number;
  readonly consumedAt: string | null;
}

export type CodeUsability = "usable" | "expired" | "exhausted" | "consumed";

/** Whether a code may still be tried at `now` (before counting the try about to be made). */
export const codeUsability = (code: CodeState, now: Date): CodeUsability => {
  if (code.consumedAt !== null) return "consumed";
  if (Date.parse(code.expiresAt) <= now.getTime()) return "expired";
  if (code.attempts >= CODE_MAX_ATTEMPTS) return "exhausted";
  return "usable";
};

export const codeExpiry = (now: Date): Date => new Date(now.getTime() + CODE_LIFETIME_SECONDS * 1000);
