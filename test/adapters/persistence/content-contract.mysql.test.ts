// Runs the content persistence contract on MySQL/MariaDB: a throwaway database on the shared
// server, migrated to the latest schema (skipped locally when no server is reachable).
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { describeMysql } from "../../support/mysql-database.js";
import { contentContract } from "./content-contract.js";

describeMysql("content persistence contract (mysql)", (getDb) => {
  // A nested suite, so its `after` closes the pool before describeMysql drops the database.
  describe("on a throwaway database", function () {
    const opened: Database[] = [];

    after(async function () {
      for (const db of opened.splice(0)) await db.close();
    });

    contentContract(async () => {
      const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 5, acquireTimeoutMs: 2000 });
      opened.push(db);
      await migrateToLatest(db.knex);
      return db;
    });
  });
});
