// How guessable a new password is, by a maintained strength estimator with a dictionary of
// common and breached passwords (docs/decisions/security.md,
// "security-27").
import type { ServiceIdentifier } from "inversify";

export interface PasswordAssessment {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  readonly score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak, in words, when the estimator says (e.g. "This is a commonly used password."). */
  readonly warning: string | undefined;
  /** What would make it stronger. */
  readonly suggestions: readonly string[];
}

export interface PasswordStrength {
  /** `userInputs`: words of the account (email, name, store) that make a password weak when it uses them. */
  assess(password: string, userInputs: readonly string[]): PasswordAssessment;
}
export const PasswordStrength: ServiceIdentifier<PasswordStrength> = Symbol.for("storefront.PasswordStrength");
