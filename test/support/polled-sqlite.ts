// A migrated SQLite file with the process's catalog versions, for tests of what is kept between
// catalog polls (product copies, kept pages, list totals): a file rather than memory, so that a
// second handle on it can play another server process writing to the same database.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Store } from "../../domain/stores/store.js";
import { catalogVersionsOf, type CatalogVersions } from "../../adapters/persistence/catalog-versions.js";
import { openDatabase } from "../../adapters/persistence/connection.js";
import type { Database } from "../../adapters/persistence/database.js";
import { migrateToLatest } from "../../adapters/persistence/migrations/migration-source.js";
import { KnexStoreRepository } from "../../adapters/persistence/repositories/knex-store-repository.js";

export class PolledSqliteFile {
  private constructor(
    private readonly dir: string,
    readonly db: Database,
    readonly versions: CatalogVersions,
  ) {}

  /** A fresh file (`prefix` names its temporary directory), migrated, holding a store for each id. */
  static async open(prefix: string, storeIds: readonly string[]): Promise<PolledSqliteFile> {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    const db = openDatabase({ dialect: "sqlite", filename: join(dir, "store.db") });
    await migrateToLatest(db.knex);
    const stores = new KnexStoreRepository(db);
    for (const id of storeIds) await stores.create(PolledSqliteFile.store(id));
    return new PolledSqliteFile(dir, db, catalogVersionsOf(db));
  }

  static store(id: string): Store {
    return { id, name: `Store ${id}`, baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: "2030-01-01T00:00:00.000Z" };
  }

  /** Another handle on the same file: another server process. Close it when done. */
  openOther(): Database {
    return openDatabase({ dialect: "sqlite", filename: join(this.dir, "store.db") });
  }

  /** Starts the catalog polling (an hour apart: the tests poll by hand) and polls once. */
  async startPolling(): Promise<void> {
    this.versions.start(60_000, (error) => assert.fail(String(error)));
    await this.versions.poll();
  }

  async close(): Promise<void> {
    this.versions.stop();
    await this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
