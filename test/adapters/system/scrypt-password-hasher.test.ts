// Tests for the scrypt password hasher: salted, self-describing encodings, constant-time
// verification, and old encodings still verifying after the cost changes.
import assert from "node:assert/strict";
import { ScryptPasswordHasher } from "../../../adapters/system/scrypt-password-hasher.js";

const cheap = new ScryptPasswordHasher({ cost: 1024, blockSize: 8, parallelization: 1 });

describe("ScryptPasswordHasher", () => {
  it("verifies the right password and refuses others", async () => {
    const encoded = await cheap.hash("correct horse battery staple");
    assert.equal(await cheap.verify("correct horse battery staple", encoded), true);
    assert.equal(await cheap.verify("correct horse battery stapl", encoded), false);
    assert.equal(await cheap.verify("", encoded), false);
  });

  it("salts: the same password hashes differently each time, and the encoding names its parameters", async () => {
    const a = await cheap.hash("same");
    const b = await cheap.hash("same");
    assert.notEqual(a, b);
    assert.match(a, /^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    assert.ok(!a.includes("same"));
  });

  it("verifies encodings made with other parameters, so a cost change keeps old passwords working", async () => {
    const old = await cheap.hash("pässword ✓");
    const stronger = new ScryptPasswordHasher({ cost: 4096, blockSize: 8, parallelization: 2 });
    assert.equal(await stronger.verify("pässword ✓", old), true);
    assert.match(await stronger.hash("x"), /^scrypt\$4096\$8\$2\$/);
  });

  it("treats Unicode look-alikes in NFKC form as the same password", async () => {
    const encoded = await cheap.hash("ﬁsh"); // the "fi" ligature
    assert.equal(await cheap.verify("fish", encoded), true);
  });

  it("a malformed or tampered encoding verifies nothing", async () => {
    const encoded = await cheap.hash("secret");
    const at = encoded.lastIndexOf("$") + 5;
    const tamperedKey = encoded.slice(0, at) + (encoded[at] === "A" ? "B" : "A") + encoded.slice(at + 1);
    assert.notEqual(tamperedKey, encoded);
    for (const bad of ["", "plain", "bcrypt$10$abc", "scrypt$1000$8$1$c2FsdA==$a2V5", "scrypt$1024$8$1$$", tamperedKey]) {
      assert.equal(await cheap.verify("secret", bad), false, bad);
    }
  });

  it("refuses a cost that is not a power of two", () => {
    assert.throws(() => new ScryptPasswordHasher({ cost: 1000, blockSize: 8, parallelization: 1 }), RangeError);
  });
});
