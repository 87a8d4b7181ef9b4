// Runs the payments persistence contract on an in-memory SQLite database.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { paymentsContract } from "./payments-contract.js";

describe("payments persistence contract (sqlite)", function () {
  this.timeout(60_000);
  const opened: Database[] = [];
  after(async () => {
    for (const db of opened.splice(0)) await db.close();
  });
  paymentsContract(async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    opened.push(db);
    await migrateToLatest(db.knex);
    return db;
  });
});
