// The ranking's scan of a stored field (`fieldHits`): searching for the query's needles at word
// starts finds the same words, each counted as often, as splitting the field into its words and
// asking each one (as the ranking did before), whatever the words and needles.
import assert from "node:assert/strict";
import fc from "fast-check";
import { fieldHits } from "../../../adapters/search/search-ranking.js";

/** Stored words: short, from a small alphabet so that needles often begin or sit inside them, some padded as on MySQL. */
const word = fc
  .tuple(fc.string({ unit: fc.constantFrom("a", "b", "c"), minLength: 1, maxLength: 5 }), fc.boolean())
  .map(([w, padded]) => (padded && w.length < 3 ? w.padEnd(3, "_") : w));
const field = fc.array(word, { minLength: 1, maxLength: 30 }).map((words) => words.join(" "));
const needle = fc.string({ unit: fc.constantFrom("a", "b", "c"), minLength: 1, maxLength: 4 });

/**
 * A query as the ranking builds its meetings: words met as prefixes (`prefixes`, each a needle)
 * and corrections met exactly (`exact`, each a needle); a padded word is its plain form.
 */
const meeter = (prefixes: readonly string[], exact: readonly string[]) => {
  const memo = new Map<string, string | null>();
  return (raw: string): string | null => {
    if (memo.has(raw)) return memo.get(raw)!;
    const token = raw.replace(/_+$/, "");
    const met = prefixes.some((p) => token.startsWith(p)) || exact.includes(token) ? token : null;
    memo.set(raw, met);
    return met;
  };
};

const bySplitting = (text: string, meet: (raw: string) => string | null): Map<string, number> => {
  const out = new Map<string, number>();
  for (const raw of text.split(" ")) {
    const met = meet(raw);
    if (met !== null) out.set(met, (out.get(met) ?? 0) + 1);
  }
  return out;
};

describe("fieldHits (the ranking's scan of a stored field)", () => {
  it("finds every word meeting the query, each counted as often as splitting the field finds it", () => {
    fc.assert(
      fc.property(field, fc.uniqueArray(needle, { minLength: 1, maxLength: 3 }), fc.uniqueArray(needle, { maxLength: 3 }), (text, prefixes, exact) => {
        const meet = meeter(prefixes, exact);
        const needles = [...new Set([...prefixes, ...exact])];
        const hits = fieldHits(text, needles, meet);
        const expected = bySplitting(text, meet);
        const found = new Map((hits ?? []).map((h) => [h.meeting, h.frequency]));
        assert.deepEqual(found, expected, `${JSON.stringify(text)} with prefixes ${prefixes} and corrections ${exact}`);
        assert.equal(hits === undefined, expected.size === 0);
      }),
      { numRuns: 2_000 },
    );
  });

  it("counts a word that begins with two needles once, and a word the needle sits inside not at all", () => {
    const meet = meeter(["jack", "jacket"], []);
    assert.deepEqual(fieldHits("jacket jackets hijack", ["jack", "jacket"], meet), [
      { meeting: "jacket", frequency: 1 },
      { meeting: "jackets", frequency: 1 },
    ]);
    assert.deepEqual(fieldHits("in_ the in", ["in"], meeter(["in"], [])), [{ meeting: "in", frequency: 2 }], "a padded word is its plain form");
    assert.equal(fieldHits("skillet pan", ["pot"], meeter(["pot"], [])), undefined);
  });
});
