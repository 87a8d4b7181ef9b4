// Runs the migrations once when several processes start at once, also through different nodes of
// a Galera cluster: one holds a lock decided by one committed row, the others wait and find the
// migrations done. knex's own lock does not hold there (see docs/decisions/cluster.md, cluster-09).
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";

const LOCK_TABLE = "storefront_migration_lock";
/** A lock older than this was left by a process that died while migrating; it is cleared. */
const STALE_AFTER_MS = 15 * 60_000;
const POLL_MS = 250;

const errorCode = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;

/** Two processes creating the lock table at once: the second finds it made. */
const ensureLockTable = async (knex: Knex): Promise<void> => {
  if (await knex.schema.hasTable(LOCK_TABLE)) return;
  try {
    await knex.schema.createTable(LOCK_TABLE, (t) => {
      t.integer("id").primary();
      t.string("holder", 64).notNullable();
      t.bigInteger("acquired_at").notNullable();
    });
  } catch (error) {
    if (!(await knex.schema.hasTable(LOCK_TABLE))) throw error;
  }
};

/**
 * One row with a fixed primary key: the insert that commits holds the lock. Another process's
 * insert fails on the key (ER_DUP_ENTRY), or, on another Galera node, loses certification to the
 * committed one (ER_LOCK_DEADLOCK); either way it did not get the lock.
 */
const tryLock = async (knex: Knex, holder: string): Promise<boolean> => {
  try {
    await knex(LOCK_TABLE).insert({ id: 1, holder, acquired_at: Date.now() });
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === "ER_DUP_ENTRY" || code === "ER_LOCK_DEADLOCK" || code === "ER_LOCK_WAIT_TIMEOUT" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_BUSY") {
      return false;
    }
    throw error;
  }
};

/**
 * Runs `migrate` while holding the migration lock, unless `done` says there is nothing to do. A
 * process that finds the lock taken waits for it (up to `waitMs`), and returns without migrating
 * once `done` says the holder has finished.
 */
export const withMigrationLock = async (
  knex: Knex,
  done: () => Promise<boolean>,
  migrate: () => Promise<void>,
  waitMs = 300_000,
): Promise<void> => {
  if (await done()) return;
  await ensureLockTable(knex);
  const holder = randomUUID();
  const deadline = Date.now() + waitMs;
  while (!(await tryLock(knex, holder))) {
    if (await done()) return;
    await knex(LOCK_TABLE).where("acquired_at", "<", Date.now() - STALE_AFTER_MS).delete();
    if (Date.now() > deadline) {
      const row = (await knex(LOCK_TABLE).first("holder", "acquired_at")) as { holder: string; acquired_at: number } | undefined;
      throw new Error(
        `another process has been running the migrations for more than ${Math.round(waitMs / 1000)} s` +
          (row ? ` (lock held since ${new Date(Number(row.acquired_at)).toISOString()}; if no process is migrating, delete the row of ${LOCK_TABLE})` : ""),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS + Math.random() * POLL_MS));
  }
  try {
    await migrate();
  } finally {
    await knex(LOCK_TABLE).where({ id: 1, holder }).delete();
  }
};
