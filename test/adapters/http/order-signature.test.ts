// Signed order updates (docs/api/keys-and-auth.md, "Signed requests") over real HTTP on SQLite and
// MariaDB: missing headers, the 300 s window, wrong signatures, the check before JSON parsing,
// the required Idempotency-Key, the key type, and HMAC secret rotation with its 24 h grace.
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { assertError } from "../../support/cart-fixtures.js";
import { ManualClock } from "../../support/customer-fixtures.js";
import { describeMysql } from "../../support/mysql-database.js";
import { assertErrorType, placeSimpleOrder, setUpDelivery } from "../../support/order-fixtures.js";
import { signBody, signedOrderPatch, unixSeconds, type SignedRequestOptions } from "../../support/signed-request.js";
import { startTestApplication, type TestApplication, type TestApplicationOptions } from "../../support/test-application.js";

const HOUR_MS = 60 * 60 * 1000;

/** A clock standing on a whole second, so that window edges are exact. */
const wholeSecondClock = (): ManualClock => new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));

const signatureSuite = (title: string, options: () => TestApplicationOptions): void =>
  void describe(title, function () {
    this.timeout(120_000);

    describe("checks", () => {
      let t: TestApplication;
      let clock: ManualClock;
      let secret: string;
      let publishable: string;
      let hmac: string;
      let orderId: string;

      before(async () => {
        clock = wholeSecondClock();
        t = await startTestApplication({ ...options(), clock });
        secret = t.store.keys.secretTest;
        publishable = t.store.keys.publishableTest;
        hmac = t.store.store.hmacSecret;
        await setUpDelivery(t.client, secret);
        orderId = (await placeSimpleOrder(t.client, { secret, publishable })).order.id;
      });
      after(() => t?.close());

      const now = (): number => unixSeconds(clock.now());
      const patch = (body: unknown, extra: Partial<SignedRequestOptions> = {}) =>
        signedOrderPatch(t.client, orderId, body, { key: secret, secret: hmac, timestamp: now(), ...extra });
      const currentNotes = async (): Promise<string | null> => {
        const read = await t.client.get(`/v1/orders/${orderId}`, { key: secret });
        assert.equal(read.status, 200, read.text);
        return read.body.notes;
      };
      /** Sends a note that must be refused, then proves the order did not take it. */
      const refused = async (status: number, code: string, extra: Partial<SignedRequestOptions>, body: unknown = { notes: `refused ${randomUUID()}` }) => {
        const before = await currentNotes();
        const response = await patch(body, extra);
        assertError(response, status, code);
        assert.equal(await currentNotes(), before, "a refused request leaves the order as it was");
        return response;
      };

      it("accepts a correctly signed update and applies it", async () => {
        const response = await patch({ notes: "leave at the gate" });
        assert.equal(response.status, 200, response.text);
        assert.equal(response.body.notes, "leave at the gate");
        assert.equal(await currentNotes(), "leave at the gate");
      });

      it("answers 401 signature_missing without X-Signature, without X-Timestamp, or without both", async () => {
        const noSignature = await refused(401, "signature_missing", { signature: null });
        assert.equal(noSignature.body.error.type, "authentication_error");
        await refused(401, "signature_missing", { omitTimestamp: true });
        await refused(401, "signature_missing", { omitTimestamp: true, signature: null });
        // An empty header is no header.
        await refused(401, "signature_missing", { signature: "" });
      });

      it("answers 401 timestamp_out_of_window 301 s before or after the server clock, and accepts 300 s", async () => {
        const tooOld = await refused(401, "timestamp_out_of_window", { timestamp: now() - 301 });
        assert.equal(tooOld.body.error.type, "authentication_error");
        await refused(401, "timestamp_out_of_window", { timestamp: now() + 301 });
        for (const edge of [now() - 300, now() + 300]) {
          const accepted = await patch({ notes: `edge ${edge}` }, { timestamp: edge });
          assert.equal(accepted.status, 200, `a timestamp ${edge - now()} s from the clock is inside the window: ${accepted.text}`);
        }
      });

      it("answers 401 timestamp_out_of_window for a timestamp that is not Unix seconds", async () => {
        await refused(401, "timestamp_out_of_window", { timestamp: "yesterday" });
        await refused(401, "timestamp_out_of_window", { timestamp: String(clock.now().getTime()) }); // milliseconds
        await refused(401, "timestamp_out_of_window", { timestamp: `${now()}.5` });
      });

      it("answers 401 signature_invalid for a wrong signature, another body's, another timestamp's or another store's secret", async () => {
        const body = { notes: `signed ${randomUUID()}` };
        const invalid = await refused(401, "signature_invalid", { signature: randomBytes(32).toString("base64") }, body);
        assert.equal(invalid.body.error.type, "authentication_error");
        await refused(401, "signature_invalid", { signature: "not base64 at all!" }, body);
        await refused(401, "signature_invalid", { signedText: JSON.stringify({ notes: "another body" }) }, body);
        // The same body with a space more is other bytes.
        await refused(401, "signature_invalid", { signedText: JSON.stringify(body, null, 1) }, body);
        await refused(401, "signature_invalid", { signature: signBody(hmac, now() - 1, JSON.stringify(body)) }, body);
        await refused(401, "signature_invalid", { secret: t.otherStore.store.hmacSecret }, body);
        // The hex digest is the right HMAC in the wrong encoding.
        const hex = Buffer.from(signBody(hmac, now(), JSON.stringify(body)), "base64").toString("hex");
        await refused(401, "signature_invalid", { signature: hex }, body);
      });

      it("checks the signature before parsing the body: invalid JSON with a bad signature is a 401, with a good one a 400", async () => {
        const notJson = '{"notes": "unterminated';
        await refused(401, "signature_invalid", { signature: randomBytes(32).toString("base64") }, notJson);
        await refused(401, "signature_missing", { signature: null }, notJson);
        await refused(400, "invalid_json", {}, notJson);
        // Likewise a body the schema would refuse.
        await refused(401, "signature_invalid", { signature: randomBytes(32).toString("base64") }, { total_amount: 1 });
        await refused(400, "parameter_unknown", {}, { total_amount: 1 });
      });

      it("answers 400 parameter_missing for a correctly signed update without Idempotency-Key", async () => {
        const response = await refused(400, "parameter_missing", { idempotencyKey: null });
        assert.equal(response.body.error.param, "Idempotency-Key");
        assert.equal(response.body.error.type, "invalid_request_error");
      });

      it("answers 403 to a publishable key, however well signed", async () => {
        const response = await refused(403, "secret_key_required", { key: publishable });
        assert.equal(response.body.error.type, "permission_error");
      });

      it("does not spend an Idempotency-Key on a request whose signature is refused", async () => {
        const key = `idem_${randomUUID()}`;
        const body = { notes: `after a refusal ${key}` };
        assertError(await patch(body, { idempotencyKey: key, signature: randomBytes(32).toString("base64") }), 401, "signature_invalid");
        const accepted = await patch(body, { idempotencyKey: key });
        assert.equal(accepted.status, 200, accepted.text);
        assert.equal(accepted.headers.get("idempotent-replayed"), null, "the first accepted request runs, it is not a replay");
        assert.equal(await currentNotes(), body.notes);
      });

      it("signs the order update of another store with that store's secret only", async () => {
        // The other store's key and secret address the other store, where this order does not exist.
        const response = await signedOrderPatch(t.client, orderId, { notes: "x" }, { key: t.otherStore.keys.secretTest, secret: t.otherStore.store.hmacSecret, timestamp: now() });
        assertErrorType(response, 404, "not_found_error", "resource_missing");
        const crossed = await signedOrderPatch(t.client, orderId, { notes: "x" }, { key: t.otherStore.keys.secretTest, secret: hmac, timestamp: now() });
        assertError(crossed, 401, "signature_invalid");
      });
    });

    describe("HMAC secret rotation", () => {
      let t: TestApplication;
      let clock: ManualClock;
      let secret: string;
      let orderId: string;
      /** The store's secret now. */
      let current: string;

      before(async () => {
        clock = wholeSecondClock();
        t = await startTestApplication({ ...options(), clock });
        secret = t.store.keys.secretTest;
        current = t.store.store.hmacSecret;
        await setUpDelivery(t.client, secret);
        orderId = (await placeSimpleOrder(t.client, { secret, publishable: t.store.keys.publishableTest })).order.id;
      });
      after(() => t?.close());

      const patchWith = (hmac: string) =>
        signedOrderPatch(t.client, orderId, { notes: `note ${randomUUID()}` }, { key: secret, secret: hmac, timestamp: unixSeconds(clock.now()) });
      const rotate = async (): Promise<{ hmac_secret: string; previous_secret_expires_at: string }> => {
        const rotated = await t.client.post("/v1/store/hmac-secret/rotate", undefined, { key: secret });
        assert.equal(rotated.status, 200, rotated.text);
        current = rotated.body.hmac_secret;
        return rotated.body;
      };

      it("needs a secret key", async () => {
        assertError(await t.client.post("/v1/store/hmac-secret/rotate", undefined, { key: t.store.keys.publishableTest }), 403, "secret_key_required");
        const still = await patchWith(current);
        assert.equal(still.status, 200, `the secret did not change: ${still.text}`);
      });

      it("verifies the new and the old secret during 24 hours, then only the new one", async () => {
        const old = current;
        const rotatedAt = clock.now();
        const rotated = await rotate();
        assert.notEqual(rotated.hmac_secret, old, "a new secret");
        assert.ok(rotated.hmac_secret.length >= 32, `a long secret: ${rotated.hmac_secret}`);
        assert.equal(Date.parse(rotated.previous_secret_expires_at), rotatedAt.getTime() + 24 * HOUR_MS);

        assert.equal((await patchWith(rotated.hmac_secret)).status, 200, "the new secret verifies at once");
        assert.equal((await patchWith(old)).status, 200, "the old secret still verifies right after the rotation");
        clock.advance(23 * HOUR_MS);
        assert.equal((await patchWith(old)).status, 200, "the old secret verifies 23 hours later");

        clock.advance(2 * HOUR_MS); // 25 h after the rotation
        assertError(await patchWith(old), 401, "signature_invalid");
        const fresh = await patchWith(rotated.hmac_secret);
        assert.equal(fresh.status, 200, `the new secret verifies 25 hours later: ${fresh.text}`);
      });

      it("keeps only the secret just replaced: a second rotation ends the grace of the one before", async () => {
        const zero = current;
        const first = (await rotate()).hmac_secret;
        assert.equal((await patchWith(zero)).status, 200, "the replaced secret verifies after one rotation");
        const second = (await rotate()).hmac_secret;
        assert.notEqual(first, second);
        assert.equal((await patchWith(second)).status, 200, "the newest secret verifies");
        assert.equal((await patchWith(first)).status, 200, "the secret it replaced verifies");
        assertError(await patchWith(zero), 401, "signature_invalid");
      });
    });
  });

signatureSuite("signed order updates on SQLite", () => ({}));
describeMysql("signed order updates on MariaDB", (getDb) => signatureSuite("signed order updates", () => ({ databaseUrl: getDb().url })));
