// The keys a customer is searched by and what a typed query looks for (docs/staff.md, "Customers
// and the inbox"), and the block's rules.
import assert from "node:assert/strict";
import fc from "fast-check";
import { blocked, isBlocked, unblocked } from "../../../domain/customers/customer-block.js";
import { customerQuery, customerSearchKeys, prefixEnd } from "../../../domain/customers/customer-search.js";

describe("customer search keys", () => {
  it("keep the name single-spaced and lower-cased, its last word, and the phone's digits", () => {
    assert.deepEqual(customerSearchKeys("  Amina   WANJIRU ", "+254 (712) 345-678"), { nameKey: "amina wanjiru", lastNameKey: "wanjiru", phoneKey: "254712345678" });
    assert.deepEqual(customerSearchKeys("Émile", null), { nameKey: "émile", lastNameKey: null, phoneKey: null });
    assert.deepEqual(customerSearchKeys("Grace Njeri Mwangi", "n/a"), { nameKey: "grace njeri mwangi", lastNameKey: "mwangi", phoneKey: null });
  });

  it("a query is its text lower-cased, with its digits when it reads as a phone number; under 2 characters, none", () => {
    assert.deepEqual(customerQuery(" Amina  W "), { text: "amina w", digits: null });
    assert.deepEqual(customerQuery("+254 712"), { text: "+254 712", digits: "254712" });
    assert.deepEqual(customerQuery("0712"), { text: "0712", digits: "0712" });
    assert.deepEqual(customerQuery("12"), { text: "12", digits: null }, "too few digits for a phone number");
    assert.deepEqual(customerQuery("amina2024"), { text: "amina2024", digits: null });
    assert.equal(customerQuery("a"), undefined);
    assert.equal(customerQuery("   "), undefined);
  });

  it("prefixEnd bounds exactly the strings that start with the prefix (code point order)", () => {
    const codePointOrder = (a: string, b: string): number => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6, unit: "grapheme" }), fc.string({ maxLength: 6, unit: "grapheme" }), (prefix, other) => {
        const end = prefixEnd(prefix);
        const inRange = codePointOrder(other, prefix) >= 0 && codePointOrder(other, end) < 0;
        assert.equal(inRange, other.startsWith(prefix), `${JSON.stringify(prefix)} ${JSON.stringify(other)}`);
        assert.ok(codePointOrder(prefix + other, end) < 0);
      }),
    );
  });
});

describe("a customer's block", () => {
  const none = unblocked;
  it("a block keeps the instant it began and takes a new reason when one is given", () => {
    const first = blocked(none, "2030-01-01T00:00:00.000Z", "fraud");
    assert.deepEqual(first, { blockedAt: "2030-01-01T00:00:00.000Z", blockReason: "fraud" });
    assert.ok(isBlocked(first));
    assert.deepEqual(blocked(first, "2030-02-01T00:00:00.000Z", undefined), first);
    assert.deepEqual(blocked(first, "2030-02-01T00:00:00.000Z", "abuse"), { blockedAt: "2030-01-01T00:00:00.000Z", blockReason: "abuse" });
    assert.deepEqual(blocked(none, "2030-01-01T00:00:00.000Z", undefined), { blockedAt: "2030-01-01T00:00:00.000Z", blockReason: null });
    assert.ok(!isBlocked(unblocked));
  });
});
