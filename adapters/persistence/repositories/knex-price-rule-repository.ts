// Price rules on knex.
import { inject, injectable } from "inversify";
import type { PriceRuleRepository, StoredPriceRule } from "../../../application/ports/price-rule-repository.js";
import type { CustomerSegment } from "../../../domain/pricing/customer-standing.js";
import type { DiscountType, PriceRuleKind } from "../../../domain/pricing/price-rule.js";
import { readBoolean, readJson, writeJson } from "../column-types.js";
import { Database } from "../database.js";
import { readVersioned, writeVersioned, type Versioned } from "../versioned-copies.js";

interface PriceRuleRow {
  id: string;
  name: string;
  kind: string;
  segment: string | null;
  tier: string | null;
  min_quantity: number | null;
  min_lifetime_spend: number | string | null;
  discount_type: string;
  value: number;
  product_ids: string | null;
  category_ids: string | null;
  active: number | boolean;
  created_at: string;
  updated_at: string;
}

const toRule = (row: PriceRuleRow): StoredPriceRule => ({
  id: row.id,
  name: row.name,
  kind: row.kind as PriceRuleKind,
  segment: row.segment as CustomerSegment | null,
  tier: row.tier,
  minQuantity: row.min_quantity,
  minLifetimeSpend: row.min_lifetime_spend === null ? null : Number(row.min_lifetime_spend),
  discountType: row.discount_type as DiscountType,
  value: Number(row.value),
  productIds: readJson<string[] | null>(row.product_ids, null),
  categoryIds: readJson<string[] | null>(row.category_ids, null),
  active: readBoolean(row.active),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const columns = (storeId: string, rule: StoredPriceRule) => ({
  id: rule.id,
  store_id: storeId,
  name: rule.name,
  kind: rule.kind,
  segment: rule.segment,
  tier: rule.tier,
  min_quantity: rule.minQuantity,
  min_lifetime_spend: rule.minLifetimeSpend,
  discount_type: rule.discountType,
  value: rule.value,
  product_ids: rule.productIds === null ? null : writeJson(rule.productIds),
  category_ids: rule.categoryIds === null ? null : writeJson(rule.categoryIds),
  active: rule.active,
  created_at: rule.createdAt,
  updated_at: rule.updatedAt,
});

@injectable()
export class KnexPriceRuleRepository implements PriceRuleRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  async list(storeId: string): Promise<readonly StoredPriceRule[]> {
    return (await this.listVersioned(storeId)).rows;
  }

  /**
   * The store's rules and its catalog version, read in one statement (versioned-copies.ts): every
   * rule write moves that version in its own transaction (`writeVersioned`, below). A copy made so is
   * exact in a unit of work that reads the same version (caching-price-rule-repository.ts;
   * docs/decisions/checkout.md, "checkout-31").
   */
  async listVersioned(storeId: string): Promise<Versioned<StoredPriceRule>> {
    return readVersioned(this.db, "price_rules", "t.created_at, t.id", storeId, toRule);
  }

  async find(storeId: string, id: string): Promise<StoredPriceRule | undefined> {
    const row: PriceRuleRow | undefined = await this.db.run((q) => q("price_rules").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toRule(row);
  }

  async insert(storeId: string, rule: StoredPriceRule): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("price_rules").insert(columns(storeId, rule)));
  }

  async update(storeId: string, rule: StoredPriceRule): Promise<void> {
    const { id, store_id: _s, created_at: _c, ...changes } = columns(storeId, rule);
    await writeVersioned(this.db, storeId, (q) => q("price_rules").where({ store_id: storeId, id }).update(changes));
  }

  async remove(storeId: string, id: string): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("price_rules").where({ store_id: storeId, id }).delete());
  }
}
