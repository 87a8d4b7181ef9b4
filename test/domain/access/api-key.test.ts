// Specifies the public shape of API keys (four prefixes, at least 32 base62 characters) and
// which kind of key may call which kind of operation.
import assert from "node:assert/strict";
import { Option } from "effect";
import fc from "fast-check";
import { apiKeyPrefix, keyPermits, parseApiKey, type Access, type KeyType, type Mode } from "../../../domain/access/api-key.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const base62 = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...BASE62.split("")), minLength: min, maxLength: max });

const PREFIXES: ReadonlyArray<readonly [string, KeyType, Mode]> = [
  ["svc_sk_live_", "secret", "live"],
  ["svc_sk_test_", "secret", "test"],
  ["svc_pk_live_", "publishable", "live"],
  ["svc_pk_test_", "publishable", "test"],
];

describe("parseApiKey", () => {
  for (const [prefix, type, mode] of PREFIXES) {
    it(`accepts ${prefix} followed by 32 or more base62 characters as a ${mode} ${type} key`, () => {
      fc.assert(
        fc.property(base62(32, 100), (random) => {
          assert.deepEqual(parseApiKey(prefix + random), Option.some({ type, mode }));
        }),
      );
    });

    it(`rejects ${prefix} followed by fewer than 32 characters`, () => {
      fc.assert(
        fc.property(base62(0, 31), (random) => {
          assert.ok(Option.isNone(parseApiKey(prefix + random)));
        }),
      );
    });
  }

  it("accepts exactly 32 and rejects exactly 31 random characters", () => {
    assert.ok(Option.isSome(parseApiKey(`svc_sk_test_${"a".repeat(32)}`)));
    assert.ok(Option.isNone(parseApiKey(`svc_sk_test_${"a".repeat(31)}`)));
  });

  it("apiKeyPrefix builds the prefix that parses back to the same type and mode", () => {
    for (const [prefix, type, mode] of PREFIXES) {
      assert.equal(apiKeyPrefix(type, mode), prefix);
    }
  });

  it("rejects wrong prefixes", () => {
    const random = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7";
    for (const prefix of [
      "svc_rk_test_",
      "svc_sk_prod_",
      "sk_test_",
      "svc_sk_test",
      "SVC_SK_TEST_",
      "svc_sk_Test_",
      "xsvc_sk_test_",
      "svc__sk_test_",
      "",
    ]) {
      assert.ok(Option.isNone(parseApiKey(prefix + random)), `${prefix} should be rejected`);
    }
  });

  it("rejects keys with characters outside base62", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PREFIXES.map(([prefix]) => prefix)),
        base62(16, 40),
        fc.constantFrom("-", "_", " ", ".", "+", "/", "=", "é", "\n", "\0", "%"),
        base62(16, 40),
        (prefix, left, bad, right) => {
          assert.ok(Option.isNone(parseApiKey(prefix + left + bad + right)));
        },
      ),
    );
  });

  it("rejects surrounding whitespace", () => {
    const key = `svc_pk_live_${"Z".repeat(40)}`;
    assert.ok(Option.isSome(parseApiKey(key)));
    assert.ok(Option.isNone(parseApiKey(` ${key}`)));
    assert.ok(Option.isNone(parseApiKey(`${key} `)));
    assert.ok(Option.isNone(parseApiKey(`${key}\n`)));
  });
});

describe("keyPermits", () => {
  const table: ReadonlyArray<readonly [KeyType, Access, boolean]> = [
    ["secret", "secret", true],
    ["secret", "publishable", true],
    ["publishable", "publishable", true],
    ["publishable", "secret", false],
    ["secret", "public", true],
    ["publishable", "public", true],
  ];
  for (const [type, needed, expected] of table) {
    it(`a ${type} key ${expected ? "may" : "may not"} call a ${needed}-access operation`, () => {
      assert.equal(keyPermits(type, needed), expected);
    });
  }
});
