// Runs the content persistence contract on the embedded dialect: an in-memory SQLite database,
// migrated to the latest schema.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { contentContract } from "./content-contract.js";

describe("content persistence contract (sqlite)", function () {
  const opened: Database[] = [];

  after(async function () {
    for (const db of opened.splice(0)) await db.close();
  });

  contentContract(async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    opened.push(db);
    await migrateToLatest(db.knex);
    return db;
  });
});
