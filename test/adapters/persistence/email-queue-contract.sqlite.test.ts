// Runs the email queue contract on an in-memory SQLite database.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { emailQueueContract } from "./email-queue-contract.js";

describe("email queue contract (sqlite)", function () {
  this.timeout(60_000);
  const opened: Database[] = [];
  after(async function () {
    for (const db of opened.splice(0)) await db.close();
  });

  emailQueueContract(async () => {
    const db = openDatabase({ dialect: "sqlite", filename: ":memory:" });
    opened.push(db);
    await migrateToLatest(db.knex);
    return db;
  }, { racingPools: false });
});
