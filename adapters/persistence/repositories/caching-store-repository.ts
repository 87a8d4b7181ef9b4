// Keeps stores in memory for a short time (30 s by default): every catalog answer names the
// store's currency, and a store's settings change rarely. A `fresh` or `forUpdate` read goes to
// the database: writes read their store so (docs/decisions/carts.md, "carts-08").
import type { StoreRepository } from "../../../application/ports/store-repository.js";
import type { Store } from "../../../domain/stores/store.js";

export class CachingStoreRepository implements StoreRepository {
  private readonly entries = new Map<string, { store: Store; until: number }>();

  constructor(
    private readonly inner: StoreRepository,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(store: Store): Promise<void> {
    return this.inner.create(store);
  }

  async update(store: Store, now: string): Promise<void> {
    await this.inner.update(store, now);
    this.entries.delete(store.id);
  }

  async findById(storeId: string, options?: { readonly fresh?: boolean; readonly forUpdate?: boolean }): Promise<Store | undefined> {
    const exact = options?.fresh === true || options?.forUpdate === true;
    const cached = this.entries.get(storeId);
    if (!exact && cached !== undefined && cached.until > this.now()) return cached.store;
    const store = await this.inner.findById(storeId, options);
    if (store !== undefined) {
      if (this.entries.size > 10_000) this.entries.clear();
      this.entries.set(storeId, { store, until: this.now() + this.ttlMs });
    }
    return store;
  }
}
