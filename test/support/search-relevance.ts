// Measures search relevance over the fixed catalog of test/fixtures: loads it into a store
// through the HTTP API, runs the graded queries through text (GET) and semantic (POST) search,
// and computes recall@5 and MRR. Shared by the relevance test and `npm run bench:search`.
import { readFileSync } from "node:fs";
import type { TestClient } from "./http-client.js";

export interface FixtureProduct {
  readonly sku: string;
  readonly name: string;
  readonly brand: string;
  readonly category: string;
  readonly subcategory: string;
  readonly tags: readonly string[];
  readonly colour: string;
  readonly description: string;
}

export interface GradedQuery {
  readonly query: string;
  readonly kind: string;
  /** Relevant products by SKU: 2 what the shopper wants, 1 acceptable. */
  readonly relevant: Readonly<Record<string, number>>;
}

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));

export const searchCatalog = (): readonly FixtureProduct[] => (fixture("search-catalog.json") as { products: FixtureProduct[] }).products;
export const searchQueries = (): readonly GradedQuery[] => (fixture("search-queries.json") as { queries: GradedQuery[] }).queries;

/** Creates the fixture's categories, subcategories and products; answers product id -> SKU. */
export const loadSearchCatalog = async (client: TestClient, key: string): Promise<Map<string, string>> => {
  const must = (response: { status: number; text: string; body: any }, what: string): any => {
    if (response.status !== 201) throw new Error(`${what}: ${response.status} ${response.text}`);
    return response.body;
  };
  const categories = new Map<string, string>();
  const subcategories = new Map<string, string>();
  const skuOf = new Map<string, string>();
  for (const p of searchCatalog()) {
    if (!categories.has(p.category)) {
      categories.set(p.category, must(await client.post("/v1/categories", { name: p.category }, { key }), p.category).id);
    }
    const subKey = `${p.category}/${p.subcategory}`;
    if (!subcategories.has(subKey)) {
      const body = { name: p.subcategory, category_id: categories.get(p.category) };
      subcategories.set(subKey, must(await client.post("/v1/subcategories", body, { key }), subKey).id);
    }
    const created = must(
      await client.post(
        "/v1/products",
        {
          name: p.name,
          brand: p.brand,
          description: p.description,
          tags: p.tags,
          category_id: categories.get(p.category),
          subcategory_id: subcategories.get(subKey),
          variants: [{ sku: p.sku, price: 10_000, stock: 10, variant_attributes: { colour: p.colour } }],
        },
        { key },
      ),
      p.sku,
    );
    skuOf.set(created.product_id, p.sku);
  }
  return skuOf;
};

export interface RelevanceFigures {
  readonly recallAt5: number;
  readonly mrr: number;
  /** Queries whose first relevant product is not in the top 5. */
  readonly misses: readonly string[];
}

export const measureRelevance = async (
  search: (query: string) => Promise<readonly string[]>,
  queries: readonly GradedQuery[] = searchQueries(),
): Promise<RelevanceFigures> => {
  let recall = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const q of queries) {
    const ranked = await search(q.query);
    const relevant = new Set(Object.keys(q.relevant));
    const top5 = ranked.slice(0, 5);
    recall += top5.filter((sku) => relevant.has(sku)).length / Math.min(5, relevant.size);
    const first = ranked.findIndex((sku) => relevant.has(sku));
    reciprocal += first === -1 ? 0 : 1 / (first + 1);
    if (first === -1 || first >= 5) misses.push(q.query);
  }
  return { recallAt5: recall / queries.length, mrr: reciprocal / queries.length, misses };
};

/** Both modes over a loaded catalog: GET /v1/search and POST /v1/search. */
export const measureBothModes = async (
  client: TestClient,
  key: string,
  skuOf: ReadonlyMap<string, string>,
): Promise<{ readonly text: RelevanceFigures; readonly semantic: RelevanceFigures }> => {
  const toSkus = (response: { status: number; text: string; body: any }): string[] => {
    if (response.status !== 200) throw new Error(`search answered ${response.status} ${response.text}`);
    return (response.body.results as Array<{ productId: string }>).map((r) => skuOf.get(r.productId) ?? r.productId);
  };
  const text = await measureRelevance(async (q) => toSkus(await client.get(`/v1/search?q=${encodeURIComponent(q)}&limit=10`, { key })));
  const semantic = await measureRelevance(async (q) => toSkus(await client.post("/v1/search", { query: q, limit: 10 }, { key })));
  return { text, semantic };
};
