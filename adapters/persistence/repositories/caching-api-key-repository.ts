// Keeps recently seen API keys in memory for a short time, so that authenticating a request
// costs no query on the hot path. A revoked key stops working within `ttlMs`.
import type { ApiKeyRepository, StoredApiKey } from "../../../application/ports/api-key-repository.js";

export class CachingApiKeyRepository implements ApiKeyRepository {
  private readonly entries = new Map<string, { key: StoredApiKey; until: number }>();

  constructor(
    private readonly inner: ApiKeyRepository,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  create(key: StoredApiKey): Promise<void> {
    return this.inner.create(key);
  }

  listForStore(storeId: string): Promise<readonly StoredApiKey[]> {
    return this.inner.listForStore(storeId);
  }

  findById(storeId: string, keyId: string): Promise<StoredApiKey | undefined> {
    return this.inner.findById(storeId, keyId);
  }

  /** Revokes, and forgets the key here at once (other processes stop taking it within `ttlMs`). */
  async revoke(storeId: string, keyId: string, at: string): Promise<boolean> {
    const done = await this.inner.revoke(storeId, keyId, at);
    for (const [hash, entry] of this.entries) if (entry.key.id === keyId) this.entries.delete(hash);
    return done;
  }

  peekByHash(hash: string): StoredApiKey | undefined {
    const cached = this.entries.get(hash);
    return cached !== undefined && cached.until > this.now() ? cached.key : undefined;
  }

  async findByHash(hash: string): Promise<StoredApiKey | undefined> {
    const cached = this.entries.get(hash);
    if (cached !== undefined && cached.until > this.now()) return cached.key;
    const key = await this.inner.findByHash(hash);
    // Misses are not cached: a key created a moment ago must work at once.
    if (key !== undefined) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(hash, { key, until: this.now() + this.ttlMs });
    } else {
      this.entries.delete(hash);
    }
    return key;
  }
}
