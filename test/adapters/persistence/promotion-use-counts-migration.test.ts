// Migration 0042 (docs/decisions/checkout.md, "checkout-30") on a database that already has a
// promotion, on both dialects: its uses so far stay in `times_used`, the shard rows add to them,
// and undone, the shard rows' uses go back into `times_used`, so no use is lost either way.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { Knex } from "knex";
import { KnexPromotionRepository } from "../../../adapters/persistence/repositories/knex-promotion-repository.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import { describeMigration, migrateBefore, migrationSource } from "../../support/migration-steps.js";

const SHOP = "01900000-0000-7000-8000-0000000042a1";
const PROMOTION = "01900000-0000-7000-8000-0000000042b1";
const AT = "2030-01-01T00:00:00.000Z";

describeMigration("0042", (database) => {
  it("keeps a promotion's uses so far, adds the shard rows' to them, and gives them back when undone", async () => {
    const db = database();
    const knex = db.knex;
    await migrateBefore(knex, "0042-promotion-use-counts");
    await knex("stores").insert({ id: SHOP, name: "Old shop", base_currency: "KES", hmac_secret: "x".repeat(48), created_at: AT, updated_at: AT });
    await knex("promotions").insert({
      id: PROMOTION,
      store_id: SHOP,
      name: "Ten off",
      type: "discount",
      display_type: "",
      description: "",
      discount_value: 10,
      discount_type: "percentage",
      min_purchase: 0,
      start_date: AT,
      end_date: "2031-01-01T00:00:00.000Z",
      status: "active",
      times_used: 5,
      bundle_products: "[]",
      bogo_required_products: "[]",
      bogo_free_products: "[]",
      free_products: "[]",
      applicable_categories: "[]",
      applicable_products: "[]",
      created_at: AT,
      updated_at: AT,
    });
    await knex.migrate.up({ migrationSource });
    await knex("promotion_use_counts").insert([
      { promotion_id: PROMOTION, shard: 3, store_id: SHOP, uses: 4 },
      { promotion_id: PROMOTION, shard: 17, store_id: SHOP, uses: 2 },
    ]);
    const repository = new KnexPromotionRepository(db, new UuidV7IdGenerator());
    assert.equal((await repository.usage(SHOP, [PROMOTION], null)).total.get(PROMOTION), 11);
    await knex.migrate.down({ migrationSource });
    assert.equal(await knex.schema.hasTable("promotion_use_counts"), false);
    const row: { times_used: number | string } = await knex("promotions").where({ id: PROMOTION }).first("times_used");
    assert.equal(Number(row.times_used), 11, "the shard rows' uses went back into the promotion's row");
  });
});
