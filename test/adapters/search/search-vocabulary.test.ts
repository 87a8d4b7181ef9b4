// A query word widened against a store's vocabulary (adapters/search/search-vocabulary.ts):
// every correction is a word of the vocabulary within the allowed edits (or one swap), never the
// word itself nor a word it begins; completions are vocabulary words it begins, at most
// MAX_COMPLETIONS, all of them when there are that few; counts never fall below one document.
import assert from "node:assert/strict";
import fc from "fast-check";
import { maxEditDistance, SEARCH_FIELDS } from "../../../adapters/search/search-text.js";
import { alternativesOf, documentsWith, matches, MAX_COMPLETIONS, postedDocuments, vocabularyOf, widen, type TermRow } from "../../../adapters/search/search-vocabulary.js";

const levenshtein = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
};

/** Words of a small alphabet, so that corrections and completions are common. */
const word = fc.string({ unit: fc.constantFrom("b", "c", "d", "e"), minLength: 2, maxLength: 7 });
const termRow = fc.tuple(word, fc.array(fc.nat({ max: 40 }), { minLength: SEARCH_FIELDS.length, maxLength: SEARCH_FIELDS.length })).map(([term, inFields]): TermRow => {
  const row: Record<string, string | number> = { term, docs: Math.max(...inFields) };
  SEARCH_FIELDS.forEach((f, i) => (row[`in_${f}`] = inFields[i]!));
  return row;
});
const vocabulary = fc.array(termRow, { maxLength: 60 }).map((rows) =>
  vocabularyOf({ textWords: rows, shared: [], documents: 100, sample: [], sampleVectors: [], model: "m", localEmbedder: false, loadedAt: 0 }),
);

describe("search vocabulary (widening query words)", () => {
  it("corrections are other words of the vocabulary, within the edits allowed or one swap", () => {
    fc.assert(
      fc.property(vocabulary, word, (v, term) => {
        const q = widen(v, term);
        assert.equal(q.term, term);
        for (const [found, distance] of q.fuzzy) {
          assert.notEqual(found, term);
          assert.ok((v.terms.get(found)?.[0] ?? 0) > 0, `${found} is not a word of the vocabulary`);
          assert.ok(!found.startsWith(term), `${found} begins ${term}: a completion, not a correction`);
          const swap = found.length === term.length && [...found].filter((c, i) => c !== term[i]).length === 2 && [...found].sort().join() === [...term].sort().join();
          assert.ok(distance <= maxEditDistance(term) || (swap && distance === 1), `${found} at ${distance} from ${term}`);
          assert.ok(levenshtein(found, term) <= distance || swap);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("completions are the vocabulary's words the query word begins, all of them when few", () => {
    fc.assert(
      fc.property(vocabulary, word, (v, term) => {
        const q = widen(v, term);
        const begun = [...v.terms.atPrefix(term)].filter(([, counts]) => counts[0]! > 0).map(([w]) => w);
        if (begun.length === 0) return assert.equal(q.completions, undefined);
        assert.ok(q.completions !== undefined);
        assert.ok(q.completions.length <= MAX_COMPLETIONS);
        for (const c of q.completions) assert.ok(c.startsWith(term));
        if (begun.length <= MAX_COMPLETIONS) assert.deepEqual([...q.completions].sort(), [...begun].sort());
        // Widening again gives the kept answer, the same words.
        assert.deepEqual(widen(v, term), q);
      }),
      { numRuns: 300 },
    );
  });

  it("word counts: at least one document, the vocabulary's own when kept, the floor when not", () => {
    fc.assert(
      fc.property(vocabulary, word, (v, term) => {
        const counts = v.terms.get(term);
        const any = documentsWith(v, term);
        assert.ok(any >= 1);
        assert.equal(any, counts === undefined ? v.floor : Math.max(1, counts[0]!));
        for (const field of SEARCH_FIELDS) assert.ok(documentsWith(v, term, field) >= 1);
        const posted = postedDocuments(v, term);
        if (counts !== undefined) assert.equal(posted, SEARCH_FIELDS.reduce((sum, f, i) => (f === "description" ? sum : sum + counts[i + 1]!), 0));
        const q = widen(v, term);
        assert.equal(matches(v, [q]), [...alternativesOf(q)].reduce((sum, t) => sum + (v.terms.get(t)?.[0] ?? 0), 0));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the commonest words, each once, with the sample's mean vector", () => {
    fc.assert(
      fc.property(fc.array(termRow, { maxLength: 40 }), fc.array(termRow, { maxLength: 40 }), (textWords, shared) => {
        const v = vocabularyOf({
          textWords,
          shared,
          documents: 10,
          sample: [{ name: "a b", sku: "", brand: "x", tags: "", category: "", attributes: "", description: "d e f" }],
          sampleVectors: [Float32Array.of(1, 3), Float32Array.of(3, 1)],
          model: "m",
          localEmbedder: false,
          loadedAt: 0,
        });
        const last = new Map<string, TermRow>();
        for (const r of [...shared, ...textWords]) last.set(String(r.term), r);
        assert.equal(v.terms.size, last.size);
        for (const [term, r] of last) assert.equal(v.terms.get(term)?.[0], Number(r.docs));
        assert.deepEqual([...v.mean!], [2, 2]);
        assert.equal(v.averageLength.name, 2);
        assert.equal(v.averageLength.description, 3);
        assert.equal(v.averageLength.sku, 0);
      }),
      { numRuns: 100 },
    );
  });
});
