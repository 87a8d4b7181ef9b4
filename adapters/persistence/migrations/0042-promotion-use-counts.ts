// Uses of promotions without a limit, counted in shard rows instead of the promotion's own row
// (docs/decisions/checkout.md, "checkout-30"): every checkout of a store with a store-wide
// promotion incremented that one row, so on a Galera cluster two nodes' checkouts lost
// certification to each other on it (82 certification failures and 658 local aborts in a 5 s run,
// 35 answers 503), and on one node checkouts queued on its lock at COMMIT. A promotion's uses are
// its `times_used` (the uses counted under its lock, when it has a limit) plus the sum of its rows
// here. Existing counts stay in `times_used`.
import type { Knex } from "knex";

export const name = "0042-promotion-use-counts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("promotion_use_counts", (t) => {
    t.string("promotion_id", 36).notNullable().references("id").inTable("promotions").onDelete("CASCADE");
    t.integer("shard").notNullable();
    t.string("store_id", 36).notNullable().references("id").inTable("stores").onDelete("CASCADE");
    t.integer("uses").notNullable();
    t.primary(["promotion_id", "shard"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  // The counted uses go back into the promotions' own rows, so undoing this loses none.
  await knex.raw("update promotions set times_used = times_used + coalesce((select sum(c.uses) from promotion_use_counts c where c.promotion_id = promotions.id), 0)");
  await knex.schema.dropTableIfExists("promotion_use_counts");
}
