// Runs the email queue contract on MySQL/MariaDB, with two separate pools racing for the
// same events and sends.
import type { Database } from "../../../adapters/persistence/database.js";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { describeMysql } from "../../support/mysql-database.js";
import { emailQueueContract } from "./email-queue-contract.js";

describeMysql("email queue contract (mysql)", (getDb) => {
  describe("on a throwaway database", function () {
    this.timeout(120_000);
    const opened: Database[] = [];
    after(async function () {
      for (const db of opened.splice(0)) await db.close();
    });

    emailQueueContract(async () => {
      const db = openDatabase({ dialect: "mysql", url: getDb().url, poolMin: 0, poolMax: 5, acquireTimeoutMs: 10_000 });
      opened.push(db);
      await migrateToLatest(db.knex);
      return db;
    }, { racingPools: true });
  });
});
