// Promotions and their uses on knex. Recording a use of a promotion with a limit locks its row
// (FOR UPDATE on MySQL; SQLite has one writer), so concurrent checkouts take turns and never pass
// its limits; a use of one without limits is counted just before COMMIT (see `recordUse`).
import { inject, injectable } from "inversify";
import type { Knex } from "knex";
import { ResourceConflict } from "../../../application/errors/resource-errors.js";
import type { Page, PageRequest } from "../../../application/pagination/page.js";
import { IdGenerator } from "../../../application/ports/id-generator.js";
import type {
  PromotionListFilter,
  PromotionRepository,
  PromotionUsage,
} from "../../../application/ports/promotion-repository.js";
import {
  instantOf,
  type ProductQuantity,
  type Promotion,
  type PromotionDiscountType,
  type PromotionSwitch,
  type PromotionType,
} from "../../../domain/promotions/promotion.js";
import { readJson, writeJson } from "../column-types.js";
import { isUniqueViolation } from "../database-errors.js";
import { shardPicker } from "../shard-blocks.js";
import { Database } from "../database.js";
import { copyInUnitOfWork, writeVersioned } from "../versioned-copies.js";
import { applyKeyset, toPage } from "../keyset-page.js";

interface PromotionRow {
  id: string;
  store_id: string;
  name: string;
  type: string;
  display_type: string;
  description: string;
  image: string | null;
  discount_value: number | string;
  discount_type: string;
  min_purchase: number | string;
  max_discount: number | string | null;
  start_date: string;
  end_date: string;
  status: string;
  usage_limit: number | null;
  usage_per_customer: number | null;
  times_used: number | string;
  bundle_products: string;
  bogo_required_products: string;
  bogo_free_products: string;
  free_products: string;
  applicable_categories: string;
  applicable_products: string;
  created_at: string;
  updated_at: string;
}

const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id,
  name: row.name,
  type: row.type as PromotionType,
  displayType: row.display_type,
  description: row.description,
  image: row.image,
  discountValue: Number(row.discount_value),
  discountType: row.discount_type as PromotionDiscountType,
  minPurchase: Number(row.min_purchase),
  maxDiscount: row.max_discount === null ? null : Number(row.max_discount),
  startDate: row.start_date,
  endDate: row.end_date,
  status: row.status as PromotionSwitch,
  usageLimit: row.usage_limit,
  usagePerCustomer: row.usage_per_customer,
  bundleProducts: readJson<ProductQuantity[]>(row.bundle_products, []),
  bogoRequiredProducts: readJson<ProductQuantity[]>(row.bogo_required_products, []),
  bogoFreeProducts: readJson<ProductQuantity[]>(row.bogo_free_products, []),
  freeProducts: readJson<ProductQuantity[]>(row.free_products, []),
  applicableCategories: readJson<string[]>(row.applicable_categories, []),
  applicableProducts: readJson<string[]>(row.applicable_products, []),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * Dates are stored as UTC with milliseconds whatever offset they came with, so that comparing
 * the text compares the instants (the "active now" query relies on it).
 */
const utc = (dateTime: string): string => {
  const instant = instantOf(dateTime);
  if (Number.isNaN(instant)) throw new RangeError(`not a date-time with an offset: ${dateTime}`);
  return new Date(instant).toISOString();
};

const columns = (storeId: string, promotion: Promotion) => ({
  id: promotion.id,
  store_id: storeId,
  name: promotion.name,
  type: promotion.type,
  display_type: promotion.displayType,
  description: promotion.description,
  image: promotion.image,
  discount_value: promotion.discountValue,
  discount_type: promotion.discountType,
  min_purchase: promotion.minPurchase,
  max_discount: promotion.maxDiscount,
  start_date: utc(promotion.startDate),
  end_date: utc(promotion.endDate),
  status: promotion.status,
  usage_limit: promotion.usageLimit,
  usage_per_customer: promotion.usagePerCustomer,
  bundle_products: writeJson(promotion.bundleProducts),
  bogo_required_products: writeJson(promotion.bogoRequiredProducts),
  bogo_free_products: writeJson(promotion.bogoFreeProducts),
  free_products: writeJson(promotion.freeProducts),
  applicable_categories: writeJson(promotion.applicableCategories),
  applicable_products: writeJson(promotion.applicableProducts),
  created_at: promotion.createdAt,
  updated_at: promotion.updatedAt,
});

/**
 * A promotion's uses without a limit are counted in shard rows (migration 0042;
 * docs/decisions/checkout.md, "checkout-30"): 8 of this process's own block, one picked at random
 * a checkout, so two checkouts, on one node or on two nodes of a cluster, rarely write the same row.
 */
