// Cryptographically random secrets (API keys, HMAC secrets, tokens) and their one-way hashes.
import type { ServiceIdentifier } from "inversify";

export interface SecretGenerator {
  /** `length` random characters of [A-Za-z0-9]. */
  randomBase62(length: number): string;
  /** `length` random decimal digits, each equally likely (one-time codes). */
  randomDigits(length: number): string;
  /** `length` cryptographically random bytes (gift card codes draw their characters from them). */
  randomBytes(length: number): Uint8Array;
  /** Hex SHA-256 of a secret, the only form in which secrets are stored. */
  hash(secret: string): string;
}
export const SecretGenerator: ServiceIdentifier<SecretGenerator> = Symbol.for("storefront.SecretGenerator");
