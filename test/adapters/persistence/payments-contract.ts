// The persistence contract of payments every dialect must keep: a payment reads back as written,
// store- and mode-scoped reads, one reference per store and one payment per Idempotency-Key,
// notification lookups across stores, attempts written then finished, and each provider event
// recorded once even when deliveries race.
import "reflect-metadata";
import assert from "node:assert/strict";
import type { Database } from "../../../adapters/persistence/database.js";
import { isUniqueViolation } from "../../../adapters/persistence/database-errors.js";
import { KnexPaymentRepository } from "../../../adapters/persistence/repositories/knex-payment-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { KnexUnitOfWork } from "../../../adapters/persistence/repositories/knex-unit-of-work.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import type { PaymentAttempt } from "../../../application/ports/payment-repository.js";
import type { Payment } from "../../../domain/payments/payment.js";
import { migrateToLatest, StorefrontMigrationSource } from "../../../adapters/persistence/migrations/migration-source.js";

const ids = new UuidV7IdGenerator();
const NOW = "2030-06-15T12:00:00.000Z";
let sequence = 0;

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: ids.newId(),
  reference: `PAY-${Date.now()}-${String(++sequence).padStart(8, "0")}`,
  mode: "test",
  provider: "card_redirect",
  flow: "redirect",
  status: "pending",
  amountMinor: 9_007_199_254_740,
  chargedMinor: 9_007_199_254_740,
  currency: "KES",
  email: "amina@example.com",
  phone: null,
  country: null,
  orderId: null,
  idempotencyKey: `key-${sequence}`,
  metadata: { cart: "c1", nested: { n: 1 } },
  successUrl: "https://shop.example/paid",
  cancelUrl: "https://shop.example/cancelled",
  callbackUrl: null,
  providerSessionId: null,
  checkoutUrl: null,
  publicKey: null,
  accessCode: null,
  failureReason: null,
  reviewReason: null,
  paidAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