const pickUseShard = shardPicker(8);

/** A promotion's uses in all, as SQL over `promotions`: those counted in its row plus its shard rows. */
const TOTAL_USES = "(times_used + coalesce((select sum(c.uses) from promotion_use_counts c where c.promotion_id = promotions.id), 0))";

/** promotionStatus (domain/promotions/promotion-status.ts) as a WHERE clause, in the same order of tests. */
const whereStatus = (query: Knex.QueryBuilder, filter: PromotionListFilter): void => {
  const now = utc(filter.now);
  const usedUp = (w: Knex.QueryBuilder): void => {
    void w.whereNotNull("usage_limit").andWhereRaw(`${TOTAL_USES} >= usage_limit`);
  };
  switch (filter.status) {
    case "inactive":
      void query.where("status", "inactive");
      return;
    case "scheduled":
      void query.where("status", "active").andWhere("start_date", ">", now);
      return;
    case "expired":
      void query
        .where("status", "active")
        .andWhere("start_date", "<=", now)
        .andWhere((w) => void w.where("end_date", "<=", now).orWhere(usedUp));
      return;
    case "active":
      void query
        .where("status", "active")
        .andWhere("start_date", "<=", now)
        .andWhere("end_date", ">", now)
        .andWhere((w) => void w.whereNull("usage_limit").orWhereRaw(`${TOTAL_USES} < usage_limit`));
      return;
  }
};

@injectable()
export class KnexPromotionRepository implements PromotionRepository {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** Adds one use to a promotion's shard row (an upsert; parameters: promotion id, shard, store id). */
  private useCountSql(): string {
    return this.db.dialect === "mysql"
      ? "insert into promotion_use_counts (promotion_id, shard, store_id, uses) values (?, ?, ?, 1) on duplicate key update uses = uses + 1"
      : "insert into promotion_use_counts (promotion_id, shard, store_id, uses) values (?, ?, ?, 1) on conflict (promotion_id, shard) do update set uses = uses + 1";
  }

  async list(storeId: string): Promise<readonly Promotion[]> {
    // Every checkout reads them: inside a unit of work from a copy of the catalog version the
    // checkout's store read saw, when there is one (versioned-copies.ts; docs/decisions/checkout.md,
    // "checkout-36"); the writes below move that version.
    const copy = await copyInUnitOfWork(this.db, "promotions", "t.created_at, t.id", storeId, toPromotion);
    if (copy !== undefined) return copy;
    // Prepared (Database.select): docs/decisions/checkout.md, checkout-25.
    const rows = await this.db.select<PromotionRow>("select * from promotions where store_id = ? order by created_at, id", [storeId]);
    return rows.map(toPromotion);
  }

  async listPage(storeId: string, page: PageRequest, filter?: PromotionListFilter): Promise<Page<Promotion>> {
    return this.db.run(async (q) => {
      const query = q("promotions").where("store_id", storeId);
      if (filter !== undefined) whereStatus(query, filter);
      const rows: PromotionRow[] = await applyKeyset(query, { column: "created_at", idColumn: "id", direction: "desc" }, page);
      return toPage(rows, page, (row) => [row.created_at, row.id], toPromotion);
    });
  }

  async find(storeId: string, id: string): Promise<Promotion | undefined> {
    const row: PromotionRow | undefined = await this.db.run((q) => q("promotions").where({ store_id: storeId, id }).first());
    return row === undefined ? undefined : toPromotion(row);
  }

  // Each write moves the store's catalog version in its transaction, which units of work check
  // their copies of the promotions against (`list`). A use counted (`recordUse`) changes no column
  // a copy holds.
  async insert(storeId: string, promotion: Promotion): Promise<void> {
    await writeVersioned(this.db, storeId, (q) => q("promotions").insert({ ...columns(storeId, promotion), times_used: 0 }));
  }

  async update(storeId: string, promotion: Promotion): Promise<void> {
    const { id, store_id: _s, created_at: _c, ...changes } = columns(storeId, promotion);
    await writeVersioned(this.db, storeId, (q) => q("promotions").where({ store_id: storeId, id }).update(changes));
  }

  async remove(storeId: string, id: string): Promise<void> {
    // its uses go with it (ON DELETE CASCADE); orders keep what they applied in their own record
    await writeVersioned(this.db, storeId, (q) => q("promotions").where({ store_id: storeId, id }).delete());
  }

