// Tells cached catalog answers when they are out of date. Repositories call `recordCatalogChange`
// after every write that changes what a catalog or price answer shows: it adds one to a shard of
// the store's row in `catalog_versions` inside the caller's transaction, and when that
// transaction ends it moves this process's generation of the store on at once. Other processes
// learn of the change from `poll()` (one query for every store), run about once a second.
//
// A write that changes only some products' own records (stock taken at checkout or given back, a
// variant's price) calls `recordProductChange` instead: it counts in those products' buckets of
// `catalog_item_versions`, so an answer that shows other products of the store stays current
// (issue 21). Such a write changes no list's members or order, unless the list is a text search
// and the write changed what search matches (a SKU): that counts in the store's search row.
// `stamp()` still moves on with every change (the persistence caches use it); `structuralStamp()`
// moves only with store-wide changes, and answers that name the products they show check those
// products' buckets besides it.
import { onePerDatabase, type Database } from "./database.js";

/** Rows per store: a write picks one at random, so concurrent checkouts rarely queue on one lock. */
const SHARDS = 16;

/**
 * Buckets a store's products are counted in: a change of one product drops the answers that show
 * a product of its bucket. A 50-product page shares a bucket with a given product one time in 21.
 */
export const PRODUCT_BUCKETS = 1024;
/** The row of `catalog_item_versions` that counts changes to what text search matches. */
export const SEARCH_BUCKET = PRODUCT_BUCKETS;

/** The bucket of a product id (FNV-1a over its characters): the same in every process. */
export const bucketOf = (productId: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < productId.length; i++) {
    hash ^= productId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PRODUCT_BUCKETS;
};

/** A store's product buckets as this process knows them. */
interface StoreItems {
  /** Generation of each bucket, the search row last: they only grow. */
  readonly generations: Uint32Array;
  /** The version of each bucket's row at the last read (-1: not read yet). */
  readonly seen: Float64Array;
  /** The sum of the store's rows at the last poll. */
  seenTotal: number;
  /** A copy of `generations` for marks, made when first asked for after a bucket moved. */
  snapshot: Uint32Array | undefined;
}

/** What an answer's computation starts under: the store-wide stamp and the buckets' generations then. */
export interface ItemMark {
  readonly stamp: string;
  /** Shared by the marks taken between two moves of the store's buckets: never written. */
  readonly generations: Uint32Array;
}

/**
 * The SQL of a column that reads the store's catalog version (the sum of its `catalog_versions`
 * rows, which only grow) in a statement a unit of work sends anyway; the store id is bound in its
 * place. A copy of store-wide state made at that version (the price rules) is then exact inside
 * the transaction without a statement of its own (docs/decisions/checkout.md, "checkout-31").
 * Never in a locking read: MySQL would lock the version rows too.
 */
export const CATALOG_VERSION_COLUMN = "(select coalesce(sum(version), 0) from catalog_versions where store_id = ?)";

export class CatalogVersions {
  /** This process's generation of each store: it only grows, with every change (structural or of products). */
  private readonly generations = new Map<string, number>();
  /** As `generations`, moved on only by store-wide changes. */
  private readonly structural = new Map<string, number>();
  /** The stamp string of each store's current structural generation. */
  private readonly structuralStamps = new Map<string, string>();
  /** Each store's product buckets (made when first needed). */
  private readonly items = new Map<string, StoreItems>();
  /** Transactions' product changes not yet ended: buckets by store. */
  private readonly itemsWritten = new WeakMap<object, Map<string, Set<number>>>();
  /** Moves on with every store at once (the first poll), so a store not seen before also gets a new stamp. */
  private epoch = 0;
  /** The stamp string of each store's current generation, made when first asked for. */
  private readonly stamps = new Map<string, string>();
  /** The sum of a store's version rows at the last poll. */
  private readonly seen = new Map<string, number>();
  /** Transactions that already wrote a store's version: one write per store per transaction. */
  private readonly written = new WeakMap<object, Set<string>>();
  /** The store-wide version each transaction read of a store (`sawVersion`). */
  private readonly versionsSeen = new WeakMap<object, Map<string, number>>();
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

  /**
   * The store's generation of store-wide changes only: an answer that names the products it shows
   * (see `mark`/`bucketsCurrent`) is current while this and those products' buckets are unchanged.
   */
  structuralStamp(storeId: string): string {
    let stamp = this.structuralStamps.get(storeId);
    if (stamp === undefined) this.structuralStamps.set(storeId, (stamp = `${this.epoch}.${this.structural.get(storeId) ?? 0}`));
    return stamp;
  }

  /**
   * Moves on with what the store's lists hold, their members and order: store-wide changes and
   * changes of what search matches, not a product's stock or price (list totals and anchors).
   */
  membershipStamp(storeId: string): string {
    return `${this.structuralStamp(storeId)}.${this.itemsOf(storeId).generations[SEARCH_BUCKET]!}`;
  }

