// The persistence contract every dialect must keep for the foundation tables: migrations, the
// store/API-key/outbox/maintenance repositories, the unit of work and keyset pagination. The
// SQLite and MySQL test files run these same cases against their own database.
import "reflect-metadata";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Clock } from "../../../application/ports/clock.js";
import type { StoredApiKey } from "../../../application/ports/api-key-repository.js";
import type { Store } from "../../../domain/stores/store.js";
import type { TaxClass } from "../../../domain/tax/tax-class.js";
import { taxRate } from "../../../domain/tax/tax-rate.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { isUniqueViolation } from "../../../adapters/persistence/database-errors.js";
import { applyKeyset, decodeCursor, encodeCursor, toPage, type KeysetOrder } from "../../../adapters/persistence/keyset-page.js";
import { migrateToLatest, StorefrontMigrationSource } from "../../../adapters/persistence/migrations/migration-source.js";
import { KnexApiKeyRepository } from "../../../adapters/persistence/repositories/knex-api-key-repository.js";
import { KnexEventOutbox } from "../../../adapters/persistence/repositories/knex-event-outbox.js";
import { KnexMaintenanceRepository } from "../../../adapters/persistence/repositories/knex-maintenance-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexUnitOfWork } from "../../../adapters/persistence/repositories/knex-unit-of-work.js";
import { NodeSecretGenerator } from "../../../adapters/system/node-secret-generator.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";

const FOUNDATION_TABLES = ["stores", "api_keys", "events", "idempotency_records", "rate_limits"] as const;

const FIXED_NOW = new Date("2030-06-15T12:00:00.000Z");
const fixedClock: Clock = { now: () => new Date(FIXED_NOW) };

const ids = new UuidV7IdGenerator();
const secrets = new NodeSecretGenerator();

const newStore = (name = "Contract Store"): Store => ({
  id: ids.newId(),
  name,
  baseCurrency: "KES",
  hmacSecret: secrets.randomBase62(48),
  previousHmacSecret: null,
  location: null,
  // Tax settings round trip as the store row's JSON (migration 0038): a region zone, rates in ppm, prices with tax.
  taxSettings: {
    pricesIncludeTax: true,
    zones: [
      { id: "ke", name: "Kenya", country: "KE", region: null, rates: { standard: taxRate(160_000), reduced: taxRate(80_000), zero: taxRate(0) } },
      { id: "tz-zanzibar", name: "Zanzibar", country: "TZ", region: "Zanzibar", rates: { standard: taxRate(150_000), reduced: taxRate(99_750) } },
    ],
    defaultZoneId: "ke",
    shippingTaxClass: "reduced" as TaxClass,
  },
  timeZone: "Africa/Nairobi",
  createdAt: FIXED_NOW.toISOString(),
});

const newKey = (storeId: string, overrides: Partial<StoredApiKey> = {}): StoredApiKey => {
  const plain = `svc_sk_test_${secrets.randomBase62(40)}`;
  return {
    id: ids.newId(),
    storeId,
    type: "secret",
    mode: "test",
    displayPrefix: plain.slice(0, 16),
    hash: secrets.hash(plain),
    createdAt: FIXED_NOW.toISOString(),
    revokedAt: null,
    ...overrides,
  };
};

class Boom extends Error {}

interface ProbeRow {
  id: string;
  sort_key: number | string;
}

/** Rows in the order a keyset walk must visit them: sort key, then id as tie-break. */
const expectedOrder = (rows: readonly ProbeRow[], direction: "asc" | "desc"): string[] => {
  const cmp = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...rows].sort((a, b) => cmp(a.sort_key, b.sort_key) || cmp(a.id, b.id));
  if (direction === "desc") sorted.reverse();
  return sorted.map((r) => r.id);
};

/** Is `cursor` something decodeCursor must accept (the base64url of a JSON [string|finite number, string])? */
const isWellFormedCursor = (cursor: string): boolean => {
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) return false;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return (
      Array.isArray(value) &&
      value.length === 2 &&
      (typeof value[0] === "string" || (typeof value[0] === "number" && Number.isFinite(value[0]))) &&
      typeof value[1] === "string"
    );
  } catch {
    return false;
  }
};

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

