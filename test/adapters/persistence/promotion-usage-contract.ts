// The persistence contract of promotions every dialect must keep: uses counted in total and per
// customer, recordUse atomic under concurrency (parallel units of work never pass a limit), and
// the status filter of the list agreeing with the domain's promotionStatus at every moment.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { Database } from "../../../adapters/persistence/database.js";
import { KnexPromotionRepository } from "../../../adapters/persistence/repositories/knex-promotion-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexUnitOfWork } from "../../../adapters/persistence/repositories/knex-unit-of-work.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import type { PageRequest } from "../../../application/pagination/page.js";
import { promotionStatus, type PromotionStatus } from "../../../domain/promotions/promotion-status.js";
import type { Promotion } from "../../../domain/promotions/promotion.js";

const ids = new UuidV7IdGenerator();
const NOW = "2030-06-15T12:00:00.000Z";
const HOUR_MS = 60 * 60 * 1000;
const at = (hours: number): string => new Date(Date.parse(NOW) + hours * HOUR_MS).toISOString();

const promotion = (overrides: Partial<Promotion> = {}): Promotion => ({
  id: ids.newId(),
  name: "Ten off",
  type: "discount",
  displayType: "",
  description: "",
  image: null,
  discountValue: 10,
  discountType: "percentage",
  minPurchase: 0,
  maxDiscount: null,
  startDate: at(-24),
  endDate: at(24),
  status: "active",
  usageLimit: null,
  usagePerCustomer: null,
  bundleProducts: [],
  bogoRequiredProducts: [],
  bogoFreeProducts: [],
  freeProducts: [],
  applicableCategories: [],
  applicableProducts: [],
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

export const promotionUsageContract = (open: () => Promise<Database>, parallel: number): void => {
  let db: Database;
  let repository: KnexPromotionRepository;
  let uow: KnexUnitOfWork;
  let storeId: string;

  const newCustomer = async (): Promise<string> => {
    const id = ids.newId();
    await db.knex("customers").insert({
      id,
      store_id: storeId,
      email: `${id}@example.com`,
      name: "Promotion Customer",
      join_date: "2030-01-01",
      created_at: NOW,
      updated_at: NOW,
    });
    return id;
  };

  /** A checkout's shape: read the usage (a snapshot on MySQL), pause, then record the use. */
  const checkoutUse = (p: Promotion, customerId: string | null): Promise<boolean> =>
    uow.run(async () => {
      await repository.usage(storeId, [p.id], customerId);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      return repository.recordUse(storeId, p, customerId, ids.newId(), NOW);
    });

  const storedUses = async (promotionId: string, customerId?: string | null): Promise<number> => {
    const query = db.knex("promotion_uses").where({ promotion_id: promotionId });
    if (customerId !== undefined) void query.where({ customer_id: customerId });
    const row = await query.count({ n: "*" }).first();
    return Number(row?.n ?? 0);
  };

  before(async () => {
    db = await open();
    repository = new KnexPromotionRepository(db, ids);
    uow = new KnexUnitOfWork(db);
    storeId = ids.newId();
    await new KnexStoreRepository(db).create({ id: storeId, name: "Promotions", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: NOW });
  });

  it("stores a promotion as given and reads it back", async () => {
    const p = promotion({
      type: "bundle",
      bundleProducts: [{ productId: ids.newId(), quantity: 2 }],
      freeProducts: [{ productId: ids.newId(), quantity: 1 }],
      applicableCategories: [ids.newId()],
      maxDiscount: 12_345,
      usageLimit: 3,
      usagePerCustomer: 1,
      discountValue: 12.5,
    });
    await repository.insert(storeId, p);
    assert.deepEqual(await repository.find(storeId, p.id), p);
    assert.equal(await repository.find(ids.newId(), p.id), undefined, "another store does not see it");
  });

  it("counts uses in total and per customer; a second use by the same order is a no-op", async () => {
    const p = promotion();
    const other = promotion();
    await repository.insert(storeId, p);
    await repository.insert(storeId, other);
    const [amina, brian] = [await newCustomer(), await newCustomer()];
    const order = ids.newId();
    assert.equal(await repository.recordUse(storeId, p, amina, order, NOW), true);
    assert.equal(await repository.recordUse(storeId, p, amina, order, NOW), true, "the same order again");
    assert.equal(await repository.recordUse(storeId, p, amina, ids.newId(), NOW), true);
    assert.equal(await repository.recordUse(storeId, p, brian, ids.newId(), NOW), true);
    assert.equal(await repository.recordUse(storeId, p, null, ids.newId(), NOW), true);
    const usage = await repository.usage(storeId, [p.id, other.id], amina);
    assert.equal(usage.total.get(p.id), 4);
    assert.equal(usage.total.get(other.id), 0);
    assert.equal(usage.customer.get(p.id), 2);
    assert.equal(usage.customer.get(other.id) ?? 0, 0);
    const guest = await repository.usage(storeId, [p.id], null);
    assert.equal(guest.customer.size, 0, "a guest has no usage of their own");
    assert.equal((await repository.usage(storeId, [], amina)).total.size, 0);
    assert.equal(await repository.recordUse(storeId, promotion(), null, ids.newId(), NOW), false, "an unknown promotion records nothing");
  });

  it(`${parallel} parallel checkouts never pass the usage limit`, async () => {
    const limit = 7;
    const p = promotion({ usageLimit: limit });
    await repository.insert(storeId, p);
    const customers = await Promise.all(Array.from({ length: 4 }, () => newCustomer()));
    const outcomes = await Promise.all(Array.from({ length: parallel }, (_, i) => checkoutUse(p, i % 5 === 0 ? null : customers[i % 4]!)));
    assert.equal(outcomes.filter(Boolean).length, limit);
    assert.equal(await storedUses(p.id), limit);
    assert.equal((await repository.usage(storeId, [p.id], null)).total.get(p.id), limit);
    assert.equal(await repository.recordUse(storeId, p, null, ids.newId(), NOW), false);
    assert.equal(await storedUses(p.id), limit, "a refused use records nothing");
  });

  it(`counts ${parallel} parallel checkouts of a promotion without a limit in its shard rows, each once, and a limit set later counts them`, async () => {
    const p = promotion();
    await repository.insert(storeId, p);
    const orders = Array.from({ length: parallel }, () => ids.newId());
    // each order twice, as a replayed checkout would: the repeat is a no-op
    const outcomes = await Promise.all([...orders, ...orders].map((order) => uow.run(() => repository.recordUse(storeId, p, null, order, NOW))));
    assert.ok(outcomes.every(Boolean));
    assert.equal(await storedUses(p.id), parallel);
    assert.equal((await repository.usage(storeId, [p.id], null)).total.get(p.id), parallel);
    const row = await db.knex("promotions").where({ id: p.id }).first("times_used");
    assert.equal(Number(row.times_used), 0, "the promotion's own row is not written");
    const shards = await db.knex("promotion_use_counts").where({ promotion_id: p.id }).select("shard", "uses", "store_id");
    assert.equal(shards.reduce((sum, s) => sum + Number(s.uses), 0), parallel);
    assert.ok(shards.every((s) => s.store_id === storeId));
    if (parallel >= 10) assert.ok(shards.length > 1, "spread over several rows");
    // given a limit two above its uses: exactly two more, and the list says it is used up
    const limited = { ...p, usageLimit: parallel + 2 };
    await repository.update(storeId, limited);
    const more = await Promise.all(Array.from({ length: 5 }, () => checkoutUse(limited, null)));
    assert.equal(more.filter(Boolean).length, 2);
    assert.equal((await repository.usage(storeId, [p.id], null)).total.get(p.id), parallel + 2);
    const expired = await repository.listPage(storeId, { limit: 100 }, { status: "expired", now: NOW });
    assert.ok(expired.items.some((x) => x.id === p.id), "used up, so listed as expired");
    // a checkout that read the promotion before its limit was set is refused at COMMIT
    await assert.rejects(
      uow.run(() => repository.recordUse(storeId, p, null, ids.newId(), NOW)),
      (error: any) => error?.code === "promotion_unavailable",
    );
  });

  it(`${parallel} parallel checkouts of one customer never pass the per-customer limit`, async () => {
    const p = promotion({ usagePerCustomer: 2, usageLimit: 1000 });
    await repository.insert(storeId, p);
    const [amina, brian] = [await newCustomer(), await newCustomer()];
    const outcomes = await Promise.all(
      Array.from({ length: parallel }, (_, i) => checkoutUse(p, i % 3 === 0 ? brian : i % 3 === 1 ? amina : null)),
    );
    const guests = Array.from({ length: parallel }, (_, i) => i % 3 === 2).filter(Boolean).length;
    assert.equal(outcomes.filter(Boolean).length, 2 + 2 + guests, "two each, and every guest use");
    assert.equal(await storedUses(p.id, amina), 2);
    assert.equal(await storedUses(p.id, brian), 2);
    const usage = await repository.usage(storeId, [p.id], amina);
    assert.deepEqual([usage.total.get(p.id), usage.customer.get(p.id)], [4 + guests, 2]);
  });

  it("lists by derived status exactly as promotionStatus says, at every moment, newest first", async () => {
    const shop = ids.newId();
    await new KnexStoreRepository(db).create({ id: shop, name: "Statuses", baseCurrency: "KES", hmacSecret: "x".repeat(48), createdAt: NOW });
    const all: Promotion[] = [];
    const uses = new Map<string, number>();
    const variants: Partial<Promotion>[] = [
      {},
      { status: "inactive" },
      { startDate: at(2), endDate: at(5) },
      { startDate: at(-5), endDate: at(-2) },
      { startDate: at(-1), endDate: at(1), usageLimit: 2 },
      { startDate: at(-1), endDate: at(1), usageLimit: 0 },
      { startDate: at(-1), endDate: at(1), usageLimit: 5 },
      { startDate: at(0), endDate: at(3), status: "inactive", usageLimit: 1 },
      // an offset other than Z: stored as UTC, so the comparisons hold
      { startDate: "2030-06-15T14:00:00+03:00", endDate: "2030-06-15T16:00:00+03:00" },
    ];
    for (const [index, variant] of variants.entries()) {
      const p = promotion({ ...variant, createdAt: at(-100 + index) });
      await repository.insert(shop, p);
      const stored = (await repository.find(shop, p.id))!;
      all.push(stored);
      const count = p.usageLimit === 2 ? 2 : p.usageLimit === 5 ? 3 : 0;
      for (let i = 0; i < count; i++) assert.equal(await repository.recordUse(shop, stored, null, ids.newId(), NOW), true);
      uses.set(p.id, count);
    }
    const listed = async (status: PromotionStatus, now: string): Promise<string[]> => {
      const out: string[] = [];
      let page: PageRequest = { limit: 2 };
      for (;;) {
        const found = await repository.listPage(shop, page, { status, now });
        out.push(...found.items.map((p) => p.id));
        if (found.nextCursor === null) return out;
        page = { limit: 2, cursor: found.nextCursor };
      }
    };
    for (const hours of [-6, -2, -1, -0.5, 0, 1, 2, 3, 4, 5, 6]) {
      const now = at(hours);
      for (const status of ["active", "inactive", "scheduled", "expired"] as const) {
        const expected = all
          .filter((p) => promotionStatus(p, new Date(now), uses.get(p.id)!) === status)
          .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
          .map((p) => p.id);
        assert.deepEqual(await listed(status, now), expected, `${status} at ${now}`);
      }
    }
    const everything = await repository.listPage(shop, { limit: 100 });
    assert.equal(everything.items.length, variants.length);
  });

  it("removes a promotion with its uses", async () => {
    const p = promotion();
    await repository.insert(storeId, p);
    await repository.recordUse(storeId, p, null, ids.newId(), NOW);
    await uow.run(() => repository.recordUse(storeId, p, null, ids.newId(), NOW));
    assert.equal((await db.knex("promotion_use_counts").where({ promotion_id: p.id })).length, 1);
    await repository.remove(storeId, p.id);
    assert.equal(await repository.find(storeId, p.id), undefined);
    assert.equal(await storedUses(p.id), 0);
    assert.equal((await db.knex("promotion_use_counts").where({ promotion_id: p.id })).length, 0, "its counts go with it");
  });
};
