// Staff passwords with argon2id (adapters/system/argon2-password-hasher.ts): a salted encoding
// that carries its parameters, the right password verifies, a wrong one or a malformed encoding
// does not, and two hashes of one password differ.
import assert from "node:assert/strict";
import { describe, it } from "mocha";
import { Argon2PasswordHasher } from "../../../adapters/system/argon2-password-hasher.js";

describe("Argon2PasswordHasher", () => {
  const hasher = new Argon2PasswordHasher({ memoryCost: 4_096, timeCost: 2, parallelism: 1 });

  it("hashes with argon2id and its parameters in the encoding; verifies the right password only", async () => {
    const encoded = await hasher.hash("Kilifi-Mango-Season-9");
    assert.match(encoded, /^\$argon2id\$v=19\$m=4096,p=1,t=2\$/);
    assert.equal(await hasher.verify("Kilifi-Mango-Season-9", encoded), true);
    assert.equal(await hasher.verify("kilifi-mango-season-9", encoded), false);
    assert.notEqual(await hasher.hash("Kilifi-Mango-Season-9"), encoded, "a fresh salt each time");
  });

  it("refuses a malformed or foreign encoding rather than throwing", async () => {
    assert.equal(await hasher.verify("x", "not an encoding"), false);
    assert.equal(await hasher.verify("x", "scrypt$16384$8$1$AAAA$BBBB"), false);
    assert.equal(await hasher.verify("x", "$argon2id$v=19$m=4096,t=2,p=1$broken"), false);
  });

  it("the default parameters are OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane)", async () => {
    assert.match(await new Argon2PasswordHasher().hash("Kilifi-Mango-Season-9"), /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});