const assertInvalidCursor = (cursor: string): void => {
  assert.throws(
    () => decodeCursor(cursor),
    (error: unknown) => {
      assert.equal((error as { _tag?: unknown })._tag, "InvalidCursor", `cursor ${JSON.stringify(cursor)}`);
      return true;
    },
  );
};

/** Declares the contract's `it`s; `openDb` gives a migrated database (the caller closes it). */
export function foundationContract(openDb: () => Promise<Database>): void {
  let db: Database;

  before(async function () {
    db = await openDb();
  });

  describe("migrations", function () {
    it("running them again is a no-op, and all five foundation tables exist", async function () {
      const applied = async (): Promise<Array<{ id: number; name: string; batch: number }>> =>
        (await db.knex("knex_migrations").select("id", "name", "batch").orderBy("id")).map((r) => ({
          id: Number(r.id),
          name: String(r.name),
          batch: Number(r.batch),
        }));
      const before = await applied();
      assert.ok(before.some((m) => m.name === "0001-foundation"), "the foundation migration is recorded");
      assert.equal(new Set(before.map((m) => m.name)).size, before.length, "each migration is recorded once");
      await migrateToLatest(db.knex);
      await migrateToLatest(db.knex);
      assert.deepEqual(await applied(), before);
      const [, pending] = (await db.knex.migrate.list({ migrationSource: new StorefrontMigrationSource() })) as [
        unknown[],
        unknown[],
      ];
      assert.deepEqual(pending, []);
      for (const table of FOUNDATION_TABLES) {
        assert.equal(await db.knex.schema.hasTable(table), true, `table ${table} exists`);
      }
    });
  });

  describe("KnexStoreRepository", function () {
    it("creates a store and finds it by id", async function () {
      const stores = new KnexStoreRepository(db);
      const store = newStore("Ünïcödé Store ✓");
      await stores.create(store);
      assert.deepEqual(await stores.findById(store.id), store);
    });

    it("answers undefined for an unknown id", async function () {
      const stores = new KnexStoreRepository(db);
      assert.equal(await stores.findById(ids.newId()), undefined);
    });
  });

  describe("KnexApiKeyRepository", function () {
    it("creates a key and finds it by its hash; an unknown hash is undefined", async function () {
      const stores = new KnexStoreRepository(db);
      const keys = new KnexApiKeyRepository(db);
      const store = newStore();
      await stores.create(store);
      const key = newKey(store.id);
      const revoked = newKey(store.id, { type: "publishable", mode: "live", revokedAt: FIXED_NOW.toISOString() });
      await keys.create(key);
      await keys.create(revoked);
      assert.deepEqual(await keys.findByHash(key.hash), key);
      assert.deepEqual(await keys.findByHash(revoked.hash), revoked);
      assert.equal(await keys.findByHash(secrets.hash("not a key")), undefined);
    });

    it("rejects a second key with the same hash as a unique violation", async function () {
      const stores = new KnexStoreRepository(db);
      const keys = new KnexApiKeyRepository(db);
      const store = newStore();
      await stores.create(store);
      const key = newKey(store.id);
      await keys.create(key);
      await assert.rejects(keys.create({ ...key, id: ids.newId() }), (error: unknown) => {
        assert.equal(isUniqueViolation(error), true, `expected a unique violation, got ${String(error)}`);
        return true;
      });
      assert.deepEqual(await keys.findByHash(key.hash), key);
    });
  });

  describe("KnexEventOutbox", function () {
    it("records an event and finds it for its own store only", async function () {
      const stores = new KnexStoreRepository(db);
      const outbox = new KnexEventOutbox(db, ids, fixedClock);
      const store = newStore();
      const other = newStore("Other");
      await stores.create(store);
      await stores.create(other);
      const data = {
        id: "ord_1",
        total: { amount: 123456, currency: "KES" },
        lines: [{ sku: "SKU-1", quantity: 2, note: "gift ✓ 🎁" }],
        paid: false,
        coupon: null,
        ratio: 0.125,
      };
      const recorded = await outbox.record({ storeId: store.id, type: "order.created", livemode: true, data });
      assert.match(recorded.id, /^evt_[0-9a-f]{32}$/);
      assert.equal(recorded.createdAt, FIXED_NOW.toISOString());

      const found = await outbox.findById(store.id, recorded.id);
      assert.deepEqual(found, recorded);
      assert.equal(typeof found?.livemode, "boolean");
      assert.equal(found?.livemode, true);
      assert.deepEqual(found?.data, data);

      assert.equal(await outbox.findById(other.id, recorded.id), undefined);
      assert.equal(await outbox.findById(store.id, "evt_00000000000000000000000000000000"), undefined);
    });

    it("keeps livemode false as the boolean false", async function () {
      const stores = new KnexStoreRepository(db);
      const outbox = new KnexEventOutbox(db, ids, fixedClock);
      const store = newStore();
      await stores.create(store);
      const recorded = await outbox.record({ storeId: store.id, type: "payment.failed", livemode: false, data: {} });
      const found = await outbox.findById(store.id, recorded.id);
      assert.equal(found?.livemode, false);
      assert.deepEqual(found?.data, {});
    });

    it("round-trips any JSON `data`", async function () {
      const stores = new KnexStoreRepository(db);
      const outbox = new KnexEventOutbox(db, ids, fixedClock);
      const store = newStore();
      await stores.create(store);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.string({ unit: "grapheme", maxLength: 12 }), fc.jsonValue({ maxDepth: 3, stringUnit: "grapheme" }), {
            maxKeys: 6,
          }),
          async (data) => {
            const recorded = await outbox.record({ storeId: store.id, type: "product.created", livemode: false, data });
            const found = await outbox.findById(store.id, recorded.id);
            assert.deepEqual(found?.data, JSON.parse(JSON.stringify(data)));
          },
        ),
        { numRuns: 25 },
      );
    });
  });

  describe("KnexUnitOfWork", function () {
    it("writes nothing when the work throws after two inserts", async function () {
      const uow = new KnexUnitOfWork(db);
      const stores = new KnexStoreRepository(db);
      const keys = new KnexApiKeyRepository(db);
      const store = newStore();
      const key = newKey(store.id);
      await assert.rejects(
        uow.run(async () => {
          await stores.create(store);
          await keys.create(key);
          // Inside the transaction both writes are visible.
          assert.deepEqual(await stores.findById(store.id), store);
          assert.deepEqual(await keys.findByHash(key.hash), key);
          throw new Boom("after two inserts");
        }),
        Boom,
      );
      assert.equal(db.inTransaction, false);
      assert.equal(await stores.findById(store.id), undefined);
      assert.equal(await keys.findByHash(key.hash), undefined);
    });

    it("commits both writes when the work succeeds", async function () {
      const uow = new KnexUnitOfWork(db);
      const stores = new KnexStoreRepository(db);
      const keys = new KnexApiKeyRepository(db);
      const store = newStore();
      const key = newKey(store.id);
      const result = await uow.run(async () => {
        await stores.create(store);
        await keys.create(key);
        return "done";
      });
      assert.equal(result, "done");
      assert.deepEqual(await stores.findById(store.id), store);
      assert.deepEqual(await keys.findByHash(key.hash), key);
    });

    it("a nested run joins the outer transaction: an outer failure rolls back the inner writes", async function () {
      const uow = new KnexUnitOfWork(db);
      const stores = new KnexStoreRepository(db);
      const keys = new KnexApiKeyRepository(db);
      const store = newStore();
      const key = newKey(store.id);
      await assert.rejects(
        uow.run(async () => {
          const outer = db.executor;
          await uow.run(async () => {
            assert.equal(db.executor, outer, "the inner run uses the outer transaction");
            await stores.create(store);
            await keys.create(key);
          });
          // The inner run returned without committing anything of its own.
          assert.equal(db.inTransaction, true);
          assert.deepEqual(await stores.findById(store.id), store);
          throw new Boom("outer fails after the inner run");
        }),
        Boom,
      );
      assert.equal(await stores.findById(store.id), undefined);
      assert.equal(await keys.findByHash(key.hash), undefined);
    });

    it("a nested run that succeeds commits with the outer run", async function () {
      const uow = new KnexUnitOfWork(db);
      const stores = new KnexStoreRepository(db);
      const keys = new KnexApiKeyRepository(db);
      const store = newStore();
      const key = newKey(store.id);
      await uow.run(async () => {
        await stores.create(store);
        await uow.run(() => keys.create(key));
      });
      assert.deepEqual(await stores.findById(store.id), store);
      assert.deepEqual(await keys.findByHash(key.hash), key);
    });
  });

  describe("keyset pagination", function () {
    const table = "keyset_probe";

    const probeIds = fc.stringMatching(/^[a-z0-9]{1,8}$/);

    /** Rows with unique ids and few distinct sort keys (many ties), plus a page size 1..n+2. */
    const rowsAndPageSize = <K extends number | string>(keys: fc.Arbitrary<K>) =>
      fc
        .uniqueArray(fc.record({ id: probeIds, sort_key: keys }), { selector: (r) => r.id, maxLength: 40 })
        .chain((rows) => fc.tuple(fc.constant(rows), fc.integer({ min: 1, max: rows.length + 2 })));

    const walk = async (order: KeysetOrder, limit: number): Promise<string[]> => {
      const visited: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; ; pages++) {
        assert.ok(pages < 1000, "the walk ends");
        const page = { limit, cursor };
        const rows: ProbeRow[] = await applyKeyset(db.knex(table).select("id", "sort_key"), order, page);
        const result = toPage(
          rows,
          page,
          (r) => [r.sort_key, r.id],
          (r) => r.id,
        );
        assert.ok(result.items.length <= limit);
        visited.push(...result.items);
        if (!result.hasMore) {
          assert.equal(result.nextCursor, null);
          return visited;
        }
        assert.equal(result.items.length, limit, "a page that has more is full");
        assert.equal(typeof result.nextCursor, "string");
        cursor = result.nextCursor ?? undefined;
      }
    };

    const checkWalks = async (rows: readonly ProbeRow[], limit: number): Promise<void> => {
      await db.knex(table).delete();
      if (rows.length > 0) await db.knex(table).insert(rows.map((r) => ({ id: r.id, sort_key: r.sort_key })));
      for (const direction of ["asc", "desc"] as const) {
        const visited = await walk({ column: "sort_key", idColumn: "id", direction }, limit);
        assert.deepEqual(visited, expectedOrder(rows, direction), `${direction}, page size ${limit}, ${rows.length} rows`);
      }
    };

    afterEach(async function () {
      await db.knex.schema.dropTableIfExists(table);
    });

    it("visits every row exactly once, in order, with an integer sort key full of ties", async function () {
      await db.knex.schema.dropTableIfExists(table);
      await db.knex.schema.createTable(table, (t) => {
        t.string("id", 16).primary();
        t.integer("sort_key").notNullable();
      });
      await fc.assert(
        fc.asyncProperty(rowsAndPageSize(fc.integer({ min: -2, max: 2 })), ([rows, limit]) => checkWalks(rows, limit)),
        { numRuns: 25 },
      );
    });

    it("visits every row exactly once, in order, with a string sort key full of ties", async function () {
      await db.knex.schema.dropTableIfExists(table);
      await db.knex.schema.createTable(table, (t) => {
        t.string("id", 16).primary();
        t.string("sort_key", 16).notNullable();
      });
      // Lower-case letters and digits sort the same under JS, SQLite BINARY and MySQL *_ci collations.
      await fc.assert(
        fc.asyncProperty(rowsAndPageSize(fc.constantFrom("a", "ab", "b", "b0", "c")), ([rows, limit]) =>
          checkWalks(rows, limit),
        ),
        { numRuns: 25 },
      );
    });

    it("decodeCursor gives back what encodeCursor made", function () {
      fc.assert(
        fc.property(
          fc.oneof(fc.integer(), fc.string({ unit: "grapheme", maxLength: 40 })),
          fc.string({ unit: "grapheme", maxLength: 40 }),
          (key, id) => {
            assert.deepEqual(decodeCursor(encodeCursor([key, id])), [key, id]);
          },
        ),
      );
    });

    it("decodeCursor rejects garbage with InvalidCursor", function () {
      for (const garbage of [
        "",
        "!!!",
        "not a cursor",
        "WzEsImEiXQ==", // standard base64 padding is not base64url
        "bm90IGpzb24", // "not json"
        base64url({ a: 1 }),
        base64url(null),
        base64url(42),
        base64url("a"),
        base64url([]),
        base64url([1]),
        base64url([1, "a", "b"]),
        base64url([null, "a"]),
        base64url([1, 2]),
        base64url([[1], "a"]),
        base64url([{}, "a"]),
        base64url([true, "a"]),
        "A".repeat(1025),
      ]) {
        assertInvalidCursor(garbage);
      }

      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 64 }),
            fc.string({ unit: "grapheme", maxLength: 16 }),
            // Passes the alphabet check, so it is the decoding that must refuse it.
            fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
          ),
          (text) => {
            fc.pre(!isWellFormedCursor(text));
            assertInvalidCursor(text);
          },
        ),
        { numRuns: 300 },
      );
      fc.assert(
        fc.property(
          fc.jsonValue({ maxDepth: 2 }).filter((v) => !Array.isArray(v)),
          (value) => assertInvalidCursor(base64url(value)),
        ),
        { numRuns: 200 },
      );
      fc.assert(
        fc.property(
          fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 6 }).filter((a) => a.length !== 2),
          (value) => assertInvalidCursor(base64url(value)),
        ),
        { numRuns: 200 },
      );
    });
  });

  describe("KnexMaintenanceRepository", function () {
    it("purges only expired idempotency records and rate-limit rows", async function () {
      const stores = new KnexStoreRepository(db);
      const maintenance = new KnexMaintenanceRepository(db);
      const store = newStore();
      await stores.create(store);
      const now = FIXED_NOW;
      const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
      const record = (key: string, expiresAt: string) => ({
        store_id: store.id,
        operation: "POST /v1/contract",
        idempotency_key: key,
        request_hash: "0".repeat(64),
        state: "completed",
        response_status: 200,
        response_headers: "{}",
        response_body: "{}",
        locked_until: null,
        created_at: at(-86_400_000),
        expires_at: expiresAt,
      });
      await db.knex("idempotency_records").insert([
        record("long-gone", at(-86_400_000)),
        record("just-gone", at(-1)),
        record("expires-now", at(0)),
        record("still-valid", at(1)),
        record("far-future", at(86_400_000)),
      ]);
      const prefix = `contract:${store.id}:`;
      await db.knex("rate_limits").insert([
        { key: `${prefix}long-gone`, points: 3, expire: now.getTime() - 86_400_000 },
        { key: `${prefix}just-gone`, points: 1, expire: now.getTime() - 1 },
        { key: `${prefix}expires-now`, points: 1, expire: now.getTime() },
        { key: `${prefix}still-valid`, points: 5, expire: now.getTime() + 1 },
        { key: `${prefix}no-expiry`, points: 7, expire: null },
      ]);

      assert.equal(await maintenance.purgeExpiredIdempotencyRecords(now), 2);
      assert.equal(await maintenance.purgeExpiredRateLimits(now), 2);

      const records = await db.knex("idempotency_records").where({ store_id: store.id }).orderBy("idempotency_key").pluck("idempotency_key");
      assert.deepEqual(records, ["expires-now", "far-future", "still-valid"]);
      const limits = await db.knex("rate_limits").where("key", "like", `${prefix}%`).orderBy("key").pluck("key");
      assert.deepEqual(limits, [`${prefix}expires-now`, `${prefix}no-expiry`, `${prefix}still-valid`]);

      // Nothing is left to purge.
      assert.equal(await maintenance.purgeExpiredIdempotencyRecords(now), 0);
      assert.equal(await maintenance.purgeExpiredRateLimits(now), 0);
    });
  });
}
