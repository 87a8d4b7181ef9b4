// Runs the payments persistence contract on MySQL/MariaDB with a pool, so racing deliveries of
// one provider event really overlap and only the unique key keeps one.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { describeMysql } from "../../support/mysql-database.js";
import { paymentsContract } from "./payments-contract.js";

describeMysql("payments persistence contract (mysql)", (getDb) => {
  describe("on a throwaway database", function () {
    this.timeout(120_000);
    const opened: Database[] = [];
    after(async () => {
      for (const db of opened.splice(0)) await db.close();
    });
    paymentsContract(async () => {
      const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 10, acquireTimeoutMs: 10_000 });
      opened.push(db);
      await migrateToLatest(db.knex);
      return db;
    });
  });
});
