// The search use case's answer (application/search/search-products.ts): the message says how many
// products matched, and "about" when the index says its total is an estimate (a large catalog's
// count of documents holding a word only in their description, docs/decisions/search.md, search-15).
import "reflect-metadata";
import assert from "node:assert/strict";
import type { Principal } from "../../../application/access/principal.js";
import type { ProductSearchIndex, SearchFound } from "../../../application/ports/product-search-index.js";
import { SearchProducts } from "../../../application/search/search-products.js";

const principal = { storeId: "01900000-0000-7000-8000-000000000001" } as Principal;
const hit = (n: number) => ({ productId: `01900000-0000-7000-8000-${String(n).padStart(12, "0")}`, score: 1 / n, matchReason: "name" });

const answering = (found: SearchFound): SearchProducts =>
  new SearchProducts({ text: async () => found, semantic: async () => found, similar: async () => [] } satisfies ProductSearchIndex);

describe("SearchProducts (the search envelope's message)", () => {
  it("says how many matched, and 'about' only for an estimated total", async () => {
    const hits = [hit(1), hit(2)];
    const counted = await answering({ hits, total: 31 }).execute(principal, "text", { query: "shoe", limit: 2 });
    assert.equal(counted.message, 'Showing 2 of 31 products matching "shoe".');
    const estimated = await answering({ hits, total: 5_000, estimated: true }).execute(principal, "text", { query: "shoe", limit: 2 });
    assert.equal(estimated.message, 'Showing 2 of about 5000 products matching "shoe".');
    assert.equal(estimated.totalResults, 5_000);
    const all = await answering({ hits, total: 2, estimated: false }).execute(principal, "semantic", { query: "shoe", limit: 20 });
    assert.equal(all.message, 'Found 2 products matching "shoe".');
  });
});