  /** The stamps to take before computing an answer (see `bucketsSince`). */
  mark(storeId: string): ItemMark {
    const items = this.itemsOf(storeId);
    items.snapshot ??= items.generations.slice();
    return { stamp: this.structuralStamp(storeId), generations: items.snapshot };
  }

  /**
   * These buckets' generations when `mark` was taken, to keep an answer under (a bucket that moved
   * since makes it stale at once); undefined when a store-wide change landed since (keep nothing).
   */
  bucketsSince(storeId: string, mark: ItemMark, buckets: readonly number[]): Uint32Array | undefined {
    if (this.structuralStamp(storeId) !== mark.stamp) return undefined;
    const generations = new Uint32Array(buckets.length);
    for (let i = 0; i < buckets.length; i++) generations[i] = mark.generations[buckets[i]!]!;
    return generations;
  }

  /** The buckets of these products, each once, and the search row with `search`. */
  bucketsOf(productIds: readonly string[], search: boolean): number[] {
    const buckets = new Set<number>();
    for (const id of productIds) buckets.add(bucketOf(id));
    if (search) buckets.add(SEARCH_BUCKET);
    return [...buckets];
  }

  /** The generation of one bucket of the store now. */
  bucketGeneration(storeId: string, bucket: number): number {
    return this.items.get(storeId)?.generations[bucket] ?? 0;
  }

  /** Whether each bucket is still at the generation given (as `bucketsSince` returned them). */
  bucketsCurrent(storeId: string, buckets: Uint16Array, generations: Uint32Array): boolean {
    const current = this.items.get(storeId)?.generations;
    if (current === undefined) return false;
    for (let i = 0; i < buckets.length; i++) if (current[buckets[i]!] !== generations[i]) return false;
    return true;
  }

  /** Whether a poll succeeded recently enough that other processes' writes are known (within `maxAgeMs`). */
  isFresh(maxAgeMs: number, now: number = Date.now()): boolean {
    return now - this.lastPollAt <= maxAgeMs;
  }

  /** Whether polling runs and its last poll is recent (see `start`): copies made under a stamp may then be used. */
  isPolledRecently(now: number = Date.now()): boolean {
    return this.isFresh(this.trustWithinMs, now);
  }

  /** Notes the store's catalog version that a statement of the current unit of work read (see CATALOG_VERSION_COLUMN). */
  sawVersion(storeId: string, version: number | string | null): void {
    const trx = this.db.currentTransaction;
    if (trx === undefined || version === null) return;
    let stores = this.versionsSeen.get(trx.id);
    if (stores === undefined) this.versionsSeen.set(trx.id, (stores = new Map()));
    stores.set(storeId, Number(version));
  }

  /** The store's catalog version as the current unit of work read it; undefined when none was read or there is no unit of work. */
  versionSeen(storeId: string): number | undefined {
    const trx = this.db.currentTransaction;
    return trx === undefined ? undefined : this.versionsSeen.get(trx.id)?.get(storeId);
  }

  /**
   * Whether the current unit of work changed the store's catalog (store-wide): what it reads of
   * the store then includes its own uncommitted writes, under a version that is not yet its own
   * (the row is written just before COMMIT), so no copy may be made from it or used in it.
   */
  changedInUnitOfWork(storeId: string): boolean {
    const trx = this.db.currentTransaction;
    return trx !== undefined && this.written.get(trx.id)?.has(storeId) === true;
  }

  /** Whether a unit of work is under way: a write reads what it relies on in its transaction, never a per-process copy. */
  inUnitOfWork(): boolean {
    return this.db.inTransaction;
  }

