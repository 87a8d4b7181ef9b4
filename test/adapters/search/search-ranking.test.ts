// The ranking of search candidates (adapters/search/search-ranking.ts): a candidate is a hit
// exactly when a word of one of its fields meets a query word (as splitting the fields would
// find); scores fall down the list from 1 and do not depend on the order the database gave the
// candidates; an exact SKU comes first; blending with meaning and similar products keep scores
// at most 1 and in order; centred cosines are cosines.
import assert from "node:assert/strict";
import fc from "fast-check";
import { blendByMeaning, centredCosines, rankLexical, rankSimilar, type RankedRow } from "../../../adapters/search/search-ranking.js";
import { isStopWord, queryTerms, SEARCH_FIELDS } from "../../../adapters/search/search-text.js";
import { vocabularyOf, widen, type TermRow } from "../../../adapters/search/search-vocabulary.js";

const word = fc.string({ unit: fc.constantFrom("b", "c", "d", "e", "o"), minLength: 1, maxLength: 6 });
const fieldText = fc.array(word, { maxLength: 6 }).map((ws) => ws.join(" "));
const row = (id: number) =>
  fc.record(Object.fromEntries(SEARCH_FIELDS.map((f) => [f, fieldText]))).map(
    (fields): RankedRow => ({ ...(fields as Record<(typeof SEARCH_FIELDS)[number], string>), product_id: `p${String(id).padStart(3, "0")}`, description_spaces: null }),
  );
const rows = fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i))));
const query = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(" "));

/** The vocabulary of the candidates themselves, as the writer would count it. */
const vocabularyFor = (candidates: readonly RankedRow[]) => {
  const counts = new Map<string, Record<string, number>>();
  for (const r of candidates) {
    SEARCH_FIELDS.forEach((f) => {
      for (const w of new Set(r[f].split(" ").filter((x) => x !== "" && !isStopWord(x)))) {
        const c = counts.get(w) ?? { docs: 0, ...Object.fromEntries(SEARCH_FIELDS.map((g) => [`in_${g}`, 0])) };
        c[`in_${f}`]!++;
        c.docs = Math.max(c.docs!, c[`in_${f}`]!);
        counts.set(w, c);
      }
    });
  }
  const termRows: TermRow[] = [...counts].map(([term, c]) => ({ term, ...c }));
  return vocabularyOf({ textWords: termRows, shared: [], documents: Math.max(1, candidates.length), sample: candidates, sampleVectors: [], model: "m", localEmbedder: false, loadedAt: 0 });
};

/** Whether a stored word meets a query word, by the rule: itself, a word it begins (2 letters or more), or a correction. */
const meetsAny = (stored: string, q: ReturnType<typeof widen>): boolean =>
  stored === q.term || (q.prefix && stored.startsWith(q.term)) || q.fuzzy.has(stored);

const unitVector = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }).map((xs) => Float32Array.from(xs));

