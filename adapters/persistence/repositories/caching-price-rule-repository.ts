// Keeps each store's price rules in memory: every cart change and checkout prices its lines with
// them. Two kinds of use:
// - Outside a unit of work, an entry holds for the store's store-wide catalog stamp
//   (catalog-versions.ts), which any rule write moves on (a change of some products' stock or
//   prices does not), here at once and in other processes within a poll; while other processes'
//   writes are not known (no recent poll) reads go to the database.
// - Inside a unit of work, the rules are exact: a copy is used only when it was read at the
//   catalog version that a statement of this transaction read (the cart write's variant facts,
//   the checkout's store), since every rule write moves that version in its own transaction;
//   otherwise the rules and the version are read again, in one statement, and kept
//   (versioned-copies.ts; docs/decisions/checkout.md, "checkout-31").
import type { PriceRuleRepository, StoredPriceRule } from "../../../application/ports/price-rule-repository.js";
import type { CatalogVersions } from "../catalog-versions.js";
import type { Database } from "../database.js";
import { versionedCopiesOf } from "../versioned-copies.js";
import type { KnexPriceRuleRepository } from "./knex-price-rule-repository.js";

export class CachingPriceRuleRepository implements PriceRuleRepository {
  private readonly entries = new Map<string, { readonly stamp: string; readonly rules: readonly StoredPriceRule[] }>();

  constructor(
    private readonly inner: KnexPriceRuleRepository,
    private readonly db: Database,
    private readonly versions: CatalogVersions,
    /** How recent the last poll of other processes' writes must be for the cache to be used. */
    private readonly freshWithinMs: number,
  ) {}

  async list(storeId: string): Promise<readonly StoredPriceRule[]> {
    if (this.db.inTransaction) {
      return (await versionedCopiesOf(this.db).inUnitOfWork("price_rules", storeId, () => this.inner.listVersioned(storeId))) ?? this.inner.list(storeId);
    }
    if (!this.versions.isFresh(this.freshWithinMs)) return this.inner.list(storeId);
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
