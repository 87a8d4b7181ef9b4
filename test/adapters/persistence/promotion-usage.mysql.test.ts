// Runs the promotion persistence contract on MySQL/MariaDB with a pool of 10 connections, so the
// parallel units of work really overlap and only the promotion row's lock keeps the limits.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { describeMysql } from "../../support/mysql-database.js";
import { promotionUsageContract } from "./promotion-usage-contract.js";

describeMysql("promotion persistence contract (mysql)", (getDb) => {
  // A nested suite, so its `after` closes the pool before describeMysql drops the database.
  describe("on a throwaway database", function () {
    this.timeout(120_000);
    const opened: Database[] = [];

    after(async function () {
      for (const db of opened.splice(0)) await db.close();
    });

    promotionUsageContract(async () => {
      const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 10, acquireTimeoutMs: 10_000 });
      opened.push(db);
      await migrateToLatest(db.knex);
      return db;
    }, 40);
  });
});
