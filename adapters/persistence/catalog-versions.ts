// Tells cached catalog answers when they are out of date. Repositories call `recordCatalogChange`
// after every write that changes what a catalog or price answer shows: it adds one to a shard of
// the store's row in `catalog_versions` inside the caller's transaction, and when that
// transaction ends it moves this process's generation of the store on at once. Other processes
// learn of the change from `poll()` (one query for every store), run about once a second.
import type { Database } from "./database.js";

/** Rows per store: a write picks one at random, so concurrent checkouts rarely queue on one lock. */
const SHARDS = 16;

export class CatalogVersions {
  /** This process's generation of each store: it only grows. */
  private readonly generations = new Map<string, number>();
  /** Moves on with every store at once (the first poll), so a store not seen before also gets a new stamp. */
  private epoch = 0;
  /** The stamp string of each store's current generation, made when first asked for. */
  private readonly stamps = new Map<string, string>();
  /** The sum of a store's version rows at the last poll. */
  private readonly seen = new Map<string, number>();
  /** Transactions that already wrote a store's version: one write per store per transaction. */
  private readonly written = new WeakMap<object, Set<string>>();
  private lastPollAt = Number.NEGATIVE_INFINITY;
  /** How recent the last poll must be for copies to be trusted: three intervals (3 s at least); none until polling starts. */
  private trustWithinMs = Number.NEGATIVE_INFINITY;
  private polling: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database) {}

  /** The store's generation in this process: cached answers carry the stamp they were made under, and a different one means stale. */
  stamp(storeId: string): string {
    // Made once per generation, not per cached read.
    let stamp = this.stamps.get(storeId);
    if (stamp === undefined) this.stamps.set(storeId, (stamp = `${this.epoch}.${this.generations.get(storeId) ?? 0}`));
    return stamp;
  }

  /** Whether a poll succeeded recently enough that other processes' writes are known (within `maxAgeMs`). */
  isFresh(maxAgeMs: number, now: number = Date.now()): boolean {
    return now - this.lastPollAt <= maxAgeMs;
  }

  /** Whether polling runs and its last poll is recent (see `start`): copies made under a stamp may then be used. */
  isPolledRecently(now: number = Date.now()): boolean {
    return this.isFresh(this.trustWithinMs, now);
  }

  /** Whether the current unit of work has changed the store's catalog (copies made before it would not show its own writes). */
  changedInCurrentTransaction(storeId: string): boolean {
    const trx = this.db.currentTransaction;
    return trx !== undefined && this.written.get(trx.id)?.has(storeId) === true;
  }

  /**
   * Records that the store's catalog changed: in the current transaction when there is one (this
   * process's generation moves on when it ends, committed or not), else right away.
   */
  async record(storeId: string): Promise<void> {
    const trx = this.db.currentTransaction;
    const write = async (): Promise<void> => {
      await this.db.run((q) => q.raw(this.upsert, [storeId, Math.floor(Math.random() * SHARDS)]));
    };
    if (trx !== undefined) {
      let stores = this.written.get(trx.id);
      if (stores === undefined) this.written.set(trx.id, (stores = new Set()));
      if (stores.has(storeId)) return;
      stores.add(storeId);
      // A rolled-back change also moves the generation on: a needless miss, never a stale answer.
      void trx.ended.then(() => this.advance(storeId));
      // Written when the unit of work is about to commit, after every other lock it takes: a
      // checkout that wrote its shard between two variants' stock held that row while it waited for
      // the next variant, and a cancellation or variant PATCH holding that variant and waiting for
      // the same shard closed a deadlock (issue 18).
      if (this.db.beforeCommit(write)) return;
    }
    try {
      await write();
    } finally {
      if (trx === undefined) this.advance(storeId);
    }
  }

  /** Reads every store's version; a store whose sum moved (or every store, on the first poll) gets a new generation. */
  poll(): Promise<void> {
    this.polling ??= this.readVersions().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  /**
   * Reads one store's version now (a few rows by key): when another process has written since
   * the last look, the store's generation moves on, so answers cached before that write are stale.
   */
  async confirm(storeId: string): Promise<void> {
    const [row] = await this.db.select<{ total: number | string | null }>("select sum(version) as total from catalog_versions where store_id = ?", [storeId]);
    const total = Number(row?.total ?? 0);
    if ((this.seen.get(storeId) ?? 0) !== total) {
      this.seen.set(storeId, total);
      this.advance(storeId);
    }
  }

  /** Polls every `intervalMs` until `stop()`; a failed poll leaves the answers stale-suspect (see isFresh). */
  start(intervalMs: number, onError: (error: unknown) => void): void {
    if (this.timer !== undefined) return;
    this.trustWithinMs = Math.max(3 * intervalMs, 3_000);
    const tick = (): void => void this.poll().catch(onError);
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.trustWithinMs = Number.NEGATIVE_INFINITY;
  }

  private get upsert(): string {
    return this.db.dialect === "mysql"
      ? "insert into catalog_versions (store_id, shard, version) values (?, ?, 1) on duplicate key update version = version + 1"
      : "insert into catalog_versions (store_id, shard, version) values (?, ?, 1) on conflict (store_id, shard) do update set version = version + 1";
  }

  private async readVersions(): Promise<void> {
    const first = this.lastPollAt === Number.NEGATIVE_INFINITY;
    const rows = await this.db.select<{ store_id: string; total: number | string }>(
      "select store_id, sum(version) as total from catalog_versions group by store_id",
      [],
    );
    for (const row of rows) {
      const total = Number(row.total);
      const before = this.seen.get(row.store_id);
      this.seen.set(row.store_id, total);
      if (!first && before !== total) this.advance(row.store_id);
    }
    // Answers cached before the first poll may predate writes the first poll already counts.
    if (first) this.advanceAll();
    this.lastPollAt = Date.now();
  }

  private advance(storeId: string): void {
    this.generations.set(storeId, (this.generations.get(storeId) ?? 0) + 1);
    this.stamps.delete(storeId);
  }

  private advanceAll(): void {
    this.epoch++;
    this.stamps.clear();
  }
}

const trackers = new WeakMap<Database, CatalogVersions>();

/** The one tracker of a database handle (repositories and the HTTP answer cache share it). */
export const catalogVersionsOf = (db: Database): CatalogVersions => {
  let tracker = trackers.get(db);
  if (tracker === undefined) trackers.set(db, (tracker = new CatalogVersions(db)));
  return tracker;
};

/** Records that a store's catalog changed (see CatalogVersions.record). */
export const recordCatalogChange = (db: Database, storeId: string): Promise<void> => catalogVersionsOf(db).record(storeId);
