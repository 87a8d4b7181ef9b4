// Gift cards over real HTTP on SQLite and MariaDB: issuing (random code, ledger entry and the
// gift_card.issued event in one go), the check exactly as docs/api/states.md, "Gift cards" says,
// case-insensitive codes, `fields`, the merchant's list, edit and deactivation, and the throttle
// on unknown codes per client address and per key.
import assert from "node:assert/strict";
import { Either, Schema } from "effect";
import { GiftCard, GiftCardCheck, GiftCardDetail, GiftCardList } from "../../../adapters/http/schemas/gift-card-schemas.js";
import type { Clock } from "../../../application/ports/clock.js";
import { GiftCardRepository } from "../../../application/ports/gift-card-repository.js";
import { GIFT_CARD_CODE_ALPHABET } from "../../../domain/gift-cards/gift-card-code.js";
import { redeem } from "../../../domain/gift-cards/gift-card-balance.js";
import { describeMysql } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-11-22T12:00:00.000Z");
const CODE = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{4}(-[${GIFT_CARD_CODE_ALPHABET}]{4}){3}$`);

class TestClock implements Clock {
  at = START;
  now(): Date {
    return new Date(this.at);
  }
}

const assertError = (response: { status: number; body: any; text: string }, status: number, code: string, param?: string): void => {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.error.code, code, response.text);
  if (param !== undefined) assert.equal(response.body.error.param, param, response.text);
};

const giftCardSuite = (title: string, options: () => TestApplicationOptions): void => void describe(title, function () {
  this.timeout(60_000);
  const clock = new TestClock();
  let t: TestApplication;
  let secret: string;
  let publishable: string;

  const date = (days: number): string => new Date(clock.at + days * DAY_MS).toISOString().slice(0, 10);
  const get = (path: string, key = secret) => t.client.get(path, { key });
  const post = (path: string, body: unknown, key = secret) => t.client.post(path, body, { key });
  const patch = (path: string, body: unknown, key = secret) => t.client.patch(path, body, { key });
  const issue = async (body: Record<string, unknown>): Promise<any> => {
    const response = await post("/v1/gift-cards", body);
    assert.equal(response.status, 201, response.text);
    Schema.decodeUnknownSync(GiftCard)(response.body);
    return response.body;
  };
  const check = (code: string, key = secret, fields?: string) =>
    get(`/v1/gift-cards/check?code=${encodeURIComponent(code)}${fields === undefined ? "" : `&fields=${fields}`}`, key);

  before(async () => {
    t = await startTestApplication({ ...options(), clock });
    secret = t.store.keys.secretTest;
    publishable = t.store.keys.publishableTest;
  });
  after(() => t?.close());
  afterEach(() => {
    clock.at = START;
  });

  it("issues a card with a random grouped code, its balance in major units and an issue ledger entry", async () => {
    const card = await issue({ initial_balance: 2500.5, expiry_date: date(30), maximum_usage_percentage: 12.5 });
    assert.match(card.code, CODE);
    assert.equal(card.balance, 2500.5);
    assert.equal(card.initial_balance, 2500.5);
    assert.equal(card.currency, "KES");
    assert.equal(card.status, "active");
    assert.equal(card.expiry_date, date(30));
    assert.equal(card.issued_date, "2026-11-22");
    assert.equal(card.last_used_date, null);
    assert.equal(card.maximum_usage_percentage, 12.5);
    assert.equal(card.redemption_count, 0);
    assert.equal(card.customer_id, null);
    const detail = await get(`/v1/gift-cards/${card.id}`);
    assert.equal(detail.status, 200, detail.text);
    Schema.decodeUnknownSync(GiftCardDetail)(detail.body);
    assert.equal(detail.body.ledger.length, 1);
    assert.deepEqual(
      { kind: detail.body.ledger[0].kind, amount: detail.body.ledger[0].amount, balance_after: detail.body.ledger[0].balance_after, order_id: detail.body.ledger[0].order_id },
      { kind: "issue", amount: 2500.5, balance_after: 2500.5, order_id: null },
    );
    const stored = await t.application.database.knex("gift_cards").where({ id: card.id }).first();
    assert.equal(Number(stored.balance), 250_050, "stored as integer minor units");
    const projected = await get(`/v1/gift-cards/${card.id}?fields=code,ledger.kind`);
    assert.deepEqual(projected.body, { code: card.code, ledger: [{ kind: "issue" }] });
    const other = await issue({ initial_balance: 10 });
    assert.notEqual(other.code, card.code);
    assert.equal(other.expiry_date, null);
  });

  it("writes gift_card.issued to the events table, with the card as issued", async () => {
    const card = await issue({ initial_balance: 100 });
    const events = await t.application.database.knex("events").where({ store_id: t.store.store.id, type: "gift_card.issued" });
    const event = events.find((e: any) => JSON.parse(e.data).gift_card.id === card.id);
    assert.ok(event !== undefined, "a gift_card.issued event for the card");
    assert.match(event.id, /^evt_/);
    assert.deepEqual(JSON.parse(event.data).gift_card, card);
    assert.equal(Boolean(event.livemode), false);
  });

  it("issues one card for a repeated Idempotency-Key, replaying the first answer", async () => {
    const headers = { "Idempotency-Key": `gift-${crypto.randomUUID()}` };
    const first = await t.client.post("/v1/gift-cards", { initial_balance: 75 }, { key: secret, headers });
    assert.equal(first.status, 201, first.text);
    const again = await t.client.post("/v1/gift-cards", { initial_balance: 75 }, { key: secret, headers });
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.deepEqual(again.body, first.body);
    const rows = await t.application.database.knex("gift_cards").where({ store_id: t.store.store.id, initial_balance: 7500 });
    assert.equal(rows.length, 1);
    const other = await t.client.post("/v1/gift-cards", { initial_balance: 80 }, { key: secret, headers });
    assertError(other, 422, "idempotency_key_reused");
  });

  it("issues in another currency and for a customer of the store", async () => {
    const customer = crypto.randomUUID();
    await t.application.database.knex("customers").insert({
      id: customer,
      store_id: t.store.store.id,
      email: `${customer}@example.com`,
      name: "Gift Receiver",
      status: "active",
      email_confirmed: true,
      join_date: "2026-11-01",
      created_at: "2026-11-01T00:00:00.000Z",
      updated_at: "2026-11-01T00:00:00.000Z",
    });
    const ugx = await issue({ initial_balance: 50_000, currency: "UGX", customer_id: customer });
    assert.equal(ugx.currency, "UGX");
    assert.equal(ugx.balance, 50_000);
    assert.equal(ugx.customer_id, customer);
    const stored = await t.application.database.knex("gift_cards").where({ id: ugx.id }).first();
    assert.equal(Number(stored.balance), 50_000, "UGX has no minor digits");
  });

  it("refuses bad issue requests with a 400 naming the parameter, and publishable keys with a 403", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ initial_balance: 10.005 }, "parameter_invalid", "initial_balance"],
      [{ initial_balance: 0 }, "parameter_invalid", "initial_balance"],
      [{ initial_balance: -5 }, "parameter_invalid", "initial_balance"],
      [{ initial_balance: 100.5, currency: "UGX" }, "parameter_invalid", "initial_balance"],
      [{ initial_balance: 10, currency: "XYZ" }, "parameter_invalid", "currency"],
      [{ initial_balance: 10, expiry_date: date(-1) }, "parameter_invalid", "expiry_date"],
      [{ initial_balance: 10, expiry_date: "2026-02-30" }, "parameter_invalid", "expiry_date"],
      [{ initial_balance: 10, expiry_date: "22/11/2026" }, "parameter_invalid", "expiry_date"],
      [{ initial_balance: 10, maximum_usage_percentage: 12.345 }, "parameter_invalid", "maximum_usage_percentage"],
      [{ initial_balance: 10, maximum_usage_percentage: 101 }, "parameter_invalid", "maximum_usage_percentage"],
      [{ initial_balance: 10, customer_id: crypto.randomUUID() }, "parameter_invalid", "customer_id"],
      [{ initial_balance: 10, code: "AAAA-BBBB-CCCC-DDDD" }, "parameter_unknown", "code"],
      [{}, "parameter_missing", "initial_balance"],
    ];
    for (const [body, code, param] of cases) assertError(await post("/v1/gift-cards", body), 400, code, param);
    assert.equal((await issue({ initial_balance: 10, expiry_date: date(0) })).expiry_date, date(0), "today is allowed");
    assertError(await post("/v1/gift-cards", { initial_balance: 10 }, publishable), 403, "secret_key_required");
  });

  it("checks a card with any key: valid, balance, status, expiry and cap, with the card embedded", async () => {
    const card = await issue({ initial_balance: 750, expiry_date: date(10), maximum_usage_percentage: 50 });
    for (const key of [secret, publishable]) {
      const response = await check(card.code, key);
      assert.equal(response.status, 200, response.text);
      Schema.decodeUnknownSync(GiftCardCheck)(response.body);
      assert.deepEqual(response.body, {
        valid: true,
        reason: null,
        balance: 750,
        status: "active",
        expiry_date: date(10),
        maximum_usage_percentage: 50,
        gift_card: card,
      });
    }
  });

  it("compares codes case-insensitively, with or without spaces and hyphens", async () => {
    const card = await issue({ initial_balance: 20 });
    for (const variant of [card.code.toLowerCase(), card.code.replaceAll("-", ""), ` ${card.code.replaceAll("-", " ").toLowerCase()} `]) {
      const response = await check(variant, publishable);
      assert.equal(response.status, 200, `${variant}: ${response.text}`);
      assert.equal(response.body.gift_card.id, card.id);
    }
  });

  it("is valid exactly while active, with a balance above 0, through its expiry day", async () => {
    const card = await issue({ initial_balance: 40, expiry_date: date(2) });
    const validity = async () => {
      const response = await check(card.code);
      assert.equal(response.status, 200, response.text);
      return [response.body.valid, response.body.reason, response.body.status];
    };
    assert.deepEqual(await validity(), [true, null, "active"]);
    clock.at = Date.parse(`${date(2)}T23:59:59.999Z`);
    assert.deepEqual(await validity(), [true, null, "active"], "valid on its expiry day");
    clock.at = Date.parse(`${card.expiry_date}T00:00:00.000Z`) + DAY_MS;
    assert.deepEqual(await validity(), [false, "expired", "active"], "expired the day after");
    clock.at = START;

    const off = await patch(`/v1/gift-cards/${card.id}`, { status: "inactive" });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.status, "inactive");
    assert.deepEqual(await validity(), [false, "inactive", "inactive"]);
    assert.equal((await patch(`/v1/gift-cards/${card.id}`, { status: "active" })).body.status, "active");
    assert.deepEqual(await validity(), [true, null, "active"]);

    // spent in full, as checkout does it: the domain's redeem under the card's lock, a second
    // after the issue (the ledger is in time order; at the same instant its order was the ids',
    // and this test's entry id is random: the two entries came back either way round)
    clock.at = START + 1_000;
    const repository = t.application.container.get(GiftCardRepository);
    await t.application.database.transaction(async () => {
      const locked = await repository.lock(t.store.store.id, card.id);
      const moved = redeem(locked!, locked!.balance, crypto.randomUUID(), clock.now().toISOString(), crypto.randomUUID());
      assert.ok(Either.isRight(moved));
      await repository.applyMove(t.store.store.id, moved.right.card, moved.right.entry);
    });
    const spent = await check(card.code);
    assert.deepEqual([spent.body.valid, spent.body.reason, spent.body.status, spent.body.balance], [false, "fully_redeemed", "full_redeemed", 0]);
    assert.equal(spent.body.gift_card.redemption_count, 1);
    assert.equal(spent.body.gift_card.last_used_date, "2026-11-22");
    const ledger = (await get(`/v1/gift-cards/${card.id}`)).body.ledger;
    assert.deepEqual(ledger.map((e: any) => [e.kind, e.amount, e.balance_after]), [["issue", 40, 40], ["redemption", 40, 0]]);
    // switching a spent card back on cannot make it usable: it stays full_redeemed
    assert.equal((await patch(`/v1/gift-cards/${card.id}`, { status: "active" })).body.status, "full_redeemed");
  });

  it("applies `fields` to the embedded gift_card; unknown names are a 400 unknown_field", async () => {
    const card = await issue({ initial_balance: 5 });
    const response = await check(card.code, publishable, "code,balance,status");
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.gift_card, { code: card.code, balance: 5, status: "active" });
    assert.equal(response.body.valid, true);
    assert.equal(response.body.balance, 5);
    assertError(await check(card.code, publishable, "code,pin"), 400, "unknown_field", "fields");
    assertError(await check(card.code, publishable, "valid"), 400, "unknown_field", "fields");
  });

  it("answers 404 for an unknown code and 400 without one", async () => {
    assertError(await check("ZZZZ-ZZZZ-ZZZZ-ZZZZ"), 404, "resource_missing", "code");
    assertError(await check("not a code at all!"), 404, "resource_missing", "code");
    assertError(await get("/v1/gift-cards/check"), 400, "parameter_missing", "code");
    assertError(await get("/v1/gift-cards/check?code="), 400, "parameter_invalid", "code");
    assertError(await check("A".repeat(65)), 400, "parameter_invalid", "code");
    const mine = await issue({ initial_balance: 5 });
    assertError(await check(mine.code, t.otherStore.keys.publishableTest), 404, "resource_missing", "code");
  });

  it("lists the store's cards newest first with a cursor, secret key only", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.at = START + 60_000 + i * 1000;
      made.push((await issue({ initial_balance: i + 1 })).id);
    }
    clock.at = START + 120_000;
    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/v1/gift-cards?limit=2${cursor === null ? "" : `&cursor=${cursor}`}`);
      assert.equal(response.status, 200, response.text);
      Schema.decodeUnknownSync(GiftCardList)(response.body);
      seen.push(...response.body.gift_cards);
      cursor = response.body.pagination.next_cursor;
    } while (cursor !== null);
    assert.equal(new Set(seen.map((c) => c.id)).size, seen.length);
    assert.deepEqual(seen.slice(0, 3).map((c) => c.id), [...made].reverse());
    const projected = await get("/v1/gift-cards?limit=1&fields=code");
    assert.deepEqual(Object.keys(projected.body.gift_cards[0]), ["code"]);
    assertError(await get("/v1/gift-cards", publishable), 403, "secret_key_required");
    assertError(await get("/v1/gift-cards?limit=0"), 400, "parameter_invalid", "limit");
    assertError(await get("/v1/gift-cards?limit=201"), 400, "parameter_invalid", "limit");
    assertError(await get("/v1/gift-cards?cursor=%%%"), 400, "invalid_cursor", "cursor");
    assert.ok(!(await get("/v1/gift-cards?limit=200", t.otherStore.keys.secretTest)).body.gift_cards.some((c: any) => made.includes(c.id)));
  });

  it("edits the switch, expiry and cap; a past expiry ends the card; bad edits are 400s", async () => {
    const card = await issue({ initial_balance: 30, expiry_date: date(5) });
    const edited = await patch(`/v1/gift-cards/${card.id}`, { expiry_date: null, maximum_usage_percentage: 25.5 });
    assert.equal(edited.status, 200, edited.text);
    Schema.decodeUnknownSync(GiftCardDetail)(edited.body);
    assert.equal(edited.body.expiry_date, null);
    assert.equal(edited.body.maximum_usage_percentage, 25.5);
    assert.equal(edited.body.balance, 30, "an edit never moves the balance");
    const ended = await patch(`/v1/gift-cards/${card.id}`, { expiry_date: date(-1) });
    assert.equal(ended.status, 200, ended.text);
    assert.deepEqual([(await check(card.code)).body.valid, (await check(card.code)).body.reason], [false, "expired"]);
    assertError(await patch(`/v1/gift-cards/${card.id}`, { maximum_usage_percentage: 0.001 }), 400, "parameter_invalid", "maximum_usage_percentage");
    assertError(await patch(`/v1/gift-cards/${card.id}`, { status: "full_redeemed" }), 400, "parameter_invalid", "status");
    assertError(await patch(`/v1/gift-cards/${card.id}`, { balance: 100 }), 400, "parameter_unknown", "balance");
    assertError(await patch(`/v1/gift-cards/${card.id}`, { status: "inactive" }, publishable), 403, "secret_key_required");
    assertError(await patch(`/v1/gift-cards/${crypto.randomUUID()}`, { status: "inactive" }), 404, "resource_missing");
    assertError(await get(`/v1/gift-cards/${card.id}`, t.otherStore.keys.secretTest), 404, "resource_missing");
    assertError(await get("/v1/gift-cards/12345"), 404, "resource_missing");
    assertError(await get(`/v1/gift-cards/${card.id}`, publishable), 403, "secret_key_required");
  });

  it("DELETE deactivates the card (204): it stays, inactive, with its ledger", async () => {
    const card = await issue({ initial_balance: 12 });
    const deleted = await t.client.delete(`/v1/gift-cards/${card.id}`, { key: secret });
    assert.equal(deleted.status, 204, deleted.text);
    const kept = await get(`/v1/gift-cards/${card.id}`);
    assert.equal(kept.status, 200);
    assert.equal(kept.body.status, "inactive");
    assert.equal(kept.body.ledger.length, 1);
    assert.deepEqual([(await check(card.code)).body.valid, (await check(card.code)).body.reason], [false, "inactive"]);
    assertError(await t.client.delete(`/v1/gift-cards/${crypto.randomUUID()}`, { key: secret }), 404, "resource_missing");
    assertError(await t.client.delete(`/v1/gift-cards/${card.id}`, { key: publishable }), 403, "secret_key_required");
  });
});

