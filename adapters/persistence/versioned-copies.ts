// Copies of a store's small store-wide tables that units of work read on every cart write or
// checkout (the price rules, the promotions, the delivery zones and the distance tiers), each kept
// with the store's catalog version it was read at. Every write of these tables moves that version
// in the write's own transaction (`writeVersioned`, below), and a statement the unit of work sends
// anyway reads the version (CATALOG_VERSION_COLUMN: a cart write's variant facts, a checkout's
// store). When the two versions are equal, the copy is what a read in this transaction would
// return, so it stands in for the read; otherwise the table and the version are read again, in one
// statement, and kept (docs/decisions/checkout.md, "checkout-31" and "checkout-36").
import type { Knex } from "knex";
import { CATALOG_VERSION_COLUMN, catalogVersionsOf, recordCatalogChange, type CatalogVersions } from "./catalog-versions.js";
import { onePerDatabase, type Database } from "./database.js";

/** A store's rows of one table, as read together with the store's catalog version. */
export interface Versioned<T> {
  readonly version: number;
  readonly rows: readonly T[];
}

/** Stores kept a table before its copies are dropped (a bound on memory, not a cache policy). */
const MAX_STORES = 10_000;

export class VersionedCopies {
  private readonly tables = new Map<string, Map<string, Versioned<unknown>>>();

  constructor(
    private readonly db: Database,
    private readonly versions: CatalogVersions,
  ) {}

  /**
   * The store's rows of `table` inside a unit of work: the copy when it is of the catalog version a
   * statement of this transaction read, else `readVersioned`'s (kept). Undefined outside a unit of
   * work, and in one that changed the store's catalog itself (its reads include its own
   * uncommitted writes, under a version that is not yet its own): the caller then reads as usual.
   */
  async inUnitOfWork<T>(table: string, storeId: string, readVersioned: () => Promise<Versioned<T>>): Promise<readonly T[] | undefined> {
    if (!this.db.inTransaction || this.versions.changedInUnitOfWork(storeId)) return undefined;
    let copies = this.tables.get(table);
    if (copies === undefined) this.tables.set(table, (copies = new Map()));
    const seen = this.versions.versionSeen(storeId);
    const copy = copies.get(storeId) as Versioned<T> | undefined;
    if (seen !== undefined && copy !== undefined && copy.version === seen) return copy.rows;
    const read = await readVersioned();
    if (copies.size >= MAX_STORES) copies.clear();
    copies.set(storeId, read);
    return read.rows;
  }
}

export const versionedCopiesOf = onePerDatabase((db) => new VersionedCopies(db, catalogVersionsOf(db)));

/**
 * Reads a store's rows of `table` (in `orderBy`, columns of `t`), each made a `T` by `toItem`, and
 * the store's catalog version, in one statement, so they belong together on both databases (one
 * snapshot). A prepared statement: units of work read it whenever their copy is not current.
 */
export const readVersioned = async <Row extends object, T>(
  db: Database,
  table: string,
  orderBy: string,
  storeId: string,
  toItem: (row: Row) => T,
): Promise<Versioned<T>> => {
  // The version as a one-row derived table, the store's rows left-joined to it: a store without
  // rows still answers its version.
  const rows = await db.select<Row & { readonly copy_version: number | string; readonly copy_row_id: string | null }>(
    `select cv.copy_version, t.id as copy_row_id, t.* from (select ${CATALOG_VERSION_COLUMN} as copy_version) cv ` +
      `left join ${table} t on t.store_id = ? order by ${orderBy}`,
    [storeId, storeId],
  );
  const items: T[] = [];
  for (const row of rows) if (row.copy_row_id !== null) items.push(toItem(row));
  return { version: Number(rows[0]?.copy_version ?? 0), rows: items };
};

/** A unit of work's copy of a store's rows of `table` (`VersionedCopies.inUnitOfWork`, read with `readVersioned`). */
export const copyInUnitOfWork = <Row extends object, T>(
  db: Database,
  table: string,
  orderBy: string,
  storeId: string,
  toItem: (row: Row) => T,
): Promise<readonly T[] | undefined> => versionedCopiesOf(db).inUnitOfWork(table, storeId, () => readVersioned(db, table, orderBy, storeId, toItem));

/**
 * Runs a write of a table kept in versioned copies and moves the store's catalog version, in one
 * transaction (the caller's when there is one): no other unit of work can see the write under the
 * version before it, which would let it use a copy that no longer is the table.
 */
export const writeVersioned = <T>(db: Database, storeId: string, write: (q: Knex) => Promise<T>): Promise<T> =>
  db.transaction(async () => {
    const result = await db.run(write);
    await recordCatalogChange(db, storeId);
    return result;
  });
