// The JSON of a catalog answer with its records' texts kept (adapters/http/answer-json.ts) is the
// text JSON.stringify makes, for any members and records, on the first write and on later ones.
import assert from "node:assert/strict";
import fc from "fast-check";
import { answerJson } from "../../../adapters/http/answer-json.js";
import { keepRecord } from "../../../application/catalog/record-memo.js";

const record = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 });

describe("answer JSON with kept record texts", function () {
  it("is what JSON.stringify writes, for a list answer and a single record, written once or again", function () {
    fc.assert(
      fc.property(record, fc.array(record, { maxLength: 5 }), record, fc.constantFrom("items", "products"), fc.boolean(), (before, items, after, listKey, kept) => {
        // Records made of copies are kept, and their texts with them; others are written afresh.
        if (kept) for (const item of items) keepRecord(item);
        // The list among other members, in the order they were set, and members JSON leaves out.
        const body: Record<string, unknown> = { ...before, [listKey]: items, ...after };
        if (!Object.prototype.hasOwnProperty.call(after, listKey)) body.skipped = undefined;
        const expected = JSON.stringify(body);
        assert.equal(answerJson(body, listKey), expected);
        assert.equal(answerJson(body, listKey), expected, "again, from the kept texts");
        const single = items[0] ?? keepRecord(before);
        assert.equal(answerJson(single, undefined), JSON.stringify(single));
        assert.equal(answerJson(single, undefined), JSON.stringify(single));
      }),
    );
  });

  it("writes a list member that is not a list, and values that are not objects, as JSON.stringify does", function () {
    assert.equal(answerJson({ items: "none", n: 1 }, "items"), JSON.stringify({ items: "none", n: 1 }));
    assert.equal(answerJson([1, 2], "items"), "[1,2]");
    assert.equal(answerJson("text", undefined), '"text"');
    assert.equal(answerJson({ items: [null, 1, "a", { b: 2 }] }, "items"), JSON.stringify({ items: [null, 1, "a", { b: 2 }] }));
  });
});
