// The persistence contract of customers, sessions, one-time codes, wishlists, messaging and the
// SQL rate limiter: unique keys, atomic counters and lossless pages that every dialect must keep.
// The SQLite and MySQL test files run these same cases against their own database.
import "reflect-metadata";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { StoredCustomer } from "../../../application/ports/customer-repository.js";
import type { Message } from "../../../domain/messaging/message.js";
import type { Thread } from "../../../domain/messaging/thread.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexCustomerRepository } from "../../../adapters/persistence/repositories/knex-customer-repository.js";
import { KnexCustomerSessionRepository } from "../../../adapters/persistence/repositories/knex-customer-session-repository.js";
import { KnexMessagingRepository } from "../../../adapters/persistence/repositories/knex-messaging-repository.js";
import { KnexOneTimeCodeRepository } from "../../../adapters/persistence/repositories/knex-one-time-code-repository.js";
import { KnexProductRepository } from "../../../adapters/persistence/repositories/knex-product-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexUnitOfWork } from "../../../adapters/persistence/repositories/knex-unit-of-work.js";
import { KnexWishlistRepository } from "../../../adapters/persistence/repositories/knex-wishlist-repository.js";
import { SqlRateLimiter } from "../../../adapters/persistence/sql-rate-limiter.js";
import { encodeTimestampCursor } from "../../../adapters/persistence/timestamp-cursor.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import { productRecord, variantRecord } from "../../support/catalog-fixtures.js";

const CUSTOMER_TABLES = ["customers", "customer_sessions", "customer_tokens", "one_time_codes", "wishlist_items", "message_threads", "messages"];
const AT = "2030-04-01T10:00:00.000Z";
const ids = new UuidV7IdGenerator();

const tagOf = (error: unknown): unknown => (error as { _tag?: unknown })._tag;

const newCustomer = (email: string, overrides: Partial<StoredCustomer> = {}): StoredCustomer => ({
  id: ids.newId(),
  email,
  name: "Contract Customer",
  phone: "+254700000000",
  address: "Ngong Road 1, Nairobi",
  status: "active",
  emailConfirmed: false,
  joinDate: AT.slice(0, 10),
  totalPurchases: 0,
  totalSpent: 0,
  firstPurchaseAt: null,
  lastPurchaseAt: null,
  createdAt: AT,
  updatedAt: AT,
  passwordHash: "scrypt$1024$8$1$c2FsdA==$a2V5",
  blockedAt: null,
  blockReason: null,
  ...overrides,
});

const newThread = (customerId: string): Thread => ({
  id: ids.newId(),
  customerId,
  orderId: null,
  productId: null,
  subject: "Contract thread",
  threadType: "support",
  status: "active",
  priority: "normal",
  lastMessageAt: AT,
  lastMessageBy: "customer",
  unreadCountCustomer: 0,
  unreadCountStore: 0,
  isArchived: false,
  isMuted: false,
  isPinned: false,
  assigneeId: null,
  createdAt: AT,
  updatedAt: AT,
});

const newMessage = (threadId: string, senderType: "customer" | "store", createdAt = AT): Message => ({
  id: ids.newId(),
  threadId,
  content: `message ${Math.random()}`,
  messageType: "text",
  senderType,
  senderId: null,
  senderName: senderType,
  attachments: [],
  metadata: { source: "contract" },
  status: "sent",
  readAt: null,
  isEdited: false,
  isDeleted: false,
  editedAt: null,
  deletedAt: null,
  createdAt,
  updatedAt: createdAt,
});

