// Promotions over real HTTP on SQLite and MariaDB: the four types, the status derived from a
// controllable clock and from uses, the active list with its cursor, `fields`, every validation
// naming its parameter, and the secret-key writes.
import assert from "node:assert/strict";
import { Schema } from "effect";
import { Promotion, PromotionList } from "../../../adapters/http/schemas/promotion-schemas.js";
import type { Clock } from "../../../application/ports/clock.js";
import { PromotionRepository } from "../../../application/ports/promotion-repository.js";
import { describeMysql } from "../../support/mysql-database.js";
import { createProduct } from "../../support/order-fixtures.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-11-22T12:00:00.000Z");

class TestClock implements Clock {
  at = START;
  now(): Date {
    return new Date(this.at);
  }
}

const promotionSuite = (title: string, options: () => TestApplicationOptions): void => void describe(title, function () {
  this.timeout(60_000);
  const clock = new TestClock();
  let t: TestApplication;
  let secret: string;
  let publishable: string;
  // Records of the store: a promotion may name only its own store's products and categories.
  let productA: string;
  let productB: string;
  let categoryA: string;

  const iso = (days: number): string => new Date(clock.at + days * DAY_MS).toISOString();
  const get = (path: string, key = secret) => t.client.get(path, { key });
  const post = (path: string, body: unknown, key = secret) => t.client.post(path, body, { key });
  const patch = (path: string, body: unknown, key = secret) => t.client.patch(path, body, { key });
  const discount = (extra: Record<string, unknown> = {}) => ({
    name: "Ten percent off",
    type: "discount",
    discount_type: "percentage",
    discount_value: 10,
    start_date: iso(-1),
    end_date: iso(10),
    ...extra,
  });
  const create = async (body: Record<string, unknown>): Promise<any> => {
    const response = await post("/v1/promotions", body);
    assert.equal(response.status, 201, response.text);
    return response.body;
  };
  const assertError = (response: { status: number; body: any; text: string }, status: number, code: string, param?: string): void => {
    assert.equal(response.status, status, response.text);
    assert.equal(response.body.error.code, code, response.text);
    if (param !== undefined) assert.equal(response.body.error.param, param, response.text);
  };
  /** Every promotion of a list, following its cursors. */
  const listAll = async (query: string, key = secret): Promise<any[]> => {
    const all: any[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/v1/promotions?limit=2&${query}${cursor === null ? "" : `&cursor=${cursor}`}`, key);
      assert.equal(response.status, 200, response.text);
      Schema.decodeUnknownSync(PromotionList)(response.body);
      assert.ok(response.body.promotions.length <= 2);
      all.push(...response.body.promotions);
      cursor = response.body.pagination.next_cursor;
      assert.equal(response.body.pagination.has_more, cursor !== null);
    } while (cursor !== null);
    return all;
  };

  before(async () => {
    t = await startTestApplication({ ...options(), clock });
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
    productA = (await createProduct(t.client, secret, "Promoted A", { price: 10_000, stock: 10 })).productId;
    productB = (await createProduct(t.client, secret, "Promoted B", { price: 10_000, stock: 10 })).productId;
    categoryA = (await t.client.post("/v1/categories", { name: "Promoted category" }, { key: secret })).body.id;
  });
  after(() => t?.close());
  afterEach(() => {
    clock.at = START;
  });

  it("creates promotions of the four types and answers each with its derived status", async () => {
    const fixed = await create({ name: "KES 500 off", type: "fixed", discount_value: 50_000, min_purchase: 200_000, start_date: iso(-1), end_date: iso(5) });
    assert.equal(fixed.discount_type, "fixed");
    assert.equal(fixed.discount_value, 50_000);
    assert.equal(fixed.min_purchase, 200_000);
    assert.equal(fixed.max_discount, null);
    const percent = await create(discount({ max_discount: 20_000, applicable_categories: [categoryA] }));
    assert.deepEqual(percent.applicable_categories, [categoryA]);
    const bundle = await create({
      name: "Pot and mugs",
      type: "bundle",
      discount_type: "percentage",
      discount_value: 15,
      bundle_products: [
        { product_id: productA, quantity: 1 },
        { product_id: productB, quantity: 2 },
      ],
      start_date: iso(-1),
      end_date: iso(5),
    });
    assert.deepEqual(bundle.bundle_products, [
      { product_id: productA, quantity: 1 },
      { product_id: productB, quantity: 2 },
    ]);
    const bogo = await create({
      name: "Mugs BOGO",
      type: "bogo",
      bogo_required_products: [{ product_id: productA, quantity: 1 }],
      bogo_free_products: [{ product_id: productA, quantity: 1 }],
      free_products: [{ product_id: productB, quantity: 1 }],
      start_date: iso(-1),
      end_date: iso(5),
    });
    for (const promotion of [fixed, percent, bundle, bogo]) {
      Schema.decodeUnknownSync(Promotion)(promotion);
      assert.equal(promotion.status, "active");
      assert.equal(promotion.created_at, new Date(START).toISOString());
      const read = await get(`/v1/promotions/${promotion.id}`, publishable);
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body, promotion);
    }
    assert.deepEqual(
      [fixed, percent, bundle, bogo].map((p) => p.type),
      ["fixed", "discount", "bundle", "bogo"],
    );
  });

  it("stores dates given with an offset as UTC, and defaults start_date to now", async () => {
    const promotion = await create(discount({ start_date: "2026-11-23T03:00:00+03:00", end_date: "2026-11-30T00:00:00Z" }));
    assert.equal(promotion.start_date, "2026-11-23T00:00:00.000Z");
    assert.equal(promotion.end_date, "2026-11-30T00:00:00.000Z");
    const { start_date: _s, ...rest } = discount();
    assert.equal((await create(rest)).start_date, new Date(START).toISOString());
  });

  it("derives the status from the clock: scheduled, active on [start, end), expired; inactive is the switch", async () => {
    const promotion = await create(discount({ start_date: iso(1), end_date: iso(2) }));
    const statusAt = async (at: number): Promise<string> => {
      clock.at = at;
      const response = await get(`/v1/promotions/${promotion.id}`);
      assert.equal(response.status, 200, response.text);
      return response.body.status;
    };
    const start = Date.parse(promotion.start_date);
    const end = Date.parse(promotion.end_date);
    assert.equal(promotion.status, "scheduled");
    assert.equal(await statusAt(start - 1), "scheduled");
    assert.equal(await statusAt(start), "active");
    assert.equal(await statusAt(end - 1), "active");
    assert.equal(await statusAt(end), "expired");
    clock.at = start + 1000;
    const off = await patch(`/v1/promotions/${promotion.id}`, { status: "inactive" });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.status, "inactive");
    assert.equal(await statusAt(start + 1000), "inactive");
    const on = await patch(`/v1/promotions/${promotion.id}`, { status: "active" });
    assert.equal(on.body.status, "active");
  });

  it("lists only the promotions active now by default, and follows the clock", async () => {
    const active = await create(discount({ name: "list-active" }));
    const scheduled = await create(discount({ name: "list-scheduled", start_date: iso(3), end_date: iso(6) }));
    const expired = await create(discount({ name: "list-expired", start_date: iso(-5), end_date: iso(-1) }));
    const inactive = await create(discount({ name: "list-inactive", status: "inactive" }));
    const ids = async (query: string, key = secret) => new Set((await listAll(query, key)).map((p) => p.id));

    const now = await listAll("", publishable);
    assert.ok(now.every((p) => p.status === "active"));
    const nowIds = new Set(now.map((p) => p.id));
    assert.ok(nowIds.has(active.id));
    for (const other of [scheduled, expired, inactive]) assert.ok(!nowIds.has(other.id), other.name);

    assert.ok((await ids("status=scheduled")).has(scheduled.id));
    assert.ok(!(await ids("status=scheduled")).has(active.id));
    assert.ok((await ids("status=expired")).has(expired.id));
    assert.ok((await ids("status=inactive")).has(inactive.id));
    const all = await ids("status=all");
    for (const p of [active, scheduled, expired, inactive]) assert.ok(all.has(p.id));

    clock.at = Date.parse(scheduled.start_date);
    assert.ok((await ids("")).has(scheduled.id), "a scheduled promotion is listed once it starts");
    clock.at = Date.parse(active.end_date);
    assert.ok(!(await ids("")).has(active.id), "an ended promotion leaves the list");
    assert.ok((await ids("status=expired")).has(active.id));
  });

  it("pages the list newest first with a cursor that never repeats or skips", async () => {
    for (let i = 0; i < 5; i++) {
      clock.at = START + i * 1000;
      await create(discount({ name: `paged-${i}`, start_date: new Date(START - DAY_MS).toISOString() }));
    }
    clock.at = START + 10_000;
    const all = await listAll("status=all");
    assert.equal(new Set(all.map((p) => p.id)).size, all.length);
    const paged = all.filter((p) => p.name.startsWith("paged-")).map((p) => p.name);
    assert.deepEqual(paged, ["paged-4", "paged-3", "paged-2", "paged-1", "paged-0"]);
    const first = await get("/v1/promotions?limit=1");
    assert.equal(first.body.pagination.limit, 1);
    assert.equal(first.body.pagination.has_more, true);
  });

  it("a promotion whose usage limit is reached is expired and leaves the active list", async () => {
    const promotion = await create(discount({ name: "limited", usage_limit: 2 }));
    const repository = t.application.container.get(PromotionRepository);
    const stored = await repository.find(t.store.store.id, promotion.id);
    for (const order of [crypto.randomUUID(), crypto.randomUUID()]) {
      assert.equal(await repository.recordUse(t.store.store.id, stored!, null, order, iso(0)), true);
    }
    assert.equal(await repository.recordUse(t.store.store.id, stored!, null, crypto.randomUUID(), iso(0)), false);
    assert.equal((await get(`/v1/promotions/${promotion.id}`)).body.status, "expired");
    assert.ok(!(await listAll("")).some((p) => p.id === promotion.id));
    assert.ok((await listAll("status=expired")).some((p) => p.id === promotion.id));
    const raised = await patch(`/v1/promotions/${promotion.id}`, { usage_limit: 3 });
    assert.equal(raised.body.status, "active");
  });

  it("applies `fields` to one promotion and to every listed one; an unknown name is a 400", async () => {
    const promotion = await create({
      name: "Fields bundle",
      type: "bundle",
      discount_type: "fixed",
      discount_value: 10_000,
      bundle_products: [{ product_id: productA, quantity: 2 }],
      end_date: iso(3),
    });
    const one = await get(`/v1/promotions/${promotion.id}?fields=name,status,bundle_products.product_id,image`, publishable);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(one.body, { name: "Fields bundle", status: "active", bundle_products: [{ product_id: productA }], image: null });
    const list = await get("/v1/promotions?fields=id,discount_value");
    assert.ok(list.body.promotions.length > 0);
    for (const p of list.body.promotions) assert.deepEqual(Object.keys(p).sort(), ["discount_value", "id"]);
    assert.ok(list.body.pagination !== undefined);
    assertError(await get(`/v1/promotions/${promotion.id}?fields=name,secret`), 400, "unknown_field", "fields");
    assertError(await get("/v1/promotions?fields=times_used"), 400, "unknown_field", "fields");
  });

  it("refuses a malformed promotion with a 400 naming the parameter", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [discount({ discount_value: 150 }), "parameter_invalid", "discount_value"],
      [{ ...discount(), type: "fixed", discount_type: undefined, discount_value: 10.5 }, "parameter_invalid", "discount_value"],
      [{ ...discount(), type: "fixed" }, "parameter_invalid", "discount_type"],
      [discount({ start_date: iso(2), end_date: iso(1) }), "parameter_invalid", "end_date"],
      [discount({ end_date: iso(-1), start_date: iso(-1) }), "parameter_invalid", "end_date"],
      [{ ...discount(), type: "bundle" }, "parameter_invalid", "bundle_products"],
      [
        { ...discount(), type: "bundle", bundle_products: [{ product_id: productA, quantity: 1 }, { product_id: productA, quantity: 2 }] },
        "parameter_invalid",
        "bundle_products",
      ],
      [{ ...discount(), type: "bogo", bogo_required_products: [{ product_id: productA, quantity: 1 }] }, "parameter_invalid", "bogo_free_products"],
      [{ ...discount(), discount_value: undefined }, "parameter_missing", "discount_value"],
      [discount({ start_date: "2026-11-22" }), "parameter_invalid", "start_date"],
      [discount({ start_date: "2026-11-22T10:00:00" }), "parameter_invalid", "start_date"],
      [discount({ usage_limit: -1 }), "parameter_invalid", "usage_limit"],
      [discount({ usage_limit: 0 }), "parameter_invalid", "usage_limit"],
      [discount({ usage_per_customer: 1.5 }), "parameter_invalid", "usage_per_customer"],
      [discount({ min_purchase: 1.5 }), "parameter_invalid", "min_purchase"],
      [discount({ max_discount: -1 }), "parameter_invalid", "max_discount"],
      [discount({ type: "coupon" }), "parameter_invalid", "type"],
      [discount({ status: "scheduled" }), "parameter_invalid", "status"],
      [discount({ image: "ftp://example.com/a.png" }), "parameter_invalid", "image"],
      [discount({ applicable_products: ["not-a-uuid"] }), "parameter_invalid", "applicable_products[0]"],
      [discount({ bundle_products: [{ product_id: productA, quantity: 0 }] }), "parameter_invalid", "bundle_products[0].quantity"],
      [discount({ name: " " }), "parameter_invalid", "name"],
      [discount({ end_date: undefined }), "parameter_missing", "end_date"],
      [discount({ colour: "red" }), "parameter_unknown", "colour"],
    ];
    for (const [body, code, param] of cases) {
      const response = await post("/v1/promotions", JSON.parse(JSON.stringify(body)));
      assertError(response, 400, code, param);
    }
  });

  it("PATCH changes what it names, re-checks the whole promotion, and clears with null", async () => {
    const promotion = await create(discount({ max_discount: 5_000, usage_per_customer: 2 }));
    const changed = await patch(`/v1/promotions/${promotion.id}`, { name: "Twenty off", discount_value: 20, max_discount: null });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.name, "Twenty off");
    assert.equal(changed.body.discount_value, 20);
    assert.equal(changed.body.max_discount, null);
    assert.equal(changed.body.usage_per_customer, 2);
    assert.ok(changed.body.updated_at >= promotion.updated_at);
    assertError(await patch(`/v1/promotions/${promotion.id}`, { discount_value: 101 }), 400, "parameter_invalid", "discount_value");
    assertError(await patch(`/v1/promotions/${promotion.id}`, { end_date: promotion.start_date }), 400, "parameter_invalid", "end_date");
    assertError(await patch(`/v1/promotions/${promotion.id}`, { type: "bundle" }), 400, "parameter_invalid", "bundle_products");
    const fixed = await patch(`/v1/promotions/${promotion.id}`, { type: "fixed", discount_value: 30_000 });
    assert.equal(fixed.status, 200, fixed.text);
    assert.equal(fixed.body.discount_type, "fixed");
    assert.equal((await get(`/v1/promotions/${promotion.id}`)).body.discount_value, 30_000);
    assertError(await patch(`/v1/promotions/${crypto.randomUUID()}`, { name: "x" }), 404, "resource_missing");
  });

  it("DELETE answers 204 and the promotion is gone; unknown, malformed and other stores' ids are 404", async () => {
    const promotion = await create(discount());
    const deleted = await t.client.delete(`/v1/promotions/${promotion.id}`, { key: secret });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(deleted.text, "");
    assertError(await get(`/v1/promotions/${promotion.id}`), 404, "resource_missing");
    assertError(await t.client.delete(`/v1/promotions/${promotion.id}`, { key: secret }), 404, "resource_missing");
    assertError(await get("/v1/promotions/not-a-uuid"), 404, "resource_missing");
    const mine = await create(discount());
    assertError(await get(`/v1/promotions/${mine.id}`, t.otherStore.keys.secretTest), 404, "resource_missing");
    assertError(await patch(`/v1/promotions/${mine.id}`, { name: "x" }, t.otherStore.keys.secretTest), 404, "resource_missing");
    assert.ok(!(await listAll("status=all", t.otherStore.keys.secretTest)).some((p) => p.id === mine.id));
  });

  it("writes need a secret key; only `active` is listed for a publishable key", async () => {
    const promotion = await create(discount());
    assertError(await post("/v1/promotions", discount(), publishable), 403, "secret_key_required");
    assertError(await patch(`/v1/promotions/${promotion.id}`, { name: "x" }, publishable), 403, "secret_key_required");
    assertError(await t.client.delete(`/v1/promotions/${promotion.id}`, { key: publishable }), 403, "secret_key_required");
    assertError(await get("/v1/promotions?status=scheduled", publishable), 403, "secret_key_required");
    assertError(await get("/v1/promotions?status=all", publishable), 403, "secret_key_required");
    assert.equal((await get("/v1/promotions?status=active", publishable)).status, 200);
  });

  it("checks the list's bounds, cursor and status", async () => {
    assertError(await get("/v1/promotions?limit=0"), 400, "parameter_invalid", "limit");
    assertError(await get("/v1/promotions?limit=201"), 400, "parameter_invalid", "limit");
    assert.equal((await get("/v1/promotions?limit=200")).status, 200);
    assertError(await get("/v1/promotions?cursor=not*a*cursor"), 400, "invalid_cursor", "cursor");
    assertError(await get("/v1/promotions?cursor=bm9wZQ"), 400, "invalid_cursor", "cursor");
    assertError(await get("/v1/promotions?status=pending"), 400, "parameter_invalid", "status");
    assertError(await get("/v1/promotions?sort=name"), 400, "parameter_unknown", "sort");
  });
});

promotionSuite("promotion routes on SQLite", () => ({}));
describeMysql("promotion routes on MariaDB", (getDb) => promotionSuite("promotion routes", () => ({ databaseUrl: getDb().url })));
