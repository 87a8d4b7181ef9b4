// Runs the promotion persistence contract on the embedded dialect: an in-memory SQLite database
// (one writer, so parallel units of work take turns), migrated to the latest schema.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { promotionUsageContract } from "./promotion-usage-contract.js";

describe("promotion persistence contract (sqlite)", function () {
  this.timeout(60_000);
  const opened: Database[] = [];

  after(async function () {
    for (const db of opened.splice(0)) await db.close();
  });

  promotionUsageContract(async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    opened.push(db);
    await migrateToLatest(db.knex);
    return db;
  }, 30);
});
