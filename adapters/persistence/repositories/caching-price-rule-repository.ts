// Keeps each store's price rules in memory between catalog changes: every cart change and checkout
// prices its lines with them. An entry holds for the store's store-wide catalog stamp
// (catalog-versions.ts), which any rule write moves on (a change of some products' stock or prices
// does not), here at once and in other processes within a poll; reads inside a unit of work and
// reads while other processes' writes are not known (no recent poll) go to the database.
import type { PriceRuleRepository, StoredPriceRule } from "../../../application/ports/price-rule-repository.js";
import type { CatalogVersions } from "../catalog-versions.js";
import type { Database } from "../database.js";

export class CachingPriceRuleRepository implements PriceRuleRepository {
  private readonly entries = new Map<string, { readonly stamp: string; readonly rules: readonly StoredPriceRule[] }>();

  constructor(
    private readonly inner: PriceRuleRepository,
    private readonly db: Database,
    private readonly versions: CatalogVersions,
    /** How recent the last poll of other processes' writes must be for the cache to be used. */
    private readonly freshWithinMs: number,
  ) {}

  async list(storeId: string): Promise<readonly StoredPriceRule[]> {
    if (this.db.inTransaction || !this.versions.isFresh(this.freshWithinMs)) return this.inner.list(storeId);
    // The stamp is taken before the read, so a write landing meanwhile leaves the entry already stale.
    const stamp = this.versions.structuralStamp(storeId);
    const cached = this.entries.get(storeId);
    if (cached !== undefined && cached.stamp === stamp) return cached.rules;
    const rules = await this.inner.list(storeId);
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(storeId, { stamp, rules });
    return rules;
  }

  find(storeId: string, id: string): Promise<StoredPriceRule | undefined> {
    return this.inner.find(storeId, id);
  }

  insert(storeId: string, rule: StoredPriceRule): Promise<void> {
    return this.inner.insert(storeId, rule);
  }

  update(storeId: string, rule: StoredPriceRule): Promise<void> {
    return this.inner.update(storeId, rule);
  }

  remove(storeId: string, id: string): Promise<void> {
    return this.inner.remove(storeId, id);
  }
}
