// API keys, kept only as SHA-256 hashes with the store, type and mode they grant.
import type { ServiceIdentifier } from "inversify";
import type { KeyType, Mode } from "../../domain/access/api-key.js";

export interface StoredApiKey {
  readonly id: string;
  readonly storeId: string;
  readonly type: KeyType;
  readonly mode: Mode;
  /** The visible start of the key, e.g. `svc_sk_test_Ab12`, for dashboards and logs. */
  readonly displayPrefix: string;
  readonly hash: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface ApiKeyRepository {
  create(key: StoredApiKey): Promise<void>;
  findByHash(hash: string): Promise<StoredApiKey | undefined>;
  /** The store's keys, newest first, revoked ones included. */
  listForStore(storeId: string): Promise<readonly StoredApiKey[]>;
  findById(storeId: string, keyId: string): Promise<StoredApiKey | undefined>;
  /** Revokes the key now; false when it was revoked already or is another store's. */
  revoke(storeId: string, keyId: string, at: string): Promise<boolean>;
  /**
   * What `findByHash` would answer without a query, when a repository that caches keys holds a
   * current entry for the hash; undefined otherwise (then ask `findByHash`). Optional.
   */
  peekByHash?(hash: string): StoredApiKey | undefined;
}
export const ApiKeyRepository: ServiceIdentifier<ApiKeyRepository> = Symbol.for("storefront.ApiKeyRepository");
