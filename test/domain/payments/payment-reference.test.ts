// Payment references: `PAY-<digits>-<suffix>`, the suffix drawn without bias from random bytes.
import assert from "node:assert/strict";
import fc from "fast-check";
import { formatPaymentReference, isPaymentReference, referenceSuffix } from "../../../domain/payments/payment-reference.js";

describe("payment references", () => {
  it("have the shape PAY-<digits>-<suffix> for any time and enough random bytes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (ms, bytes) => {
        const suffix = referenceSuffix(bytes);
        fc.pre(suffix !== undefined);
        const reference = formatPaymentReference(ms, suffix!);
        assert.ok(isPaymentReference(reference), reference);
        assert.equal(reference, `PAY-${ms}-${suffix}`);
        assert.match(suffix!, /^[A-Z0-9]{8}$/);
      }),
    );
  });

  it("skip the bytes that would bias the suffix (252 to 255) and say when bytes run out", () => {
    assert.equal(referenceSuffix(new Uint8Array([252, 253, 254, 255, 0, 1, 2, 3, 4, 5, 6, 7])), "ABCDEFGH");
    assert.equal(referenceSuffix(new Uint8Array([255, 255, 1])), undefined);
    assert.throws(() => formatPaymentReference(-1, "ABCDEFGH"), RangeError);
    assert.ok(!isPaymentReference("PAY-12-abc"));
  });
});
