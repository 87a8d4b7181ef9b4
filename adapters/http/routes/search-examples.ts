// Examples of the search and recommendation operations (search-routes.ts), keyed by operationId;
// ids from adapters/http/examples/example-ids.ts.
import { DEMO } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

export const searchExamples = {
  searchProducts: {
    query: { q: "soapstone", limit: "2" },
    response: {
      status: 200,
      body: {
        query: "soapstone",
        results: [
          { productId: "01a213e7-5e46-7489-a59a-825b6da19315", score: 1, matchReason: "name" },
          { productId: DEMO.simpleProduct, score: 0.9643, matchReason: "name" },
        ],
        totalResults: 5,
        searchTimeMs: 101,
        message: "Showing 2 of 5 products matching \"soapstone\".",
      },
    },
  },
  semanticSearchProducts: {
    body: { query: "something warm for the sofa on a cold evening", limit: 2 },
    response: {
      status: 200,
      body: {
        query: "something warm for the sofa on a cold evening",
        results: [
          { productId: "01a213e7-5648-7503-8728-4318ace98032", score: 0.5321, matchReason: "name" },
          { productId: "01a213e7-5b6d-723d-9f36-7def71c34d3c", score: 0.2704, matchReason: "semantic" },
        ],
        totalResults: 6,
        searchTimeMs: 104,
        message: "Showing 2 of 6 products matching \"something warm for the sofa on a cold evening\".",
      },
    },
  },
  recommendProducts: {
    body: { product_id: DEMO.product, limit: 2 },
    response: {
      status: 200,
      body: {
        recommendations: [
          { productId: "01a213e7-5e8a-718b-85e3-f8e50bfe2d51", score: 0.2893, reason: "similar" },
          { productId: "01a213e7-5e8f-76e3-bab3-53f971f28afd", score: 0.258, reason: "similar" },
        ],
      },
    },
  },
} satisfies Record<string, RouteExample>;
