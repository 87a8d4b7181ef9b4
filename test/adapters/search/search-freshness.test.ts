// Several server processes may share one database: a catalog write made through one
// application instance is searchable from another (its own container and connection) at once,
// with no index to rebuild (the text index is the database's), on a SQLite file and on MariaDB.
// Also: the offline embedder's vectors carry meaning.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { CreateStore, type CreatedStore } from "../../../application/stores/create-store.js";
import { WordVectorEmbedder } from "../../../adapters/search/word-vector-embedder.js";
import { createApplication, type Application } from "../../../composition/container.js";
import { simpleProductBody } from "../../support/catalog-fixtures.js";
import { serve, type TestClient } from "../../support/http-client.js";
import { describeMysql } from "../../support/mysql-database.js";
import { testConfig } from "../../support/test-application.js";

/** The first look must already see the write. */
const FRESH_WITHIN_MS = 0;

const freshnessSuite = (databaseUrl: () => string) => {
  let apps: Application[] = [];
  let clients: TestClient[] = [];
  let store: CreatedStore;

  before(async () => {
    // Default settings: the index checks for changes at most once a second.
    apps = [0, 1].map(() => createApplication(testConfig({ databaseUrl: databaseUrl() }), { logger: pino({ level: "silent" }) }));
    await apps[0]!.migrate();
    store = await apps[0]!.container.get(CreateStore).execute({ name: "Shared Store", baseCurrency: "KES" });
    clients = await Promise.all(apps.map((a) => serve(a.httpApp())));
  });

  after(async () => {
    for (const c of clients) await c.close();
    for (const a of apps) await a.close();
  });

  const waitUntil = async (what: string, check: () => Promise<boolean>): Promise<number> => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > FRESH_WITHIN_MS) assert.fail(`${what} not seen by the other instance within ${FRESH_WITHIN_MS} ms`);
      await new Promise((done) => setTimeout(done, 100));
    }
    return Date.now() - started;
  };

  const found = async (client: TestClient, q: string, semantic = false): Promise<string[]> => {
    const key = store.keys.secretTest;
    const response = semantic
      ? await client.post("/v1/search", { query: q }, { key })
      : await client.get(`/v1/search?q=${encodeURIComponent(q)}`, { key });
    assert.equal(response.status, 200, response.text);
    return response.body.results.map((r: { productId: string }) => r.productId);
  };

  it("a product created, renamed, deactivated and deleted through one instance is seen so by the other at once", async () => {
    const [writer, reader] = clients as [TestClient, TestClient];
    const key = store.keys.secretTest;
    // The reader builds its index first, so what follows is an incremental change.
    assert.deepEqual(await found(reader, "hammock"), []);
    assert.deepEqual(await found(reader, "hammock", true), []);

    const created = await writer.post("/v1/products", simpleProductBody("Canvas Hammock", "HAM-001"), { key });
    assert.equal(created.status, 201, created.text);
    const id = created.body.product_id as string;
    await waitUntil("a new product", async () => (await found(reader, "hammock")).includes(id));
    await waitUntil("a new product's vector", async () => (await found(reader, "hammock", true))[0] === id);

    assert.equal((await writer.patch(`/v1/products/${id}`, { name: "Garden Swing Chair" }, { key })).status, 200);
    await waitUntil("a rename", async () => (await found(reader, "swing")).includes(id) && !(await found(reader, "hammock")).includes(id));

    assert.equal((await writer.patch(`/v1/products/${id}`, { is_active: false }, { key })).status, 200);
    await waitUntil("a deactivation", async () => !(await found(reader, "swing")).includes(id));

    const doomed = await writer.post("/v1/products", simpleProductBody("Copper Lantern", "LAN-001"), { key });
    const doomedId = doomed.body.product_id as string;
    await waitUntil("another product", async () => (await found(reader, "lantern")).includes(doomedId));
    assert.equal((await writer.delete(`/v1/products/${doomedId}`, { key })).status, 204);
    await waitUntil("a deletion", async () => !(await found(reader, "lantern")).includes(doomedId));
  });
};

describe("search index freshness across application instances", () => {
  describe("on one SQLite file", () => {
    let dir: string;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "storefront-search-"));
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    freshnessSuite(() => `sqlite:${join(dir, "shared.sqlite")}`);
  });

  describeMysql("search freshness on MariaDB", (getDb) => freshnessSuite(() => getDb().url));
});

describe("offline word-vector embedder", () => {
  const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

  it("places synonyms nearer than unrelated words, and answers unit vectors of 100 dimensions", async () => {
    const [couch, sofa, kettle, empty] = await new WordVectorEmbedder().embed(["couch", "sofa", "kettle", "zzqxj 123"]);
    assert.equal(couch!.length, 100);
    assert.ok(Math.abs(cosine(couch!, couch!) - 1) < 1e-5);
    assert.ok(cosine(couch!, sofa!) > cosine(couch!, kettle!) + 0.2, "couch is not nearer to sofa than to kettle");
    assert.ok(empty!.every((x) => x === 0), "unknown words give the zero vector");
  });
});
