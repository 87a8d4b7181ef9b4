// One-time sign-in codes, stored as hashes with their expiry, tries and use.
import type { ServiceIdentifier } from "inversify";

export interface StoredOneTimeCode {
  readonly id: string;
  readonly storeId: string;
  readonly customerId: string;
  readonly hash: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly attempts: number;
  readonly consumedAt: string | null;
}

export interface OneTimeCodeRepository {
  insert(code: StoredOneTimeCode): Promise<void>;
  /** The customer's most recent code, used or not; older ones no longer count. */
  findLatest(storeId: string, customerId: string): Promise<StoredOneTimeCode | undefined>;
  /** Counts one try atomically; false when the code had no try left. */
  takeAttempt(codeId: string, maxAttempts: number): Promise<boolean>;
  /** Marks the code used; false when it already was. */
  consume(codeId: string, at: string): Promise<boolean>;
  /** Deletes codes that expired before `before`; answers how many went. */
  purgeExpired(before: string): Promise<number>;
}
export const OneTimeCodeRepository: ServiceIdentifier<OneTimeCodeRepository> = Symbol.for("storefront.OneTimeCodeRepository");