/** The check's throttle, each case on its own application (the budgets come from the environment). */
const throttleSuite = (title: string, options: () => TestApplicationOptions): void => void describe(title, function () {
  this.timeout(60_000);

  const withApp = async (env: Record<string, string>, run: (t: TestApplication) => Promise<void>): Promise<void> => {
    const base = options();
    const t = await startTestApplication({ ...base, env: { ...base.env, STOREFRONT_TRUST_PROXY: "true", ...env } });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  };
  const checkFrom = (t: TestApplication, code: string, key: string, address: string) =>
    t.client.get(`/v1/gift-cards/check?code=${code}`, { key, headers: { "X-Forwarded-For": address } });

  it("limits unknown codes per client address: 429 rate_limited with Retry-After; other addresses go on", async () => {
    await withApp({ STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_ADDRESS: "3", STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY: "1000" }, async (t) => {
      const keys = [t.store.keys.publishableTest, t.store.keys.secretTest, t.store.keys.publishableLive];
      for (let i = 0; i < 3; i++) assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", keys[i]!, "203.0.113.7"), 404, "resource_missing");
      const limited = await checkFrom(t, "AAAA-BBBB-CCCC-DDDE", keys[0]!, "203.0.113.7");
      assertError(limited, 429, "rate_limited");
      assert.equal(limited.body.error.type, "rate_limit_error");
      assert.ok(Number(limited.headers.get("retry-after")) >= 1);
      assert.equal(limited.headers.get("ratelimit-limit"), "3");
      assert.equal(limited.headers.get("ratelimit-remaining"), "0");
      const card = await t.client.post("/v1/gift-cards", { initial_balance: 5 }, { key: t.store.keys.secretTest });
      assertError(await checkFrom(t, card.body.code, keys[0]!, "203.0.113.7"), 429, "rate_limited");
      const elsewhere = await checkFrom(t, card.body.code, keys[0]!, "198.51.100.9");
      assert.equal(elsewhere.status, 200, elsewhere.text);
    });
  });

  it("limits unknown codes per key, whatever the address; another key goes on", async () => {
    await withApp({ STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_ADDRESS: "1000", STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY: "2" }, async (t) => {
      const key = t.store.keys.publishableTest;
      assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", key, "203.0.113.1"), 404, "resource_missing");
      assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", key, "203.0.113.2"), 404, "resource_missing");
      assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", key, "203.0.113.3"), 429, "rate_limited");
      assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", t.store.keys.secretTest, "203.0.113.3"), 404, "resource_missing");
    });
  });

  it("counts only misses: checks of a real code never use the budget up", async () => {
    await withApp({ STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_ADDRESS: "2", STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY: "2" }, async (t) => {
      const card = await t.client.post("/v1/gift-cards", { initial_balance: 5 }, { key: t.store.keys.secretTest });
      for (let i = 0; i < 6; i++) {
        const response = await checkFrom(t, card.body.code, t.store.keys.publishableTest, "203.0.113.50");
        assert.equal(response.status, 200, `check ${i}: ${response.text}`);
      }
      assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", t.store.keys.publishableTest, "203.0.113.50"), 404, "resource_missing");
      assertError(await checkFrom(t, "AAAA-BBBB-CCCC-DDDD", t.store.keys.publishableTest, "203.0.113.50"), 404, "resource_missing");
      assertError(await checkFrom(t, card.body.code, t.store.keys.publishableTest, "203.0.113.50"), 429, "rate_limited");
    });
  });
});

giftCardSuite("gift card routes on SQLite", () => ({}));
throttleSuite("gift card check throttle on SQLite", () => ({}));
describeMysql("gift card routes on MariaDB", (getDb) => {
  giftCardSuite("gift card routes", () => ({ databaseUrl: getDb().url }));
  throttleSuite("gift card check throttle", () => ({ databaseUrl: getDb().url }));
});
