// The rule for new passwords (registration, password change): a strength estimator must score
// them at least 3 of 4 ("safely unguessable": about 10^8 guesses or more), judged with the words
// of the account (email, name, store), so "amina2026" is weak for Amina. A weak one is a 400
// `password_too_weak` on `password` that says why and what would help (docs/decisions/security.md,
// "security-27").
import { WeakPassword } from "../errors/request-errors.js";
import type { PasswordStrength } from "../ports/password-strength.js";

export const MIN_PASSWORD_SCORE = 3;

export interface PasswordOwner {
  readonly email: string;
  readonly name: string;
  readonly storeName: string;
}

/** The account's words the estimator should treat as known to an attacker. */
const wordsOf = (owner: PasswordOwner): string[] => {
  const local = owner.email.split("@")[0] ?? "";
  const words = [owner.email, local, ...local.split(/[._+-]+/), ...owner.name.split(/\s+/), owner.storeName, ...owner.storeName.split(/\s+/)];
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))];
};

export const requireStrongPassword = (strength: PasswordStrength, password: string, owner: PasswordOwner, param = "password"): void => {
  const assessed = strength.assess(password, wordsOf(owner));
  if (assessed.score >= MIN_PASSWORD_SCORE) return;
  const why = assessed.warning ?? "It would be guessed too quickly.";
  const help = assessed.suggestions.length > 0 ? ` ${assessed.suggestions.join(" ")}` : " Use a few uncommon words, or a longer phrase.";
  throw new WeakPassword({ param, message: `This password is too easy to guess. ${why}${help}` });
};
