// The OpenAI-compatible embedder against a fake /v1/embeddings server on 127.0.0.1: the request
// it sends (model, input, Bearer key), batching, answer order, and refusals (an error status,
// a malformed answer, a slow server); then semantic search through the app with it configured.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EmbeddingServiceFailed, OpenAiCompatibleEmbedder } from "../../../adapters/search/openai-compatible-embedder.js";
import { simpleProductBody } from "../../support/catalog-fixtures.js";
import { startTestApplication } from "../../support/test-application.js";

interface Received {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model: string; input: string[] };
}

/** A fake model server: one axis for seating words, one for tea words, so meanings can be told apart. */
const fakeVector = (text: string): number[] => [/sofa|couch/i.test(text) ? 1 : 0, /kettle|tea/i.test(text) ? 1 : 0, 0.1];

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((done) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => done(text));
  });

describe("OpenAI-compatible embedder", () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  let mode: "ok" | "error" | "garbage" | "slow" | "reversed" = "ok";

  before(async () => {
    server = createServer(async (request, response) => {
      const body = JSON.parse(await readBody(request)) as Received["body"];
      received.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
      if (mode === "slow") await new Promise((done) => setTimeout(done, 500));
      if (mode === "error") {
        response.writeHead(503, { "content-type": "application/json" }).end('{"error":{"message":"overloaded"}}');
        return;
      }
      const data = body.input.map((text, index) => ({ object: "embedding", index, embedding: fakeVector(text) }));
      const answer = mode === "garbage" ? { data: [{ index: "zero", embedding: "no" }] } : { object: "list", model: body.model, data: mode === "reversed" ? data.reverse() : data };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    received.length = 0;
    mode = "ok";
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const embedder = (overrides: Partial<ConstructorParameters<typeof OpenAiCompatibleEmbedder>[0]> = {}) =>
    new OpenAiCompatibleEmbedder({ baseUrl, model: "test-embed", apiKey: "sk-local", timeoutMs: 2_000, batchSize: 2, ...overrides });

  it("posts {model, input} to /v1/embeddings with the Bearer key, in batches, and keeps the inputs' order", async () => {
    mode = "reversed";
    const vectors = await embedder().embed(["sofa", "kettle", "couch"]);
    assert.deepEqual(
      vectors.map((v) => [...v].map((x) => Math.round(x * 10) / 10)),
      [[1, 0, 0.1], [0, 1, 0.1], [1, 0, 0.1]],
    );
    assert.deepEqual(received.map((r) => r.body.input), [["sofa", "kettle"], ["couch"]]);
    assert.ok(received.every((r) => r.path === "/v1/embeddings" && r.body.model === "test-embed" && r.authorization === "Bearer sk-local"));
    assert.equal(embedder().model, "openai:test-embed");
  });

  it("accepts a base URL that already ends in /v1, and sends no key when none is set", async () => {
    await embedder({ baseUrl: `${baseUrl}/v1/`, apiKey: undefined }).embed(["tea"]);
    assert.equal(received[0]?.path, "/v1/embeddings");
    assert.equal(received[0]?.authorization, undefined);
  });

  it("fails with EmbeddingServiceFailed on an error status, a malformed answer or a timeout", async () => {
    mode = "error";
    await assert.rejects(embedder().embed(["sofa"]), (e: unknown) => e instanceof EmbeddingServiceFailed && /503/.test(e.message));
    mode = "garbage";
    await assert.rejects(embedder().embed(["sofa"]), (e: unknown) => e instanceof EmbeddingServiceFailed && /not understood/.test(e.message));
    mode = "slow";
    await assert.rejects(embedder({ timeoutMs: 100 }).embed(["sofa"]), EmbeddingServiceFailed);
  });

  it("serves semantic search when configured, storing its vectors, and falls back to text ranking when the server fails", async () => {
    const t = await startTestApplication({
      env: { STOREFRONT_EMBEDDINGS_URL: baseUrl, STOREFRONT_EMBEDDINGS_MODEL: "test-embed", STOREFRONT_EMBEDDINGS_API_KEY: "sk-local" },
    });
    try {
      const key = t.store.keys.secretTest;
      const sofa = await t.client.post("/v1/products", simpleProductBody("Three-Seater Sofa", "SOF-1"), { key });
      await t.client.post("/v1/products", simpleProductBody("Electric Kettle", "KET-1"), { key });
      const found = await t.client.post("/v1/search", { query: "couch" }, { key });
      assert.equal(found.status, 200, found.text);
      assert.equal(found.body.results[0].productId, sofa.body.product_id);
      assert.equal(found.body.results[0].matchReason, "semantic");
      // A remote model's vectors are made when a search first needs them, then kept for every process.
      const stored = await t.application.database.knex("search_documents").where({ store_id: t.store.store.id });
      assert.equal(stored.length, 2);
      assert.ok(stored.every((row: { vector_model: string; vector: Buffer }) => row.vector_model === "openai:test-embed" && row.vector.length === 4 + 3));

      mode = "error";
      const fallback = await t.client.post("/v1/search", { query: "kettle" }, { key });
      assert.equal(fallback.status, 200, fallback.text);
      assert.equal(fallback.body.results[0].matchReason, "name");
    } finally {
      await t.close();
    }
  });

  it("refuses an embeddings URL without a model at start-up", async () => {
    await assert.rejects(startTestApplication({ env: { STOREFRONT_EMBEDDINGS_URL: baseUrl } }), /STOREFRONT_EMBEDDINGS_MODEL is required/);
  });
});
