// Relevance is measured, not assumed: the graded queries of test/fixtures over the fixed catalog,
// through GET and POST /v1/search. Fails when recall@5 or MRR falls below what was reached when
// the thresholds were set (docs/benchmarks.md, "Search relevance"; `npm run bench:search` prints
// the same figures).
import assert from "node:assert/strict";
import { loadSearchCatalog, measureBothModes, searchQueries } from "../../support/search-relevance.js";
import { startTestApplication } from "../../support/test-application.js";

/** Just under the figures reached (text 0.812 / 0.940, semantic 0.887 / 0.970). */
const FLOORS = {
  text: { recallAt5: 0.8, mrr: 0.93 },
  semantic: { recallAt5: 0.87, mrr: 0.96 },
} as const;

describe("search relevance over the graded queries", () => {
  it("has at least 40 graded queries of every kind the issue names", () => {
    const queries = searchQueries();
    assert.ok(queries.length >= 40);
    for (const kind of ["synonym", "misspelling", "category", "sku", "attribute"]) {
      assert.ok(queries.some((q) => q.kind === kind), `no ${kind} query`);
    }
  });

  for (const [how, env] of [
    ["the engine ranking every match", {}],
    ["candidates from the postings (as in a large catalog)", { STOREFRONT_SEARCH_ENGINE_MATCHES: "0" }],
  ] as const) {
  it(`keeps recall@5 and MRR of text and semantic search at or above their floors, semantic above text: ${how}`, async () => {
    const t = await startTestApplication({ env });
    try {
      const key = t.store.keys.publishableTest;
      const skuOf = await loadSearchCatalog(t.client, t.store.keys.secretTest);
      const figures = await measureBothModes(t.client, key, skuOf);
      for (const mode of ["text", "semantic"] as const) {
        for (const metric of ["recallAt5", "mrr"] as const) {
          assert.ok(
            figures[mode][metric] >= FLOORS[mode][metric],
            `${mode} ${metric} ${figures[mode][metric].toFixed(3)} fell below ${FLOORS[mode][metric]} (misses: ${figures[mode].misses.join(", ")})`,
          );
        }
      }
      assert.ok(figures.semantic.recallAt5 > figures.text.recallAt5, "semantic search adds nothing over text search");
    } finally {
      await t.close();
    }
  });
  }
});