  async usage(storeId: string, promotionIds: readonly string[], customerId: string | null): Promise<PromotionUsage> {
    const total = new Map<string, number>();
    const customer = new Map<string, number>();
    if (promotionIds.length === 0) return { total, customer };
    // Plain statements, prepared once per connection: every checkout with a promotion reads these,
    // and through knex each run built a transaction-bound knex, compiled its query and prepared it
    // again (docs/decisions/checkout.md, "checkout-34").
    const ids = [...promotionIds];
    const marks = ids.map(() => "?").join(", ");
    const rows = await this.db.select<{ id: string; uses: number | string }>(
      `select id, ${TOTAL_USES} as uses from promotions where store_id = ? and id in (${marks})`,
      [storeId, ...ids],
    );
    for (const row of rows) total.set(row.id, Number(row.uses));
    if (customerId === null) return { total, customer };
    const uses = await this.db.select<{ promotion_id: string; n: number | string }>(
      `select promotion_id, count(*) as n from promotion_uses where store_id = ? and customer_id = ? and promotion_id in (${marks}) group by promotion_id`,
      [storeId, customerId, ...ids],
    );
    for (const row of uses) customer.set(row.promotion_id, Number(row.n));
    return { total, customer };
  }

  async recordUse(storeId: string, promotion: Promotion, customerId: string | null, orderId: string, at: string): Promise<boolean> {
    if (promotion.usageLimit === null && promotion.usagePerCustomer === null && this.db.inTransaction) {
      // No limit to protect: inside a unit of work the use is written just before COMMIT
      // (Database.beforeCommit), after the checkout's other locks, and counted in one of the
      // promotion's shard rows, not in its own row (docs/decisions/checkout.md, "checkout-30"):
      // checkouts of one store-wide promotion no longer all write one row, which two Galera nodes'
      // checkouts lost certification on and one node's queued on at COMMIT.
      this.db.beforeCommit(async () => {
        // Refused when the promotion was given a limit (or deleted) since it was read, as a limited
        // one is refused under its lock, and the unit of work rolls back. A shared lock on MySQL: a
        // change of the promotion waits for the checkouts reading it, and they for the change.
        const [row] = await this.db.select<{ usage_limit: number | null; usage_per_customer: number | null }>(
          `select usage_limit, usage_per_customer from promotions where store_id = ? and id = ?${this.db.dialect === "mysql" ? " lock in share mode" : ""}`,
          [storeId, promotion.id],
        );
        if (row === undefined || row.usage_limit !== null || row.usage_per_customer !== null) {
          throw new ResourceConflict({
            code: "promotion_unavailable",
            message: "A promotion reached its usage limit while this order was placed; place it again for the current price.",
          });
        }
        try {
          await this.db.execute("insert into promotion_uses (id, store_id, promotion_id, customer_id, order_id, created_at) values (?, ?, ?, ?, ?, ?)", [
            this.ids.newId(),
            storeId,
            promotion.id,
            customerId,
            orderId,
            at,
          ]);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          return; // this order's use was recorded already: a repeat is a no-op
        }
        await this.db.execute(this.useCountSql(), [promotion.id, pickUseShard(), storeId]);
      });
      return true;
    }
    return this.db.transaction(() =>
      this.db.run(async (q) => {
        // Every read below is a locking one: on MySQL a plain read sees the transaction's snapshot,
        // which may predate the uses that the previous holder of the lock just committed.
        const row: PromotionRow | undefined = await this.db.lockRows(q("promotions").where({ store_id: storeId, id: promotion.id }).first());
        if (row === undefined) return false;
        const already = await this.db.lockRows(q("promotion_uses").where({ promotion_id: row.id, order_id: orderId }).first("id"));
        if (already !== undefined) return true; // this order's use is recorded: a repeat is a no-op
        if (row.usage_limit !== null) {
          // The uses counted in shard rows while the promotion had no limit count too.
          const sharded = await this.db.lockRows(q("promotion_use_counts").where({ promotion_id: row.id }).sum({ n: "uses" }).first());
          if (Number(row.times_used) + Number(sharded?.n ?? 0) >= row.usage_limit) return false;
        }
        if (customerId !== null && row.usage_per_customer !== null) {
          const counted = await this.db.lockRows(
            q("promotion_uses").where({ promotion_id: row.id, customer_id: customerId }).count({ n: "*" }).first(),
          );
          if (Number(counted?.n ?? 0) >= row.usage_per_customer) return false;
        }
        await q("promotion_uses").insert({
          id: this.ids.newId(),
          store_id: storeId,
          promotion_id: row.id,
          customer_id: customerId,
          order_id: orderId,
          created_at: at,
        });
        await q("promotions").where({ store_id: storeId, id: row.id }).increment("times_used", 1);
        return true;
      }),
    );
  }
}
