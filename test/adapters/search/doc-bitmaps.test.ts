// The search's document sets (adapters/search/doc-bitmaps.ts): a chunk's bytes hold exactly the
// offsets put in (both containers, across the 4,095 boundary), and the documents chosen for a
// query are those a plain count over every document would choose: most query words held, then
// the best tiers, then newest; with exact counts of documents holding any and every word.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ARRAY_MAX,
  chooseDocuments,
  chunkOf,
  CHUNK_SIZE,
  encodeOffsets,
  offsetOf,
  offsetsOf,
  tierCode,
  withChanges,
  type BitmapRow,
} from "../../../adapters/search/doc-bitmaps.js";

const sortedUnique = (xs: readonly number[]): number[] => [...new Set(xs)].sort((a, b) => a - b);

describe("search document sets (doc-bitmaps)", () => {
  it("a chunk's bytes hold the offsets put in, in either container", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: CHUNK_SIZE - 1 }), { maxLength: 6_000 }), (xs) => {
        const offsets = sortedUnique(xs);
        const bytes = encodeOffsets(offsets);
        if (offsets.length === 0) return assert.equal(bytes, undefined);
        assert.deepEqual(offsetsOf(bytes!), offsets);
        assert.equal(bytes!.length, offsets.length > ARRAY_MAX ? 8_192 : offsets.length * 2);
      }),
      { numRuns: 60 },
    );
  });

  it("changes give the set a Set would hold, across the container boundary", () => {
    const offset = fc.integer({ min: 0, max: CHUNK_SIZE - 1 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(offset, { maxLength: 300 }),
        fc.array(offset, { maxLength: 300 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (size, added, removed, seed) => {
          // A starting set near the boundary now and then: `size` offsets spread from `seed`.
          const start = sortedUnique(Array.from({ length: size }, (_, i) => (seed + i * 13) % CHUNK_SIZE));
          const expected = new Set(start);
          for (const r of removed) expected.delete(r);
          for (const a of added) expected.add(a);
          const bytes = withChanges(encodeOffsets(start), added, removed);
          assert.deepEqual(bytes === undefined ? [] : offsetsOf(bytes), sortedUnique([...expected]));
        },
      ),
      { numRuns: 80 },
    );
  });

  // Words are keys 1..6, each held at a tier 1..4; a document's name (tier 4) has its own length
  // in words, 1..5 (`doc % 5 + 1`).
  const nameLength = (d: number): number => (d % 5) + 1;
  const holdingOf = (maxDoc: number, keys = 6, tiers: readonly [number, number] = [1, 4]) =>
    fc.record({ key: fc.integer({ min: 1, max: keys }), tier: fc.integer({ min: tiers[0], max: tiers[1] }), doc: fc.integer({ min: 0, max: maxDoc }) });
  const group = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 });

  /** `chooseDocuments` against a plain count over every document. */
  const checkAgainstCount = (held: ReadonlyArray<{ key: number; tier: number; doc: number }>, groups: number[][], limit: number): void => {
    // A word is held once per document, at one tier (as the writer keeps it).
    const tierOf = new Map<string, number>();
    for (const h of held) if (!tierOf.has(`${h.key}:${h.doc}`)) tierOf.set(`${h.key}:${h.doc}`, h.tier);
    const rowsByKey = new Map<string, number[]>();
    for (const [kd, tier] of tierOf) {
      const [key, docId] = kd.split(":").map(Number) as [number, number];
      const id = `${key}:${tierCode(tier, nameLength(docId))}:${chunkOf(docId)}`;
      const list = rowsByKey.get(id);
      if (list === undefined) rowsByKey.set(id, [offsetOf(docId)]);
      else list.push(offsetOf(docId));
    }
    const rows: BitmapRow[] = [...rowsByKey].map(([id, offsets]) => {
      const [termKey, tier, chunk] = id.split(":").map(Number) as [number, number, number];
      return { termKey, tier, chunk, bits: encodeOffsets(sortedUnique(offsets))! };
    });
    const docs = new Set([...tierOf.keys()].map((kd) => Number(kd.split(":")[1])));
    const placed = [...docs].map((d) => {
      let groupsHeld = 0;
      let tiers = 0;
      let named = false;
      for (const keys of groups) {
        const best = Math.max(0, ...keys.map((k) => tierOf.get(`${k}:${d}`) ?? 0));
        if (best > 0) {
          groupsHeld++;
          tiers += best;
        }
        if (keys.some((k) => tierOf.get(`${k}:${d}`) === 4)) named = true;
      }
      // Shorter names first among equals; a document met in no name comes after them.
      return { d, groupsHeld, tiers, shortness: named ? 100 - nameLength(d) : 0 };
    });
    const holdingAny = placed.filter((p) => p.groupsHeld > 0);
    const expected = holdingAny
      .sort((a, b) => b.groupsHeld - a.groupsHeld || b.tiers - a.tiers || b.shortness - a.shortness || b.d - a.d)
      .slice(0, limit)
      .map((p) => p.d);
    const chosen = chooseDocuments(groups, rows, limit);
    assert.deepEqual(chosen.docIds, expected);
    assert.equal(chosen.holdingAny, holdingAny.length);
    assert.equal(chosen.holdingAll, placed.filter((p) => p.groupsHeld === groups.length).length);
    assert.deepEqual(
      chosen.holdingEach,
      groups.map((keys) => [...docs].filter((d) => keys.some((k) => tierOf.has(`${k}:${d}`))).length),
    );
  };

  it("adding documents newer than every one held (a new product's case) gives the set a Set would hold", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 29_999 }), { maxLength: 4_200 }),
        fc.array(fc.integer({ min: 30_000, max: CHUNK_SIZE - 1 }), { maxLength: 300 }),
        (held, added) => {
          const start = sortedUnique(held);
          const bytes = withChanges(encodeOffsets(start), added, []);
          assert.deepEqual(bytes === undefined ? [] : offsetsOf(bytes), sortedUnique([...start, ...added]));
          if (bytes !== undefined) assert.equal(bytes.length, start.length + new Set(added).size > ARRAY_MAX ? 8_192 : 2 * (start.length + new Set(added).size));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("chooses what a count over every document chooses, with exact counts", () => {
    // Documents spread over a few chunks.
    fc.assert(
      fc.property(fc.array(holdingOf(3 * CHUNK_SIZE - 1), { maxLength: 400 }), fc.array(group, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 50 }), checkAgainstCount),
      { numRuns: 300 },
    );
  });

  it("chooses the same from chunks dense enough to be bitsets, thousands of documents each", () => {
    // Two words at tiers 2-3 over 20,000 documents of one chunk: rows of over 4,095 documents.
    const dense = fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 2 });
    fc.assert(
      fc.property(fc.array(holdingOf(20_000, 2, [2, 3]), { minLength: 22_000, maxLength: 24_000 }), fc.array(dense, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 300 }), checkAgainstCount),
      { numRuns: 6 },
    );
  });

  it("finds the one old document holding every word among many newer ones holding some", () => {
    // Word 1 in 20,000 new documents, word 2 in 20,000 others, both only in document 5.
    const one = sortedUnique([5, ...Array.from({ length: 20_000 }, (_, i) => 100_000 + i)]);
    const two = sortedUnique([5, ...Array.from({ length: 20_000 }, (_, i) => 130_000 + i)]);
    const rows = (key: number, docs: number[]): BitmapRow[] => {
      const byChunk = new Map<number, number[]>();
      for (const d of docs) {
        const list = byChunk.get(chunkOf(d));
        if (list === undefined) byChunk.set(chunkOf(d), [offsetOf(d)]);
        else list.push(offsetOf(d));
      }
      return [...byChunk].map(([chunk, offsets]) => ({ termKey: key, tier: 4, chunk, bits: encodeOffsets(offsets)! }));
    };
    const chosen = chooseDocuments([[1], [2]], [...rows(1, one), ...rows(2, two)], 20);
    assert.equal(chosen.docIds[0], 5);
    assert.equal(chosen.holdingAll, 1);
    assert.equal(chosen.holdingAny, 40_001);
  });
});