describe("search ranking", () => {
  it("a candidate is a hit exactly when a word of its fields meets a query word", () => {
    fc.assert(
      fc.property(rows, query, (candidates, q) => {
        const vocabulary = vocabularyFor(candidates);
        const queryWords = queryTerms(q).map((t) => widen(vocabulary, t));
        const { hits } = rankLexical(vocabulary, q, queryWords, candidates, undefined, { total: candidates.length, estimated: false });
        const expected = candidates
          .filter((r) => SEARCH_FIELDS.some((f) => r[f].split(" ").some((w) => w !== "" && !isStopWord(w) && queryWords.some((qw) => meetsAny(w, qw)))))
          .map((r) => r.product_id)
          .sort();
        assert.deepEqual(hits.map((h) => h.productId).sort(), expected);
      }),
      { numRuns: 300 },
    );
  });

  it("scores fall from 1, whatever order the candidates came in", () => {
    fc.assert(
      fc.property(
        rows.chain((candidates) => fc.tuple(fc.constant(candidates), fc.shuffledSubarray(candidates, { minLength: candidates.length, maxLength: candidates.length }))),
        query,
        ([candidates, shuffled], q) => {
          const vocabulary = vocabularyFor(candidates);
          const queryWords = queryTerms(q).map((t) => widen(vocabulary, t));
          const ranked = rankLexical(vocabulary, q, queryWords, candidates, undefined, { total: candidates.length, estimated: false });
          if (ranked.hits.length > 0) assert.equal(ranked.hits[0]!.score, 1);
          for (let i = 0; i < ranked.hits.length; i++) {
            const h = ranked.hits[i]!;
            assert.ok(h.score > 0 && h.score <= 1, `score ${h.score}`);
            if (i > 0) assert.ok(h.score <= ranked.hits[i - 1]!.score);
            assert.ok(SEARCH_FIELDS.includes(h.matchReason as (typeof SEARCH_FIELDS)[number]));
          }
          assert.ok(ranked.total >= ranked.hits.length);
          const again = rankLexical(vocabularyFor(candidates), q, queryTerms(q).map((t) => widen(vocabulary, t)), shuffled, undefined, { total: candidates.length, estimated: false });
          assert.deepEqual(again.hits, ranked.hits);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("an exact SKU comes first, once, and is counted", () => {
    fc.assert(
      fc.property(rows, query, fc.nat({ max: 15 }), (candidates, q, pick) => {
        const vocabulary = vocabularyFor(candidates);
        const queryWords = queryTerms(q).map((t) => widen(vocabulary, t));
        const sku = `p${String(pick).padStart(3, "0")}`;
        const { hits, total } = rankLexical(vocabulary, q, queryWords, candidates, sku, { total: candidates.length, estimated: false });
        assert.deepEqual(hits[0], { productId: sku, score: 1, matchReason: "sku", exactSku: true });
        assert.equal(hits.filter((h) => h.productId === sku).length, 1);
        assert.ok(total >= hits.length);
        if (!candidates.some((r) => r.product_id === sku)) assert.ok(total >= candidates.length + 1);
      }),
      { numRuns: 200 },
    );
  });

  it("a product named exactly as asked ranks above one that holds the words among others", () => {
    const blank = { sku: "", brand: "", tags: "", category: "", attributes: "", description: "", description_spaces: null };
    const candidates: RankedRow[] = [
      { ...blank, product_id: "a", name: "upendo compact cast iron saucepan saucepan" },
      { ...blank, product_id: "b", name: "compact cast iron saucepan" },
    ];
    const vocabulary = vocabularyFor(candidates);
    const q = "compact cast iron saucepan";
    const { hits } = rankLexical(vocabulary, q, queryTerms(q).map((t) => widen(vocabulary, t)), candidates, undefined, { total: 2, estimated: false });
    assert.deepEqual(hits.map((h) => h.productId), ["b", "a"]);
  });

  it("blending with meaning keeps every text hit, scores at most 1 and in order, an exact SKU first", () => {
    const hit = fc.record({ productId: fc.constantFrom("a", "b", "c", "d"), score: fc.double({ min: 0.01, max: 1, noNaN: true }), matchReason: fc.constant("name"), exactSku: fc.constant(false) });
    fc.assert(
      fc.property(
        fc.uniqueArray(hit, { selector: (h) => h.productId, maxLength: 4 }),
        fc.boolean(),
        fc.dictionary(fc.constantFrom("a", "b", "c", "d", "e", "f"), fc.double({ min: -1, max: 1, noNaN: true })),
        (hits, skuFirst, cosineRecord) => {
          const lexicalHits = skuFirst ? [{ productId: "s", score: 1, matchReason: "sku", exactSku: true }, ...hits] : hits;
          const cosines = new Map(Object.entries(cosineRecord));
          const blended = blendByMeaning({ hits: lexicalHits, total: lexicalHits.length, estimated: false }, cosines, 100);
          for (const h of lexicalHits) assert.ok(blended.hits.some((b) => b.productId === h.productId));
          if (skuFirst) assert.deepEqual(blended.hits[0], { productId: "s", score: 1, matchReason: "sku" });
          for (let i = 1; i < blended.hits.length; i++) assert.ok(blended.hits[i]!.score <= blended.hits[i - 1]!.score);
          for (const b of blended.hits) assert.ok(b.score <= 1);
          assert.ok(blended.total >= blended.hits.length);
          assert.ok(blendByMeaning({ hits: lexicalHits, total: lexicalHits.length, estimated: false }, cosines, 2).hits.length <= 2);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("centred cosines are cosines, of the products asked for only; similar products are the positive ones in order", () => {
    fc.assert(
      fc.property(unitVector, fc.array(unitVector, { maxLength: 8 }), unitVector, fc.nat({ max: 8 }), (query, vectors, mean, limit) => {
        const byId = new Map(vectors.map((v, i) => [`p${i}`, v]));
        const asked = new Set([...byId.keys()].filter((_, i) => i % 2 === 0));
        const cosines = centredCosines(query, byId, mean, asked);
        for (const [id, c] of cosines) {
          assert.ok(asked.has(id));
          assert.ok(c >= -1.0001 && c <= 1.0001, `cosine ${c}`);
        }
        const similar = rankSimilar(cosines, limit);
        assert.ok(similar.length <= limit);
        for (let i = 0; i < similar.length; i++) {
          assert.ok(similar[i]!.score > 0 && similar[i]!.score <= 1);
          if (i > 0) assert.ok(similar[i]!.score <= similar[i - 1]!.score);
        }
      }),
      { numRuns: 300 },
    );
    const same = Float32Array.of(1, 2, 3);
    assert.ok(Math.abs(centredCosines(same, new Map([["x", same]]), new Float32Array(3), new Set(["x"])).get("x")! - 1) < 1e-6);
  });
});