/** Declares the contract's `it`s; `openDb` gives a migrated database (the caller closes it). */
export function customersContract(openDb: () => Promise<Database>): void {
  let db: Database;
  let uow: KnexUnitOfWork;
  let customers: KnexCustomerRepository;

  /** A new store with one customer, so that tests never see each other's rows. */
  const storeWithCustomer = async (): Promise<{ storeId: string; customer: StoredCustomer }> => {
    const storeId = ids.newId();
    await new KnexStoreRepository(db).create({ id: storeId, name: "Contract Store", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: AT });
    const customer = newCustomer(`c.${storeId}@example.com`);
    await customers.insert(storeId, customer);
    return { storeId, customer };
  };

  before(async function () {
    db = await openDb();
    uow = new KnexUnitOfWork(db);
    customers = new KnexCustomerRepository(db);
  });

  it("the migrations create every customer table", async function () {
    for (const table of CUSTOMER_TABLES) assert.equal(await db.knex.schema.hasTable(table), true, table);
  });

  describe("KnexCustomerRepository", function () {
    it("stores and finds a customer by id and by email, within its store only", async function () {
      const { storeId, customer } = await storeWithCustomer();
      assert.deepEqual(await customers.findById(storeId, customer.id), customer);
      assert.deepEqual(await customers.findByEmail(storeId, customer.email), customer);
      const other = await storeWithCustomer();
      assert.equal(await customers.findById(other.storeId, customer.id), undefined);
      assert.equal(await customers.findByEmail(other.storeId, customer.email), undefined);
    });

    it("a taken email in the store is a 409 email_taken; the same email in another store is fine", async function () {
      const { storeId, customer } = await storeWithCustomer();
      await assert.rejects(customers.insert(storeId, newCustomer(customer.email)), (error) => {
        assert.equal(tagOf(error), "ResourceConflict");
        assert.equal((error as { code: string }).code, "email_taken");
        return true;
      });
      const other = await storeWithCustomer();
      await customers.insert(other.storeId, newCustomer(customer.email));
    });

    it("confirms an email", async function () {
      const { storeId, customer } = await storeWithCustomer();
      await customers.confirmEmail(storeId, customer.id, "2030-04-02T00:00:00.000Z");
      const found = await customers.findById(storeId, customer.id);
      assert.equal(found?.emailConfirmed, true);
      assert.equal(found?.updatedAt, "2030-04-02T00:00:00.000Z");
    });

    it("parallel purchases all count: totals add up, first and last dates are the extremes", async function () {
      const { storeId, customer } = await storeWithCustomer();
      const purchases = Array.from({ length: 12 }, (_, i) => ({
        amount: 1_000_00 + i * 17,
        at: new Date(Date.parse("2030-01-01T00:00:00.000Z") + ((i * 7) % 12) * 86_400_000).toISOString(),
      }));
      await Promise.all(purchases.map((p) => uow.run(() => customers.recordPurchase(storeId, customer.id, p.amount, p.at))));
      const found = await customers.findById(storeId, customer.id);
      const dates = purchases.map((p) => p.at).sort();
      assert.equal(found?.totalPurchases, 12);
      assert.equal(found?.totalSpent, purchases.reduce((sum, p) => sum + p.amount, 0));
      assert.equal(found?.firstPurchaseAt, dates[0]);
      assert.equal(found?.lastPurchaseAt, dates[dates.length - 1]);
    });

    it("keeps amounts beyond 32 bits in total_spent", async function () {
      const { storeId, customer } = await storeWithCustomer();
      await customers.recordPurchase(storeId, customer.id, 3_000_000_000_00, AT);
      await customers.recordPurchase(storeId, customer.id, 3_000_000_000_00, AT);
      assert.equal((await customers.findById(storeId, customer.id))?.totalSpent, 6_000_000_000_00);
    });
  });

  describe("KnexCustomerSessionRepository", function () {
    const setUp = async () => {
      const { storeId, customer } = await storeWithCustomer();
      const sessions = new KnexCustomerSessionRepository(db);
      const sessionId = ids.newId();
      await sessions.openSession({ id: sessionId, storeId, customerId: customer.id, createdAt: AT });
      const token = {
        id: ids.newId(),
        sessionId,
        storeId,
        customerId: customer.id,
        kind: "refresh" as const,
        hash: ids.newId().replaceAll("-", "").padEnd(64, "0"),
        createdAt: AT,
        expiresAt: "2030-05-01T10:00:00.000Z",
        rotatedAt: null,
      };
      await sessions.addToken(token);
      return { sessions, token, storeId };
    };

    it("finds a token by hash within its store and kind, with its session's revocation", async function () {
      const { sessions, token, storeId } = await setUp();
      assert.deepEqual(await sessions.findToken(storeId, "refresh", token.hash), { token, sessionRevokedAt: null });
      assert.equal(await sessions.findToken(storeId, "access", token.hash), undefined);
      assert.equal(await sessions.findToken(ids.newId(), "refresh", token.hash), undefined);
      await sessions.revokeSession(token.sessionId, "2030-04-03T00:00:00.000Z", "logout");
      await sessions.revokeSession(token.sessionId, "2030-04-04T00:00:00.000Z", "refresh_reuse");
      assert.equal((await sessions.findToken(storeId, "refresh", token.hash))?.sessionRevokedAt, "2030-04-03T00:00:00.000Z");
    });

    it("purging drops tokens expired before the instant, and sessions left without tokens", async function () {
      const { sessions, token, storeId } = await setUp();
      const access = { ...token, id: ids.newId(), kind: "access" as const, hash: "b".repeat(64), expiresAt: "2030-04-01T11:00:00.000Z" };
      await sessions.addToken(access);
      assert.ok((await sessions.purgeExpired("2030-04-01T12:00:00.000Z")) >= 1);
      assert.equal(await sessions.findToken(storeId, "access", access.hash), undefined);
      assert.ok((await sessions.findToken(storeId, "refresh", token.hash)) !== undefined, "the unexpired refresh token stays");
      assert.ok((await db.knex("customer_sessions").where({ id: token.sessionId }).first()) !== undefined);
      await sessions.purgeExpired("2030-05-02T00:00:00.000Z");
      assert.equal(await sessions.findToken(storeId, "refresh", token.hash), undefined);
      assert.equal(await db.knex("customer_sessions").where({ id: token.sessionId }).first(), undefined);
    });

    it("of parallel rotations of one refresh token exactly one wins", async function () {
      const { sessions, token } = await setUp();
      const results = await Promise.all(Array.from({ length: 8 }, () => uow.run(() => sessions.markRotated(token.id, AT))));
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal(await sessions.markRotated(token.id, AT), false);
    });
  });

  describe("KnexOneTimeCodeRepository", function () {
    const setUp = async () => {
      const { storeId, customer } = await storeWithCustomer();
      const codes = new KnexOneTimeCodeRepository(db);
      const make = (createdAt: string) => ({
        id: ids.newId(),
        storeId,
        customerId: customer.id,
        hash: "a".repeat(64),
        createdAt,
        expiresAt: "2030-04-01T10:10:00.000Z",
        attempts: 0,
        consumedAt: null,
      });
      return { codes, make, storeId, customerId: customer.id };
    };

    it("the latest code is the newest", async function () {
      const { codes, make, storeId, customerId } = await setUp();
      const older = make("2030-04-01T10:00:00.000Z");
      const newer = make("2030-04-01T10:05:00.000Z");
      await codes.insert(newer);
      await codes.insert(older);
      assert.deepEqual(await codes.findLatest(storeId, customerId), newer);
      assert.equal(await codes.findLatest(ids.newId(), customerId), undefined);
    });

    it("parallel tries take at most the allowed number; a code is used once", async function () {
      const { codes, make, storeId, customerId } = await setUp();
      const code = make(AT);
      await codes.insert(code);
      const tries = await Promise.all(Array.from({ length: 12 }, () => uow.run(() => codes.takeAttempt(code.id, 5))));
      assert.equal(tries.filter(Boolean).length, 5);
      assert.equal((await codes.findLatest(storeId, customerId))?.attempts, 5);
      const uses = await Promise.all(Array.from({ length: 6 }, () => uow.run(() => codes.consume(code.id, AT))));
      assert.equal(uses.filter(Boolean).length, 1);
      assert.equal((await codes.findLatest(storeId, customerId))?.consumedAt, AT);
      assert.ok((await codes.purgeExpired("2030-04-01T10:10:00.001Z")) >= 1);
      assert.equal(await codes.findLatest(storeId, customerId), undefined);
    });
  });

  describe("KnexWishlistRepository", function () {
    const setUp = async () => {
      const { storeId, customer } = await storeWithCustomer();
      const products = new KnexProductRepository(db);
      const productId = ids.newId();
      const variants = [0, 1, 2].map((i) => variantRecord(ids.newId(), productId, `SKU-${productId.slice(-6)}-${i}`, { isDefault: i === 0, position: i }));
      await products.insert(storeId, productRecord(productId), variants);
      return { storeId, customerId: customer.id, productId, variants, wishlists: new KnexWishlistRepository(db) };
    };

    it("a variant is on a customer's list once; parallel adds make one entry", async function () {
      const { storeId, customerId, productId, variants, wishlists } = await setUp();
      const entry = (variantId: string, createdAt = AT) => ({ id: ids.newId(), customerId, productId, variantId, createdAt });
      assert.equal(await wishlists.add(storeId, entry(variants[0]!.id)), "added");
      assert.equal(await wishlists.add(storeId, entry(variants[0]!.id)), "present");
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => uow.run(() => wishlists.add(storeId, entry(variants[1]!.id, "2030-04-01T10:00:01.000Z")))));
      assert.equal(outcomes.filter((o) => o === "added").length, 1);
      assert.equal(await wishlists.count(storeId, customerId), 2);
      const listed = await wishlists.list(storeId, customerId);
      assert.deepEqual(listed.map((e) => e.variantId), [variants[1]!.id, variants[0]!.id], "newest first");
      assert.deepEqual(await wishlists.find(storeId, listed[0]!.id), listed[0]);
      assert.equal(await wishlists.find(ids.newId(), listed[0]!.id), undefined);
      await wishlists.remove(storeId, listed[0]!.id);
      assert.equal(await wishlists.count(storeId, customerId), 1);
    });

    it("an entry goes with its variant", async function () {
      const { storeId, customerId, productId, variants, wishlists } = await setUp();
      await wishlists.add(storeId, { id: ids.newId(), customerId, productId, variantId: variants[2]!.id, createdAt: AT });
      await new KnexProductRepository(db).removeVariant(storeId, variants[2]!.id);
      assert.equal(await wishlists.count(storeId, customerId), 0);
    });
  });

  describe("KnexMessagingRepository", function () {
    const setUp = async () => {
      const { storeId, customer } = await storeWithCustomer();
      const messaging = new KnexMessagingRepository(db);
      const thread = newThread(customer.id);
      await messaging.insertThread(storeId, thread);
      return { storeId, customer, messaging, thread };
    };

    it("a thread reads with its customer's and store's names", async function () {
      const { storeId, customer, messaging, thread } = await setUp();
      const found = await messaging.findThread(storeId, thread.id);
      assert.deepEqual(found, {
        ...thread,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        storeName: "Contract Store",
        storeAvatar: null,
        assigneeName: null,
      });
      assert.equal(await messaging.findThread(ids.newId(), thread.id), undefined);
    });

    it("messages written at the same instant move forward a millisecond each; counts and last message follow", async function () {
      const { storeId, messaging, thread } = await setUp();
      const stored: Message[] = [];
      for (let i = 0; i < 6; i++) stored.push(await uow.run(() => messaging.appendMessage(storeId, newMessage(thread.id, i % 3 === 2 ? "store" : "customer"))));
      assert.deepEqual(
        stored.map((m) => m.createdAt),
        [0, 1, 2, 3, 4, 5].map((ms) => new Date(Date.parse(AT) + ms).toISOString()),
      );
      const found = await messaging.findThread(storeId, thread.id);
      assert.equal(found?.lastMessageAt, stored[5]!.createdAt);
      assert.equal(found?.lastMessageBy, "store");
      assert.equal(found?.unreadCountStore, 4);
      assert.equal(found?.unreadCountCustomer, 2);
      const page = await messaging.listMessages(storeId, thread.id, "asc", { limit: 10 });
      assert.deepEqual(page.items, stored);
    });

    it("parallel writers to one thread never share a created_at, and no count is lost", async function () {
      const { storeId, messaging, thread } = await setUp();
      const stored = await Promise.all(Array.from({ length: 10 }, () => uow.run(() => messaging.appendMessage(storeId, newMessage(thread.id, "customer")))));
      assert.equal(new Set(stored.map((m) => m.createdAt)).size, 10);
      const found = await messaging.findThread(storeId, thread.id);
      assert.equal(found?.unreadCountStore, 10);
      assert.equal(found?.lastMessageAt, stored.map((m) => m.createdAt).sort()[9]);
    });

    it("a message whose instant is older than the last keeps last_message_at at the newest", async function () {
      const { storeId, messaging, thread } = await setUp();
      await messaging.appendMessage(storeId, newMessage(thread.id, "customer", "2030-04-01T12:00:00.000Z"));
      await messaging.appendMessage(storeId, newMessage(thread.id, "store", "2030-04-01T11:00:00.000Z"));
      const found = await messaging.findThread(storeId, thread.id);
      assert.equal(found?.lastMessageAt, "2030-04-01T12:00:00.000Z");
    });

    it("pages of messages in either order return every message exactly once (property)", async function () {
      const { storeId, messaging, thread } = await setUp();
      // Bursts of equal instants, forced to collide, between distinct ones.
      const instants = [AT, AT, AT, "2030-04-01T10:00:00.001Z", AT, "2030-04-01T11:30:00.000Z", "2030-04-01T11:30:00.000Z", "2030-04-02T00:00:00.000Z"];
      for (let i = 0; i < 23; i++) await messaging.appendMessage(storeId, newMessage(thread.id, "customer", instants[i % instants.length]));
      const all = (await messaging.listMessages(storeId, thread.id, "asc", { limit: 200 })).items;
      assert.equal(all.length, 23);
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 25 }), fc.constantFrom("asc" as const, "desc" as const), async (limit, order) => {
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pages = 0; ; pages++) {
            assert.ok(pages <= 23, "paging does not end");
            const page = await messaging.listMessages(storeId, thread.id, order, { limit, cursor });
            seen.push(...page.items.map((m) => m.id));
            if (!page.hasMore) break;
            assert.equal(page.nextCursor, encodeTimestampCursor(page.items[page.items.length - 1]!.createdAt));
            cursor = page.nextCursor ?? undefined;
          }
          const expected = all.map((m) => m.id);
          assert.deepEqual(seen, order === "asc" ? expected : [...expected].reverse());
        }),
        { numRuns: 30 },
      );
    });

    it("a cursor that is not the base64 of an instant is an InvalidCursor", async function () {
      const { storeId, messaging, thread } = await setUp();
      for (const cursor of ["@@", Buffer.from("nope").toString("base64"), Buffer.from("2030-02-30T00:00:00.000Z").toString("base64")]) {
        await assert.rejects(messaging.listMessages(storeId, thread.id, "asc", { limit: 5, cursor }), (error) => tagOf(error) === "InvalidCursor");
      }
    });

    it("reading by the customer marks the store's messages read and clears the customer's count", async function () {
      const { storeId, messaging, thread } = await setUp();
      await messaging.appendMessage(storeId, newMessage(thread.id, "store"));
      await messaging.appendMessage(storeId, newMessage(thread.id, "customer"));
      await messaging.markReadByCustomer(storeId, thread.id, "2030-04-01T13:00:00.000Z");
      const page = await messaging.listMessages(storeId, thread.id, "asc", { limit: 10 });
      assert.deepEqual(
        page.items.map((m) => [m.senderType, m.status, m.readAt]),
        [
          ["store", "read", "2030-04-01T13:00:00.000Z"],
          ["customer", "sent", null],
        ],
      );
      const found = await messaging.findThread(storeId, thread.id);
      assert.equal(found?.unreadCountCustomer, 0);
      assert.equal(found?.unreadCountStore, 1);
    });

    it("a customer's threads list by last activity, newest first, in keyset pages", async function () {
      const { storeId, customer, messaging } = await setUp();
      const made: Thread[] = [];
      for (let i = 0; i < 5; i++) {
        const thread = { ...newThread(customer.id), lastMessageAt: `2030-04-0${1 + (i % 3)}T10:00:00.000Z` };
        await messaging.insertThread(storeId, thread);
        made.push(thread);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await messaging.listThreads(storeId, customer.id, { limit: 2, cursor });
        seen.push(...page.items.map((t) => t.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      const all = (await messaging.listThreads(storeId, customer.id, { limit: 50 })).items;
      assert.equal(all.length, 6);
      assert.deepEqual(seen, all.map((t) => t.id));
      const stamps = all.map((t) => t.lastMessageAt);
      assert.deepEqual(stamps, [...stamps].sort().reverse());
    });
  });

  describe("SqlRateLimiter (rate-limiter-flexible on the rate_limits table)", function () {
    const rule = (name: string, points = 3) => ({ name, points, windowSeconds: 60 });

    it("allows the rule's points, then refuses with RateLimited and the seconds to wait", async function () {
      const limiter = new SqlRateLimiter(db);
      const r = rule(`test-${ids.newId().slice(-8)}`);
      for (let i = 0; i < 3; i++) await limiter.consume(r, "key-a");
      await assert.rejects(limiter.consume(r, "key-a"), (error) => {
        assert.equal(tagOf(error), "RateLimited");
        const e = error as { retryAfterSeconds: number; limit: number; remaining: number };
        assert.ok(e.retryAfterSeconds >= 1 && e.retryAfterSeconds <= 60, String(e.retryAfterSeconds));
        assert.equal(e.limit, 3);
        assert.equal(e.remaining, 0);
        return true;
      });
      await limiter.consume(r, "key-b");
      await limiter.consume(rule(`${r.name}-other`), "key-a");
      const rows = await db.knex("rate_limits").where("key", "like", `${r.name}:%`);
      assert.ok(rows.some((row: { key: string }) => row.key === `${r.name}:key-a`), JSON.stringify(rows));
    });

    it("a refund gives a point back", async function () {
      const limiter = new SqlRateLimiter(db);
      const r = rule(`test-${ids.newId().slice(-8)}`, 2);
      await limiter.consume(r, "k");
      await limiter.refund(r, "k");
      await limiter.consume(r, "k");
      await limiter.consume(r, "k");
      await assert.rejects(limiter.consume(r, "k"), (error) => tagOf(error) === "RateLimited");
    });

    it("parallel attempts are counted exactly: of 12, the rule's 5 pass", async function () {
      const limiter = new SqlRateLimiter(db);
      const r = rule(`test-${ids.newId().slice(-8)}`, 5);
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => limiter.consume(r, "burst")));
      assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 5);
      for (const o of outcomes) if (o.status === "rejected") assert.equal(tagOf(o.reason), "RateLimited");
    });

    it("shares its counters between two limiters on the same database (two server processes)", async function () {
      const r = rule(`test-${ids.newId().slice(-8)}`, 2);
      await new SqlRateLimiter(db).consume(r, "shared");
      await new SqlRateLimiter(db).consume(r, "shared");
      await assert.rejects(new SqlRateLimiter(db).consume(r, "shared"), (error) => tagOf(error) === "RateLimited");
    });
  });
}
