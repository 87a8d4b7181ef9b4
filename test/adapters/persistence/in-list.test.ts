// IN lists padded to a few lengths (adapters/persistence/database.ts `inList`): the same values
// matched, a handful of statement texts whatever the list's length.
import assert from "node:assert/strict";
import fc from "fast-check";
import { inList } from "../../../adapters/persistence/database.js";

describe("inList", () => {
  it("keeps every value and adds only copies of the last, up to one of a few lengths", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 600 }), (values) => {
        const list = inList(values);
        assert.equal(list.sql.split(", ").length, list.values.length);
        assert.ok(list.sql.split(", ").every((p) => p === "?"));
        assert.deepEqual(list.values.slice(0, values.length), values);
        assert.ok(list.values.slice(values.length).every((v) => v === values.at(-1)));
        assert.deepEqual(new Set(list.values), new Set(values));
        if (values.length <= 512) assert.ok([1, 4, 16, 64, 128, 256, 512].includes(list.values.length), String(list.values.length));
        else assert.equal(list.values.length, values.length);
      }),
    );
  });

  it("makes at most seven statement texts for lists of 1 to 512 values", () => {
    const texts = new Set(Array.from({ length: 512 }, (_, n) => inList(Array.from({ length: n + 1 }, (_, k) => k)).sql));
    assert.equal(texts.size, 7);
  });

  it("refuses an empty list (IN () is not SQL)", () => {
    assert.throws(() => inList([]));
  });
});
