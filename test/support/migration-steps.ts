// Test support for the tests of one migration on rows an older schema already holds: the
// project's migrations, and running them up to (not including) the one under test.
import type { Knex } from "knex";
import { StorefrontMigrationSource } from "../../adapters/persistence/migrations/migration-source.js";

/** The project's migrations, as knex's `migrationSource`. */
export const migrationSource = new StorefrontMigrationSource();

/** Runs the migrations before `name` (e.g. "0039-invoices"), one at a time. */
export const migrateBefore = async (knex: Knex, name: string): Promise<void> => {
  for (;;) {
    const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], { name?: string }[]];
    const next = pending[0] as unknown as { name: string } | undefined;
    if (next === undefined || next.name === name) return;
    await knex.migrate.up({ migrationSource });
  }
};
