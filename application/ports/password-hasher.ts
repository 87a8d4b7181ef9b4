// One-way password hashing with a per-password salt; the encoding carries its own parameters
// so that a stronger setting applies to new passwords without breaking old ones.
import type { ServiceIdentifier } from "inversify";

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Compares in constant time; false for a malformed encoding. */
  verify(password: string, encoded: string): Promise<boolean>;
}
export const PasswordHasher: ServiceIdentifier<PasswordHasher> = Symbol.for("storefront.PasswordHasher");