  /**
   * Records that these products' own records changed (stock, a variant's price or SKU), and, with
   * `search`, what text search matches: in the current transaction when there is one (the
   * buckets move on when it ends), else right away. Lists keep their members and order.
   */
  async recordProducts(storeId: string, productIds: readonly string[], search: boolean): Promise<void> {
    const buckets = productIds.map(bucketOf);
    if (search) buckets.push(SEARCH_BUCKET);
    if (buckets.length === 0) return;
    const trx = this.db.currentTransaction;
    if (trx !== undefined) {
      let stores = this.itemsWritten.get(trx.id);
      if (stores === undefined) this.itemsWritten.set(trx.id, (stores = new Map()));
      const pending = stores.get(storeId);
      if (pending !== undefined) {
        // Written with the first one's, just before COMMIT.
        for (const bucket of buckets) pending.add(bucket);
        return;
      }
      const all = new Set(buckets);
      stores.set(storeId, all);
      void trx.ended.then(() => this.advanceBuckets(storeId, all));
      // Before COMMIT, as the store's row (see `record`); in one statement, in bucket order, so
      // two checkouts of products in shared buckets take those rows' locks in the same order.
      if (this.db.beforeCommit(() => this.writeBuckets(storeId, all))) return;
      stores.delete(storeId);
    }
    try {
      await this.writeBuckets(storeId, new Set(buckets));
    } finally {
      if (trx === undefined) this.advanceBuckets(storeId, new Set(buckets));
    }
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
    // The store-wide rows and the search row: what a search's answer depends on.
    const [row] = await this.db.select<{ total: number | string | null; search: number | string | null }>(
      "select (select sum(version) from catalog_versions where store_id = ?) as total, " +
        "(select version from catalog_item_versions where store_id = ? and bucket = ?) as search",
      [storeId, storeId, SEARCH_BUCKET],
    );
    const total = Number(row?.total ?? 0);
    if ((this.seen.get(storeId) ?? 0) !== total) {
      this.seen.set(storeId, total);
      this.advance(storeId);
    }
    const search = Number(row?.search ?? 0);
    const items = this.itemsOf(storeId);
    if (items.seen[SEARCH_BUCKET] !== search) {
      items.seen[SEARCH_BUCKET] = search;
      this.advanceBuckets(storeId, [SEARCH_BUCKET]);
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

  private itemsOf(storeId: string): StoreItems {
    let items = this.items.get(storeId);
    if (items === undefined) {
      items = { generations: new Uint32Array(PRODUCT_BUCKETS + 1), seen: new Float64Array(PRODUCT_BUCKETS + 1).fill(-1), seenTotal: 0, snapshot: undefined };
      this.items.set(storeId, items);
    }
    return items;
  }

  private async writeBuckets(storeId: string, buckets: ReadonlySet<number>): Promise<void> {
    const sorted = [...buckets].sort((a, b) => a - b);
    const values = sorted.map(() => "(?, ?, 1)").join(", ");
    const conflict =
      this.db.dialect === "mysql" ? "on duplicate key update version = version + 1" : "on conflict (store_id, bucket) do update set version = version + 1";
    // Prepared (Database.execute): every stock-taking checkout writes its lines' buckets (docs/decisions/checkout.md, checkout-25).
    await this.db.execute(`insert into catalog_item_versions (store_id, bucket, version) values ${values} ${conflict}`, sorted.flatMap((bucket) => [storeId, bucket]));
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
    const itemRows = await this.db.select<{ store_id: string; total: number | string }>(
      "select store_id, sum(version) as total from catalog_item_versions group by store_id",
      [],
    );
    for (const row of itemRows) {
      const total = Number(row.total);
      const items = this.itemsOf(row.store_id);
      if (items.seenTotal === total) continue;
      items.seenTotal = total;
      // Which buckets moved: the store's rows, read only when their sum moved. A bucket not read
      // before counts as moved (the first time after a start: a needless miss, never a stale answer).
      const buckets = await this.db.select<{ bucket: number; version: number | string }>(
        "select bucket, version from catalog_item_versions where store_id = ? order by bucket",
        [row.store_id],
      );
      const moved: number[] = [];
      for (const { bucket, version } of buckets) {
        const value = Number(version);
        if (items.seen[bucket] !== value) {
          items.seen[bucket] = value;
          moved.push(bucket);
        }
      }
      if (!first && moved.length > 0) this.advanceBuckets(row.store_id, moved);
    }
    // Answers cached before the first poll may predate writes the first poll already counts.
    if (first) this.advanceAll();
    this.lastPollAt = Date.now();
  }

  private advance(storeId: string): void {
    this.generations.set(storeId, (this.generations.get(storeId) ?? 0) + 1);
    this.stamps.delete(storeId);
    this.structural.set(storeId, (this.structural.get(storeId) ?? 0) + 1);
    this.structuralStamps.delete(storeId);
  }

  /** Moves these buckets on, and the store's all-changes stamp with them. */
  private advanceBuckets(storeId: string, buckets: Iterable<number>): void {
    const items = this.itemsOf(storeId);
    for (const bucket of buckets) items.generations[bucket] = items.generations[bucket]! + 1;
    items.snapshot = undefined;
    this.generations.set(storeId, (this.generations.get(storeId) ?? 0) + 1);
    this.stamps.delete(storeId);
  }

  private advanceAll(): void {
    this.epoch++;
    this.stamps.clear();
    this.structuralStamps.clear();
  }
}

/** The one tracker of a database handle (repositories and the HTTP answer cache share it). */
export const catalogVersionsOf = onePerDatabase((db) => new CatalogVersions(db));

/** Records that a store's catalog changed (see CatalogVersions.record). */
export const recordCatalogChange = (db: Database, storeId: string): Promise<void> => catalogVersionsOf(db).record(storeId);

/** Records that some products' own records changed, and with `search` what search matches (see CatalogVersions.recordProducts). */
export const recordProductChange = (db: Database, storeId: string, productIds: readonly string[], search = false): Promise<void> =>
  catalogVersionsOf(db).recordProducts(storeId, productIds, search);
