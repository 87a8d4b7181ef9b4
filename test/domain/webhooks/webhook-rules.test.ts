// The pure webhook rules: the retry schedule with its jitter and Retry-After, the Retry-After
// header, the endpoint URL syntax and the signed content.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { describe, it } from "mocha";
import { checkEndpointUrl } from "../../../domain/webhooks/endpoint-url.js";
import { parseRetryAfterMs } from "../../../domain/webhooks/retry-after.js";
import { MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, RETRY_DELAYS_MS, retryDelayMs } from "../../../domain/webhooks/retry-schedule.js";
import { signatureHeader, signedContent, webhookSecretFrom } from "../../../domain/webhooks/webhook-message.js";

describe("webhook retry schedule", () => {
  it("is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then nothing", () => {
    assert.deepEqual(RETRY_DELAYS_MS, [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    assert.equal(MAX_ATTEMPTS, 8);
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, 0)), RETRY_DELAYS_MS);
    assert.equal(retryDelayMs(8, 0), undefined);
    assert.equal(retryDelayMs(0, 0), undefined);
  });

  it("stays within ±10% of the schedule whatever the jitter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.double({ min: -5, max: 5, noNaN: true }), (attempts, jitter) => {
        const delay = retryDelayMs(attempts, jitter)!;
        const base = RETRY_DELAYS_MS[attempts - 1]!;
        return delay >= Math.floor(base * 0.9) && delay <= Math.ceil(base * 1.1);
      }),
    );
  });

  it("never waits less than Retry-After asks (up to a day), nor less than the schedule", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.double({ min: -1, max: 1, noNaN: true }), fc.integer({ min: 1, max: 10 * 86_400_000 }), (attempts, jitter, after) => {
        const delay = retryDelayMs(attempts, jitter, after)!;
        return delay >= Math.min(after, MAX_RETRY_AFTER_MS) && delay >= retryDelayMs(attempts, jitter)! && delay <= Math.max(MAX_RETRY_AFTER_MS, RETRY_DELAYS_MS[attempts - 1]! * 1.1);
      }),
    );
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2030-01-01T00:00:00Z");
  it("reads delay seconds and HTTP dates, and ignores anything else", () => {
    assert.equal(parseRetryAfterMs("120", now), 120_000);
    assert.equal(parseRetryAfterMs("Tue, 01 Jan 2030 01:00:00 GMT", now), 3_600_000);
    assert.equal(parseRetryAfterMs("Mon, 31 Dec 2029 23:00:00 GMT", now), 0);
    assert.equal(parseRetryAfterMs("soon", now), undefined);
    assert.equal(parseRetryAfterMs("-5", now), undefined);
    assert.equal(parseRetryAfterMs("2030-01-01", now), undefined);
    assert.equal(parseRetryAfterMs(undefined, now), undefined);
  });
});

describe("endpoint URL syntax", () => {
  it("wants https without credentials; http only when private targets are allowed", () => {
    assert.ok(Either.isRight(checkEndpointUrl("https://hooks.example.com/x", false)));
    assert.ok(Either.isLeft(checkEndpointUrl("http://hooks.example.com/x", false)));
    assert.ok(Either.isRight(checkEndpointUrl("http://127.0.0.1:9/x", true)));
    assert.ok(Either.isLeft(checkEndpointUrl("https://a:b@hooks.example.com/", true)));
    assert.ok(Either.isLeft(checkEndpointUrl("hooks.example.com", false)));
    assert.ok(Either.isLeft(checkEndpointUrl(`https://x.com/${"a".repeat(2048)}`, false)));
  });
});

describe("webhook message", () => {
  it("signs `id.timestamp.body` and lists every signature as v1,<sig>", () => {
    assert.equal(signedContent("evt_1", 1700000000, "{}"), "evt_1.1700000000.{}");
    assert.equal(signatureHeader(["a", "b"]), "v1,a v1,b");
    assert.equal(webhookSecretFrom(new Uint8Array([0, 1, 2, 255])), `whsec_${Buffer.from([0, 1, 2, 255]).toString("base64")}`);
  });
});