export const paymentsContract = (open: () => Promise<Database>): void => {
  let db: Database;
  let payments: KnexPaymentRepository;
  let uow: KnexUnitOfWork;
  let storeId: string;
  let otherStoreId: string;

  before(async () => {
    db = await open();
    payments = new KnexPaymentRepository(db);
    uow = new KnexUnitOfWork(db);
    const stores = new KnexStoreRepository(db);
    storeId = ids.newId();
    otherStoreId = ids.newId();
    for (const id of [storeId, otherStoreId]) await stores.create({ id, name: "Store", baseCurrency: "KES", hmacSecret: "s", createdAt: NOW });
  });

  it("reads a payment back as written, by reference (store and mode scoped), by key, and locked", async () => {
    const written = payment();
    await payments.insert(storeId, written);
    assert.deepEqual(await payments.findByReference(storeId, "test", written.reference), written);
    assert.equal(await payments.findByReference(storeId, "live", written.reference), undefined, "a live key does not see a test payment");
    assert.equal(await payments.findByReference(otherStoreId, "test", written.reference), undefined, "another store does not see it");
    assert.deepEqual(await payments.findByIdempotencyKey(storeId, written.idempotencyKey!), written);
    assert.equal(await payments.findByIdempotencyKey(otherStoreId, written.idempotencyKey!), undefined);
    assert.deepEqual(await uow.run(() => payments.lock(storeId, written.id)), written);
    assert.equal(await payments.lock(otherStoreId, written.id), undefined);
  });

  it("keeps both figures of a whole-unit charge: the amount due and the amount charged", async () => {
    const written = payment({ provider: "mobile_stk", flow: "stk_push", amountMinor: 88_392, chargedMinor: 88_400, email: null, phone: "254712345678", successUrl: null, cancelUrl: null });
    await payments.insert(storeId, written);
    const read = await payments.findByReference(storeId, "test", written.reference);
    assert.deepEqual([read?.amountMinor, read?.chargedMinor], [88_392, 88_400]);
  });

  it("updates the state a provider gives, and nothing else", async () => {
    const written = payment();
    await payments.insert(storeId, written);
    const paid: Payment = {
      ...written,
      status: "paid",
      providerSessionId: "cs_test_1",
      checkoutUrl: "https://checkout.example/1",
      paidAt: "2030-06-15T12:01:00.000Z",
      reviewReason: "note",
      updatedAt: "2030-06-15T12:01:00.000Z",
    };
    await payments.update(storeId, { ...paid, amountMinor: 1, chargedMinor: 1 });
    assert.deepEqual(await payments.findByReference(storeId, "test", written.reference), paid);
  });

  it("keeps one reference per store and one payment per Idempotency-Key in a store", async () => {
    const first = payment({ idempotencyKey: "shared-key" });
    await payments.insert(storeId, first);
    await assert.rejects(payments.insert(storeId, payment({ reference: first.reference })), (e: unknown) => isUniqueViolation(e));
    await assert.rejects(payments.insert(storeId, payment({ idempotencyKey: "shared-key" })), (e: unknown) => isUniqueViolation(e));
    await payments.insert(otherStoreId, payment({ idempotencyKey: "shared-key" }));
    await payments.insert(storeId, payment({ idempotencyKey: null }));
    await payments.insert(storeId, payment({ idempotencyKey: null }));
  });

  it("finds a notification's payment across stores by reference or by the provider's id, within the provider", async () => {
    const written = payment({ provider: "mobile_stk", flow: "stk_push", providerSessionId: `ws_CO_${sequence}` });
    await payments.insert(otherStoreId, written);
    assert.deepEqual(await payments.findForCallback("mobile_stk", { reference: written.reference }), { storeId: otherStoreId, payment: written });
    assert.deepEqual(await payments.findForCallback("mobile_stk", { providerSessionId: written.providerSessionId! }), { storeId: otherStoreId, payment: written });
    assert.equal(await payments.findForCallback("card_popup", { reference: written.reference }), undefined);
    assert.equal(await payments.findForCallback("mobile_stk", { reference: "PAY-0-NOPE0000" }), undefined);
  });

  it("writes an attempt before the call and finishes it after, listed oldest first", async () => {
    const written = payment();
    await payments.insert(storeId, written);
    const started: PaymentAttempt = {
      id: ids.newId(),
      paymentId: written.id,
      kind: "initiate",
      request: { reference: written.reference },
      response: null,
      errorCode: null,
      errorMessage: null,
      latencyMs: null,
      startedAt: NOW,
      finishedAt: null,
    };
    await payments.insertAttempt(storeId, started);
    assert.deepEqual(await payments.listAttempts(storeId, written.id), [started]);
    const finished = { ...started, errorCode: "provider_unavailable", errorMessage: "timed out", latencyMs: 10_000, finishedAt: "2030-06-15T12:00:10.000Z" };
    await payments.finishAttempt(storeId, finished);
    const status: PaymentAttempt = { ...started, id: ids.newId(), kind: "status", response: { ok: true }, latencyMs: 5, startedAt: "2030-06-15T12:00:11.000Z", finishedAt: "2030-06-15T12:00:11.005Z" };
    await payments.insertAttempt(storeId, status);
    assert.deepEqual(await payments.listAttempts(storeId, written.id), [finished, status]);
    assert.deepEqual(await payments.listAttempts(otherStoreId, written.id), []);
  });

  it("records each provider event once, even when deliveries race", async () => {
    const written = payment();
    await payments.insert(storeId, written);
    const callback = (id: string) => ({
      id,
      provider: "card_redirect" as const,
      eventId: `evt_${written.id}`,
      paymentId: written.id,
      claimedStatus: "paid" as const,
      authenticated: true,
      receivedAt: NOW,
    });
    assert.equal(await payments.hasCallback("card_redirect", `evt_${written.id}`), false);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => uow.run(() => payments.recordCallback(storeId, callback(ids.newId())))));
    assert.equal(outcomes.filter(Boolean).length, 1);
    assert.equal(await payments.hasCallback("card_redirect", `evt_${written.id}`), true);
    assert.equal(await payments.hasCallback("card_popup", `evt_${written.id}`), false, "event ids are unique per provider");
  });

  it("the migration adding charged amounts fills them for payments from before it, by the one rounding rule", async () => {
    const migrationSource = new StorefrontMigrationSource();
    await db.knex.migrate.down({ migrationSource, name: "0021-payment-charged-amounts" });
    const before = [
      ["card_redirect", "redirect", 88_392, "KES", 88_392],
      ["mobile_stk", "stk_push", 88_392, "KES", 88_400],
      ["mobile_stk", "stk_push", 88_400, "KES", 88_400],
      ["mobile_collect", "collection", 1, "KES", 100],
      ["mobile_collect", "collection", 150_001, "UGX", 150_001],
    ] as const;
    const references: string[] = [];
    for (const [provider, flow, amount, currency] of before) {
      const written = payment({ provider, flow, amountMinor: amount, currency });
      await db.knex("payments").insert({
        id: written.id,
        store_id: storeId,
        reference: written.reference,
        mode: written.mode,
        provider,
        flow,
        status: "pending",
        amount,
        currency,
        metadata: "{}",
        created_at: NOW,
        updated_at: NOW,
      });
      references.push(written.reference);
    }
    await migrateToLatest(db.knex);
    const charged = await Promise.all(references.map(async (reference) => (await payments.findByReference(storeId, "test", reference))?.chargedMinor));
    assert.deepEqual(charged, before.map((b) => b[4]));
  });
};
